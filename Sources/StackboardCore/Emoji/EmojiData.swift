/// One emoji of the panel: what it types, its name, and its skin-tone variants.
public struct Emoji: Equatable, Hashable, Sendable {
    /// The emoji (a fully-qualified sequence).
    public var text: String
    /// Its CLDR name (`grinning face`).
    public var name: String
    /// The same emoji in the five skin tones, light to dark (empty when it has none).
    public var skinTones: [String]

    /// An emoji with every property given.
    public init(text: String, name: String, skinTones: [String] = []) {
        self.text = text
        self.name = name
        self.skinTones = skinTones
    }
}

/// A group of emoji as `emoji-test.txt` groups them (`Smileys & Emotion`), in its order.
public struct EmojiGroup: Equatable, Hashable, Sendable {
    /// The group's name.
    public var name: String
    /// Its emoji.
    public var emoji: [Emoji]

    /// A group with every property given.
    public init(name: String, emoji: [Emoji]) { self.name = name; self.emoji = emoji }
}

/// Reads Unicode's `emoji-test.txt` (UTS #51's keyboard test data) into groups.
///
/// Kept: the fully-qualified emoji of every group but `Component` (the bare skin tones and hair
/// parts). A sequence with skin-tone modifiers (U+1F3FB-1F3FF) becomes a long-press variant of
/// the emoji it is made from (the same sequence without the modifiers, ignoring U+FE0F) when all
/// its modifiers are the same tone; sequences of two people in different tones are left out.
public enum EmojiTestFile {
    /// The groups of the file's bytes; an empty list when it has none.
    public static func groups(in bytes: [UInt8]) -> [EmojiGroup] {
        bytes.withUnsafeBufferPointer(groups(in:))
    }

    typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    static func groups(in bytes: UnsafeBufferPointer<UInt8>) -> [EmojiGroup] {
        var groups: [EmojiGroup] = []
        var positions: [[UInt32]: (group: Int, index: Int)] = [:]
        positions.reserveCapacity(4096)
        var skipping = false
        var start = 0
        let n = bytes.count
        while start < n {
            var end = start
            while end < n && bytes[end] != 0x0A { end += 1 }
            let line = bytes[start..<end]
            start = end + 1
            if line.first == UInt8(ascii: "#") {
                if let name = groupName(line) {
                    skipping = name == "Component"
                    if !skipping { groups.append(EmojiGroup(name: name, emoji: [])) }
                }
                continue
            }
            guard !skipping, !groups.isEmpty, let entry = parse(line) else { continue }
            var tone: UInt32 = 0
            var mixed = false
            var key: [UInt32] = []
            key.reserveCapacity(entry.scalars.count)
            for s in entry.scalars {
                if isSkinTone(s) {
                    mixed = mixed || (tone != 0 && tone != s)
                    tone = s
                } else if s != 0xFE0F {
                    key.append(s)
                }
            }
            if tone == 0 {
                positions[key] = (groups.count - 1, groups[groups.count - 1].emoji.count)
                groups[groups.count - 1].emoji.append(Emoji(text: entry.text, name: entry.name))
            } else if !mixed, let base = positions[key] {
                groups[base.group].emoji[base.index].skinTones.append(entry.text)
            }
        }
        return groups.filter { !$0.emoji.isEmpty }
    }

    static let prefix = Array("# group: ".utf8)

    /// `# group: NAME` → NAME.
    static func groupName(_ line: Bytes) -> String? {
        guard line.count > prefix.count, line.prefix(prefix.count).elementsEqual(prefix) else { return nil }
        return String(decoding: line.dropFirst(prefix.count), as: UTF8.self).trimmingTrailingSpace()
    }

    /// A `CODEPOINTS ; fully-qualified # EMOJI Ex.y NAME` line; nil for any other status.
    static func parse(_ line: Bytes) -> (scalars: [UInt32], text: String, name: String)? {
        guard let semicolon = line.firstIndex(of: UInt8(ascii: ";")) else { return nil }
        var i = semicolon + 1
        while i < line.endIndex && line[i] == 0x20 { i += 1 }
        guard line[i...].starts(with: fullyQualified) else { return nil }
        var scalars: [UInt32] = []
        var value: UInt32 = 0
        var digits = 0
        for byte in line[line.startIndex..<semicolon] {
            if let d = hexValue(byte) {
                value = value << 4 | d
                digits += 1
            } else if digits > 0 {
                scalars.append(value)
                value = 0
                digits = 0
            }
        }
        if digits > 0 { scalars.append(value) }
        var text = String.UnicodeScalarView()
        for s in scalars {
            guard let scalar = Unicode.Scalar(s) else { return nil }
            text.append(scalar)
        }
        guard !text.isEmpty else { return nil }
        return (scalars, String(text), name(in: line[(i + fullyQualified.count)...]))
    }

    static let fullyQualified = Array("fully-qualified".utf8)

    /// The name in the comment `# 😀 E1.0 grinning face`: what follows the version.
    static func name(in rest: Bytes) -> String {
        var i = rest.startIndex
        while i + 2 < rest.endIndex {
            if rest[i] == 0x20 && rest[i + 1] == UInt8(ascii: "E") && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(rest[i + 2]) {
                var j = i + 2
                while j < rest.endIndex && rest[j] != 0x20 { j += 1 }
                return j < rest.endIndex ? String(decoding: rest[(j + 1)...], as: UTF8.self) : ""
            }
            i += 1
        }
        return ""
    }

    static func isSkinTone(_ s: UInt32) -> Bool { (0x1F3FB...0x1F3FF).contains(s) }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        default: return nil
        }
    }
}

extension String {
    /// The string without white space at its end (and at its start).
    func trimmingTrailingSpace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
