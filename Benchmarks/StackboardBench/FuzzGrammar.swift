import StackboardCore

/// Random JSON that looks like a layout or a config: the right keys and plausible values often
/// enough to get past the syntax into the loaders' checks, and odd values everywhere else.
enum FuzzGrammar {
    static let layoutKeys = ["name", "description", "defaults", "spacing", "insets", "theme", "layers", "rows",
                             "label", "shifted", "action", "weight", "style", "alternates", "repeat", "text", "keysym",
                             "layer", "factor", "stack", "items", "distribution", "entry", "secure", "maxLength",
                             "allow", "shuffled"]
    /// Every name of the settings table's keys, top level and nested (`sound`, `volume`).
    static let configKeys = Setting.configKeys.flatMap { $0.split(separator: ".").map(String.init) }
        .reduce(into: [String]()) { names, name in if !names.contains(name) { names.append(name) } }
    static let words = ["qwerty", "letters", "numbers", "text", "backspace", "return", "layer", "shift", "ctrl", "keysym",
                        "multiply", "decimal", "morse-dot", "shuffled-digit", "vertical", "horizontal", "weighted",
                        "equal", "function", "accent", "blank", "dark", "light", "high-contrast", "bottom", "top",
                        "1280x300+0+500", "XF86AudioMute", "F1", "千", "\u{1F600}", "", "\u{0}", "a\u{0301}",
                        String(repeating: "x", count: 3000)]

    /// A whole random document for `target`: an object with that target's keys.
    static func randomDocument<R: RandomNumberGenerator>(for target: FuzzTarget, using rng: inout R) -> String {
        FuzzTree.serialize(randomObject(for: target, depth: Int.random(in: 1...6, using: &rng), using: &rng))
    }

    /// A random value, `depth` levels deep at most.
    static func randomValue<R: RandomNumberGenerator>(for target: FuzzTarget, depth: Int, using rng: inout R) -> JSONValue {
        let pick = Int.random(in: 0..<(depth > 0 ? 8 : 5), using: &rng)
        switch pick {
        case 0: return JSONValue(.null, offset: 0)
        case 1: return JSONValue(.bool(Bool.random(using: &rng)), offset: 0)
        case 2:
            let n: Double = [0, 1, -1, 2, 6, 0.5, 1000, 1e9].randomElement(using: &rng) ?? 0
            return JSONValue(.number(n, literal: n == n.rounded() ? String(Int(n)) : String(n)), offset: 0)
        case 3: return extremeValue(using: &rng)
        case 4: return JSONValue(.string(words.randomElement(using: &rng) ?? ""), offset: 0)
        case 5, 6: return randomObject(for: target, depth: depth - 1, using: &rng)
        default:
            let n = Int.random(in: 0...5, using: &rng)
            return JSONValue(.array((0..<n).map { _ in randomValue(for: target, depth: depth - 1, using: &rng) }), offset: 0)
        }
    }

    /// An object with a few of the target's keys.
    static func randomObject<R: RandomNumberGenerator>(for target: FuzzTarget, depth: Int, using rng: inout R) -> JSONValue {
        let keys = target == .layout ? layoutKeys : configKeys
        let n = Int.random(in: 0...6, using: &rng)
        let members = (0..<n).map { _ in
            JSONMember(key: keys.randomElement(using: &rng) ?? "x", keyOffset: 0,
                       value: randomValue(for: target, depth: max(0, depth), using: &rng))
        }
        return JSONValue(.object(members), offset: 0)
    }

    /// A plausible value of the same kind: another small number, another known word, the other bool.
    static func sameKind<R: RandomNumberGenerator>(as value: JSONValue, using rng: inout R) -> JSONValue {
        switch value.kind {
        case .number:
            let n: Double = [0, 1, 2, 3, 0.5, 6, 10, 100].randomElement(using: &rng) ?? 1
            return JSONValue(.number(n, literal: n == n.rounded() ? String(Int(n)) : String(n)), offset: 0)
        case .string: return JSONValue(.string(words.randomElement(using: &rng) ?? ""), offset: 0)
        case .bool(let b): return JSONValue(.bool(!b), offset: 0)
        default: return value
        }
    }

    /// A number or string at the edge of what anyone expects.
    static func extremeValue<R: RandomNumberGenerator>(using rng: inout R) -> JSONValue {
        let literals = ["1e308", "-1e308", "1e-320", "4294967296", "9223372036854775807", "-9223372036854775808",
                        "18446744073709551616", "-0", "0.1", "2147483648", "1e400", "123456789012345678901234567890"]
        if Bool.random(using: &rng) {
            let literal = literals.randomElement(using: &rng) ?? "0"
            return JSONValue(.number(Double(literal) ?? 0, literal: literal), offset: 0)
        }
        let strings = ["", "\u{0}", "\u{FFFD}", "\u{202E}abc", String(repeating: "\u{1F600}", count: 500),
                       String(repeating: "a\u{0301}", count: 1000), "../../etc/passwd", "/dev/zero", "%s%n", "\n\r\t"]
        return JSONValue(.string(strings.randomElement(using: &rng) ?? ""), offset: 0)
    }
}
