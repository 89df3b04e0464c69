import StackboardCore

/// Mutations of an input's bytes: blind ones (bit flips, bytes, tokens, cuts, copies, splices)
/// and ones that know JSON (replace a value in the parsed tree, wrap it in deep nesting).
enum FuzzMutator {
    /// Applies one randomly chosen mutation to `bytes` (`other` is a second seed for splices);
    /// returns its name.
    static func mutate<R: RandomNumberGenerator>(_ bytes: inout [UInt8], target: FuzzTarget, other: [UInt8],
                                                 using rng: inout R) -> String {
        if bytes.isEmpty { bytes = Array("{}".utf8) }
        let at = Int.random(in: 0..<bytes.count, using: &rng)
        switch Int.random(in: 0..<12, using: &rng) {
        case 0:
            bytes[at] ^= UInt8(1) << UInt8.random(in: 0...7, using: &rng)
            return "flip a bit at \(at)"
        case 1:
            bytes[at] = interestingBytes.randomElement(using: &rng) ?? 0
            return "set byte \(at)"
        case 2:
            let token = tokens.randomElement(using: &rng) ?? ""
            bytes.insert(contentsOf: Array(token.utf8), at: at)
            return "insert \(token.debugDescription) at \(at)"
        case 3:
            let end = min(bytes.count, at + Int.random(in: 1...64, using: &rng))
            bytes.removeSubrange(at..<end)
            return "delete \(at)..<\(end)"
        case 4:
            let end = min(bytes.count, at + Int.random(in: 1...128, using: &rng))
            let chunk = Array(bytes[at..<end])
            let to = Int.random(in: 0...bytes.count, using: &rng)
            for _ in 0..<Int.random(in: 1...3, using: &rng) { bytes.insert(contentsOf: chunk, at: to) }
            return "copy \(at)..<\(end) to \(to)"
        case 5:
            bytes.removeSubrange(at...)
            return "truncate at \(at)"
        case 6:
            let cut = other.isEmpty ? 0 : Int.random(in: 0..<other.count, using: &rng)
            bytes = Array(bytes[..<at]) + Array(other[cut...])
            return "splice at \(at) with another seed from \(cut)"
        case 7:
            let depth = [9, 31, 32, 33, 100, 5000].randomElement(using: &rng) ?? 40
            let (open, close) = Bool.random(using: &rng) ? ("[", "]") : ("{\"a\":", "}")
            bytes = Array(String(repeating: open, count: depth).utf8) + bytes + Array(String(repeating: close, count: depth).utf8)
            return "wrap in \(depth) levels of \(open)"
        default:
            return mutateTree(&bytes, target: target, using: &rng)
        }
    }

    /// Parses the bytes as JSON, replaces or removes one value of the tree and writes it back.
    /// Falls back to a byte flip when they do not parse.
    static func mutateTree<R: RandomNumberGenerator>(_ bytes: inout [UInt8], target: FuzzTarget,
                                                             using rng: inout R) -> String {
        guard var tree = try? JSONParser.parse(bytes, maxDepth: 64) else {
            if bytes.isEmpty { bytes = Array("[]".utf8) }
            let at = Int.random(in: 0..<bytes.count, using: &rng)
            bytes[at] ^= 0x20
            return "flip case at \(at) (not JSON)"
        }
        let count = FuzzTree.count(tree)
        let pick = Int.random(in: 0..<count, using: &rng)
        let choice = Int.random(in: 0..<6, using: &rng)
        var what = ""
        var n = pick
        tree = FuzzTree.rewrite(tree, at: &n) { value in
            switch choice {
            case 0:
                let replacement = FuzzGrammar.randomValue(for: target, depth: 2, using: &rng)
                what = "replace value \(pick) with a random value"
                return replacement
            case 1:
                what = "replace value \(pick) with an extreme"
                return FuzzGrammar.extremeValue(using: &rng)
            case 3, 4:
                what = "change value \(pick) to another of its kind"
                return FuzzGrammar.sameKind(as: value, using: &rng)
            case 2:
                what = "duplicate inside value \(pick)"
                return FuzzTree.duplicateChild(value, using: &rng)
            default:
                what = "drop a member or element of value \(pick)"
                return FuzzTree.dropChild(value, using: &rng)
            }
        }
        bytes = Array(FuzzTree.serialize(tree).utf8)
        return what
    }

    static let interestingBytes: [UInt8] = [0, 1, 0x08, 0x0A, 0x0D, 0x20, 0x22, 0x2C, 0x2D, 0x2E, 0x30, 0x31, 0x39,
                                            0x3A, 0x5B, 0x5C, 0x5D, 0x65, 0x7B, 0x7D, 0x7F, 0x80, 0xBF, 0xC0, 0xC3,
                                            0xE2, 0xED, 0xEF, 0xF0, 0xF4, 0xF8, 0xFE, 0xFF]

    static let tokens: [String] = [
        "\"", "\\", "\\u0000", "\\ud800", "\\udc00\\ud800", "\\u", "\\x41", "{", "}", "[", "]", ",", ":", "null",
        "true", "false", "-0", "1e999", "-1e999", "1e-400", "99999999999999999999", "0.0000000000000001",
        "-9223372036854775809", "NaN", "Infinity", "\u{FEFF}", "\u{202E}", "\u{1F600}", "千", "\u{0301}",
        "\"layers\":[]", "\"rows\":[[]]", "{\"action\":\"layer\",\"layer\":\"nowhere\"}",
        "{\"action\":\"multiply\",\"factor\":1e308}", "{\"keysym\":\"\"}", "{\"stack\":\"vertical\",\"items\":[]}",
        "\"weight\":-1", "\"weight\":1e308", "\"spacing\":100000000", "\"insets\":[1,2,3]", "/*", "//",
    ]
}
