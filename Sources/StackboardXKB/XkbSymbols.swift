import StackboardCore
/// What one shift level of an XKB key produces.
public enum XkbSymbol: Hashable, Sendable {
    /// A character (or a short string) the level types.
    case character(String)
    /// A dead key, by its keysym name (`dead_acute`): it composes with the next key.
    case dead(String)
}

/// The four shift levels of one key of a compiled XKB layout, by the key's XKB name.
public struct XkbKeySymbols: Hashable, Sendable {
    /// The key's name in the keymap (`AD01`, `TLDE`, `LSGT`).
    public var keyName: String
    /// Level 1 (no modifier), level 2 (Shift), level 3 (AltGr) and level 4 (Shift+AltGr); nil
    /// where the level has no symbol, or one that types nothing.
    public var levels: [XkbSymbol?]

    /// A key with up to four levels (missing ones are nil).
    public init(keyName: String, levels: [XkbSymbol?]) {
        self.keyName = keyName
        self.levels = Array((levels + [nil, nil, nil, nil]).prefix(4))
    }

    /// The symbol of `level` (0-3), nil when it has none.
    public func symbol(_ level: Int) -> XkbSymbol? { levels.indices.contains(level) ? levels[level] : nil }
}

/// What the keyboard builder needs from a compiled XKB layout: the symbols of its alphanumeric
/// keys, and what each of its dead keys composes with the layout's characters.
public struct XkbLayoutSymbols: Hashable, Sendable {
    /// The keys found, by name (keys the keymap lacks are left out).
    public var keys: [XkbKeySymbols]
    /// For each dead keysym name, the result of composing it with a base character
    /// (`dead_acute` → `e` → `é`), as the Compose table gives it.
    public var compositions: [String: [String: String]]

    /// Symbols with every property given.
    public init(keys: [XkbKeySymbols], compositions: [String: [String: String]] = [:]) {
        self.keys = keys
        self.compositions = compositions
    }

    /// These symbols without the levels that type a code point Unicode leaves unassigned, keeps
    /// for private use or calls a noncharacter: such a level means something only with a
    /// Compose file or a font of its own (xkb:fr(bepo_afnor)'s U+FDD7, xkb:kh's U+17FF, the
    /// Apple logo U+F8FF of xkb:us(mac)), so it would type a character no application shows and
    /// could show no label a person reads. Dead keys of the layout's own Compose table are
    /// marked before (`XkbLayoutProvider.symbols`), so they stay.
    public func withoutUnreadableCharacters() -> XkbLayoutSymbols {
        var kept = self
        for (k, key) in keys.enumerated() {
            for (l, level) in key.levels.enumerated() {
                guard case .character(let text)? = level, text.unicodeScalars.contains(where: Self.isUnreadable) else { continue }
                kept.keys[k].levels[l] = nil
            }
        }
        return kept
    }

    /// Whether `scalar` is unassigned, private use, a surrogate or a noncharacter.
    static func isUnreadable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .unassigned, .privateUse, .surrogate: return true
        default: return scalar.properties.isNoncharacterCodePoint
        }
    }

    /// The key named `name`, if the layout has it.
    public func key(_ name: String) -> XkbKeySymbols? { keys.first { $0.keyName == name } }

    /// The dead keysym names used anywhere on the layout, in key order.
    public var deadKeys: [String] {
        var seen: [String] = []
        for key in keys {
            for case .dead(let name)? in key.levels where !seen.contains(name) { seen.append(name) }
        }
        return seen
    }

    /// The characters of levels 1 and 2 that dead keys may compose with: the letters, in key order.
    public var composableBases: [String] {
        var seen: [String] = []
        for key in keys {
            for case .character(let c)? in key.levels.prefix(2) where !seen.contains(c) && c.count == 1 && c.allSatisfy(\.isLetter) {
                seen.append(c)
            }
        }
        return seen
    }
}

/// The alphanumeric section of a PC keyboard by XKB key name, row by row, as the keyboard
/// builder lays it out.
public enum XkbKeyRows {
    /// The digit row: TLDE, AE01-AE12.
    public static let digits = ["TLDE"] + (1...12).map { "AE" + twoDigits($0) }
    /// The top letter row: AD01-AD12.
    public static let top = (1...12).map { "AD" + twoDigits($0) }
    /// The home row: AC01-AC11.
    public static let home = (1...11).map { "AC" + twoDigits($0) }
    /// The bottom letter row: AB01-AB10.
    public static let bottom = (1...10).map { "AB" + twoDigits($0) }
    /// The backslash key (beside return on ISO keyboards, above it on ANSI ones).
    public static let backslash = "BKSL"
    /// The extra key left of AB01 on ISO keyboards (`<` `>` on German ones).
    public static let lessGreater = "LSGT"

    /// Every key name the builder reads, in row order.
    public static var all: [String] { digits + top + home + [backslash, lessGreater] + bottom }

    private static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
