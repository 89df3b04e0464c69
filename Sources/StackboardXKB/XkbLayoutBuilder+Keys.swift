import StackboardCore
extension XkbLayoutBuilder {
    /// A spacer where the layout has no symbol (painted empty, never hit).
    static let spacer = Key(label: "", action: .text(""), style: .blank)

    /// What a level types: its character, or a dead key's accent (see `DeadKeys`).
    func text(_ symbol: XkbSymbol) -> String? {
        switch symbol {
        case .character(let c): return c.isEmpty ? nil : c
        case .dead(let name):
            return DeadKeys.character(of: name, composedWithSpace: symbols.compositions[name]?[" "],
                                      firstComposed: compositions(of: .dead(name)).first?.label)
        }
    }

    /// The key `name` showing `levels` (unshifted, shifted), with its long-press alternates: the
    /// letters its dead levels compose, then (on the letters layer) its AltGr levels.
    func key(named name: String, levels: (Int, Int)) -> Key {
        guard let xkbKey = symbols.key(name) else { return Self.spacer }
        let low = xkbKey.symbol(levels.0), high = xkbKey.symbol(levels.1)
        let lowText = low.flatMap(text), highText = high.flatMap(text)
        guard let label = lowText ?? highText else { return Self.spacer }
        let shifted = lowText == nil ? nil : highText
        var alternates = compositions(of: low) + compositions(of: high)
        if levels.0 == 0 { alternates += altgrAlternate(xkbKey) }
        return Key(label: label, shiftedLabel: shifted, action: .text(label),
                   alternates: Self.unique(alternates, excluding: [label, shifted ?? label]))
    }

    /// The letters the dead key `symbol` composes with the layout's letters, each shifting to
    /// what it composes with that key's level 2 (´ with e and E: é, É).
    func compositions(of symbol: XkbSymbol?) -> [Key] {
        guard case .dead(let name)? = symbol, let table = symbols.compositions[name] else { return [] }
        return basePairs.compactMap { pair in
            guard let composed = table[pair.lower], composed != pair.lower, composed != " " else { return nil }
            let shifted = pair.upper.flatMap { table[$0] }
            return Key(label: composed, shiftedLabel: shifted, action: .text(composed))
        }
    }

    /// Level 1 letters of the layout, with their level 2 letter, in key order.
    var basePairs: [(lower: String, upper: String?)] {
        var pairs: [(lower: String, upper: String?)] = []
        var seen = Set<String>()
        for key in symbols.keys {
            guard case .character(let lower)? = key.symbol(0), Self.isLetter(lower), !seen.contains(lower) else { continue }
            seen.insert(lower)
            var upper: String?
            if case .character(let u)? = key.symbol(1), Self.isLetter(u) { upper = u }
            pairs.append((lower, upper))
        }
        return pairs
    }

    /// The key's levels 3 and 4 as one alternate (level 3, shifting to level 4), if it has them.
    func altgrAlternate(_ key: XkbKeySymbols) -> [Key] {
        let third = key.symbol(2).flatMap(text), fourth = key.symbol(3).flatMap(text)
        guard let label = third ?? fourth else { return [] }
        return [Key(label: label, shiftedLabel: third == nil ? nil : fourth, action: .text(label))]
    }

    /// `keys` without repeats (same label and shifted label) and without those that only type
    /// what the key itself types.
    static func unique(_ keys: [Key], excluding own: [String]) -> [Key] {
        var seen = Set<[String]>()
        return keys.filter { key in
            let signature = [key.label, key.shiftedLabel ?? key.label]
            if own.contains(key.label) && own.contains(key.shiftedLabel ?? key.label) { return false }
            return seen.insert(signature).inserted
        }
    }

    static func isLetter(_ s: String) -> Bool { s.count == 1 && s.allSatisfy(\.isLetter) }
}
