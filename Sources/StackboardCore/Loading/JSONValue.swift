/// A parsed JSON value that remembers the byte offset where it starts, so errors can point at it.
public struct JSONValue: Equatable, Sendable {
    /// The kinds of JSON values; objects keep their members in document order.
    public enum Kind: Equatable, Sendable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A number, with the literal as written (for messages).
        case number(Double, literal: String)
        /// A string.
        case string(String)
        /// An array.
        case array([JSONValue])
        /// An object, members in document order (keys are unique: the parser rejects duplicates).
        case object([JSONMember])
    }

    /// What the value is.
    public var kind: Kind
    /// The byte offset of its first character in the source.
    public var offset: Int

    /// A value of `kind` starting at byte `offset`.
    public init(_ kind: Kind, offset: Int) { self.kind = kind; self.offset = offset }

    /// The string, when the value is one.
    public var string: String? { if case .string(let s) = kind { return s } else { return nil } }
    /// The number, when the value is one.
    public var number: Double? { if case .number(let n, _) = kind { return n } else { return nil } }
    /// The boolean, when the value is one.
    public var bool: Bool? { if case .bool(let b) = kind { return b } else { return nil } }
    /// The elements, when the value is an array.
    public var array: [JSONValue]? { if case .array(let a) = kind { return a } else { return nil } }
    /// The members, when the value is an object.
    public var members: [JSONMember]? { if case .object(let m) = kind { return m } else { return nil } }

    /// The member named `key`, when the value is an object that has it.
    public subscript(key: String) -> JSONValue? { members?.first { $0.key == key }?.value }

    /// How an error message names this value: `the string "abc"`, `the number 5`, `an array`.
    public var found: String {
        switch kind {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(_, let literal): return "the number \(Self.clip(literal))"
        case .string(let s): return s.isEmpty ? "an empty string" : "the string \(Self.quote(s))"
        case .array(let a): return a.isEmpty ? "an empty array" : "an array"
        case .object: return "an object"
        }
    }

    /// `text` in double quotes, control characters escaped, cut at 40 characters.
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in clip(text).unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    private static func clip(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(37)) + "..."
    }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Equatable, Sendable {
    /// The member's name.
    public var key: String
    /// The byte offset of the name's opening quote.
    public var keyOffset: Int
    /// The member's value.
    public var value: JSONValue
    /// A member named `key` (at `keyOffset`) with `value`.
    public init(key: String, keyOffset: Int, value: JSONValue) {
        self.key = key; self.keyOffset = keyOffset; self.value = value
    }
}

/// A line and column (both from 1; columns count characters) in a source text.
public struct SourcePosition: Equatable, Hashable, Sendable {
    /// The line, from 1.
    public var line: Int
    /// The column in characters (Unicode scalars), from 1.
    public var column: Int
    /// A position at `line`, `column`.
    public init(line: Int, column: Int) { self.line = line; self.column = column }

    /// The position of byte `offset` in UTF-8 `bytes` (an offset past the end is the end).
    public init(offset: Int, in bytes: [UInt8]) {
        let end = min(max(0, offset), bytes.count)
        var line = 1
        var lineStart = 0
        var i = 0
        while i < end {
            if bytes[i] == UInt8(ascii: "\n") { line += 1; lineStart = i + 1 }
            i += 1
        }
        var column = 1
        var j = lineStart
        while j < end {
            if bytes[j] & 0xC0 != 0x80 { column += 1 }
            j += 1
        }
        self.init(line: line, column: column)
    }
}
