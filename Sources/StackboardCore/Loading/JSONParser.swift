/// A JSON syntax error at a byte offset of the source.
public struct JSONSyntaxError: Error, Equatable, Sendable {
    /// What is wrong and what was expected.
    public var message: String
    /// Where, as a byte offset into the source.
    public var offset: Int
    /// An error at byte `offset`.
    public init(_ message: String, offset: Int) { self.message = message; self.offset = offset }
}

/// A strict RFC 8259 JSON parser over UTF-8 bytes that keeps source offsets and never recurses
/// deeper than `maxDepth` (so hostile input cannot overflow the stack).
///
/// Beyond RFC 8259 it rejects, with a message that says so: duplicate keys in an object, NUL
/// characters (`\u0000`), lone surrogates and invalid UTF-8. A UTF-8 byte-order mark is skipped.
public struct JSONParser {
    private let bytes: [UInt8]
    private let maxDepth: Int
    private let whenEmpty: String
    private var i = 0

    /// Parses `bytes` as one JSON value (any kind), nested at most `maxDepth` arrays and objects
    /// deep. An empty file's message ends with `whenEmpty`: what the file should hold.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = 32,
                             whenEmpty: String = "it must hold one JSON value") throws(JSONSyntaxError) -> JSONValue {
        if let bad = firstInvalidUTF8(in: bytes) {
            throw JSONSyntaxError("invalid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true))); save the file as UTF-8", offset: bad)
        }
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth, whenEmpty: whenEmpty)
        return try parser.document()
    }

    private init(bytes: [UInt8], maxDepth: Int, whenEmpty: String) {
        self.bytes = bytes; self.maxDepth = maxDepth; self.whenEmpty = whenEmpty
    }

    /// The offset of the first byte that is not valid UTF-8, or nil.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    private var atEnd: Bool { i >= bytes.count }
    private var current: UInt8 { bytes[i] }

    private mutating func document() throws(JSONSyntaxError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        try skipWhitespace()
        if atEnd { throw JSONSyntaxError("the file is empty; " + whenEmpty, offset: i) }
        let value = try parseValue(depth: 1)
        try skipWhitespace()
        if !atEnd {
            throw JSONSyntaxError("unexpected \(describeCurrent()) after the end of the JSON value; remove it, or wrap several values in an array", offset: i)
        }
        return value
    }

    private mutating func skipWhitespace() throws(JSONSyntaxError) {
        while !atEnd {
            switch current {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            case UInt8(ascii: "/") where i + 1 < bytes.count && (bytes[i + 1] == UInt8(ascii: "/") || bytes[i + 1] == UInt8(ascii: "*")):
                throw JSONSyntaxError("comments are not allowed in JSON; remove it (a \"description\" field can say what the layout is for)", offset: i)
            default: return
            }
        }
    }

    private func describeCurrent() -> String {
        guard !atEnd else { return "end of file" }
        let b = current
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b < 0x80 { return "byte 0x\(String(b, radix: 16, uppercase: true))" }
        // A multi-byte character: decode it for the message (the input is valid UTF-8).
        var end = i + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'\(String(decoding: bytes[i..<end], as: UTF8.self))'"
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard !atEnd else { throw JSONSyntaxError("unexpected end of file; expected a value (the file may be cut short)", offset: i) }
        switch current {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""):
            let start = i
            return JSONValue(.string(try parseString()), offset: start)
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "'"):
            throw JSONSyntaxError("strings in JSON use double quotes (\"), not single quotes", offset: i)
        default:
            throw JSONSyntaxError("unexpected \(describeCurrent()); expected a value: an object, an array, a string in double quotes, a number, true, false or null", offset: i)
        }
    }

    private mutating func literal(_ word: String, _ kind: JSONValue.Kind) throws(JSONSyntaxError) -> JSONValue {
        let start = i
        let expected = Array(word.utf8)
        guard bytes.count - i >= expected.count, Array(bytes[i..<(i + expected.count)]) == expected else {
            throw JSONSyntaxError("unexpected \(describeCurrent()); expected \(word) (strings need double quotes)", offset: i)
        }
        i += expected.count
        return JSONValue(kind, offset: start)
    }

    /// Steps over the `{` or `[` that opens a container at `depth` and returns its offset;
    /// a container nested deeper than `maxDepth` is refused.
    private mutating func openContainer(depth: Int) throws(JSONSyntaxError) -> Int {
        guard depth <= maxDepth else {
            throw JSONSyntaxError("nested deeper than \(maxDepth) levels; flatten the layout", offset: i)
        }
        i += 1
        return i - 1
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        let start = try openContainer(depth: depth)
        var members: [JSONMember] = []
        var seen: Set<String> = []
        try skipWhitespace()
        if !atEnd && current == UInt8(ascii: "}") { i += 1; return JSONValue(.object([]), offset: start) }
        while true {
            guard !atEnd else { throw JSONSyntaxError("unexpected end of file inside an object; expected a field name or }", offset: i) }
            guard current == UInt8(ascii: "\"") else {
                if current == UInt8(ascii: "}") && !members.isEmpty {
                    throw JSONSyntaxError("trailing comma before }; remove the last comma", offset: i)
                }
                throw JSONSyntaxError("unexpected \(describeCurrent()); expected a field name in double quotes", offset: i)
            }
            let keyOffset = i
            let key = try parseString()
            if !seen.insert(key).inserted {
                throw JSONSyntaxError("duplicate field \(JSONValue.quote(key)) in the same object; keep only one", offset: keyOffset)
            }
            try skipWhitespace()
            guard !atEnd, current == UInt8(ascii: ":") else {
                throw JSONSyntaxError("unexpected \(describeCurrent()); expected ':' after the field name \(JSONValue.quote(key))", offset: i)
            }
            i += 1
            try skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            members.append(JSONMember(key: key, keyOffset: keyOffset, value: value))
            try skipWhitespace()
            guard !atEnd else { throw JSONSyntaxError("unexpected end of file inside an object; expected ',' or '}'", offset: i) }
            if current == UInt8(ascii: ",") { i += 1; try skipWhitespace(); continue }
            if current == UInt8(ascii: "}") { i += 1; return JSONValue(.object(members), offset: start) }
            throw JSONSyntaxError("unexpected \(describeCurrent()); expected ',' between fields or '}' to end the object", offset: i)
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        let start = try openContainer(depth: depth)
        var elements: [JSONValue] = []
        try skipWhitespace()
        if !atEnd && current == UInt8(ascii: "]") { i += 1; return JSONValue(.array([]), offset: start) }
        while true {
            guard !atEnd else { throw JSONSyntaxError("unexpected end of file inside an array; expected a value or ']'", offset: i) }
            if current == UInt8(ascii: "]") && !elements.isEmpty {
                throw JSONSyntaxError("trailing comma before ]; remove the last comma", offset: i)
            }
            elements.append(try parseValue(depth: depth + 1))
            try skipWhitespace()
            guard !atEnd else { throw JSONSyntaxError("unexpected end of file inside an array; expected ',' or ']'", offset: i) }
            if current == UInt8(ascii: ",") { i += 1; try skipWhitespace(); continue }
            if current == UInt8(ascii: "]") { i += 1; return JSONValue(.array(elements), offset: start) }
            throw JSONSyntaxError("unexpected \(describeCurrent()); expected ',' between elements or ']' to end the array", offset: i)
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = i
        if current == UInt8(ascii: "-") { i += 1 }
        guard !atEnd, isDigit(current) else {
            throw JSONSyntaxError("a number needs digits after '-'", offset: i)
        }
        if current == UInt8(ascii: "0") {
            i += 1
            if !atEnd && isDigit(current) { throw JSONSyntaxError("numbers in JSON cannot start with 0 (write 7, not 07)", offset: start) }
        } else {
            while !atEnd && isDigit(current) { i += 1 }
        }
        if !atEnd && current == UInt8(ascii: ".") {
            i += 1
            guard !atEnd, isDigit(current) else { throw JSONSyntaxError("a number needs digits after '.' (write 1.0, not 1.)", offset: i) }
            while !atEnd && isDigit(current) { i += 1 }
        }
        if !atEnd && (current == UInt8(ascii: "e") || current == UInt8(ascii: "E")) {
            i += 1
            if !atEnd && (current == UInt8(ascii: "+") || current == UInt8(ascii: "-")) { i += 1 }
            guard !atEnd, isDigit(current) else { throw JSONSyntaxError("a number needs digits in its exponent", offset: i) }
            while !atEnd && isDigit(current) { i += 1 }
        }
        let literal = String(decoding: bytes[start..<i], as: UTF8.self)
        // Every JSON number literal is a valid Swift Double literal (too large ones become infinity).
        let value = Double(literal) ?? .nan
        return JSONValue(.number(value, literal: literal), offset: start)
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// Parses a string starting at the opening quote; leaves `i` after the closing quote.
    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = i
        i += 1
        var out: [UInt8] = []
        while true {
            guard !atEnd else { throw JSONSyntaxError("unterminated string: no closing \" before the end of the file", offset: start) }
            let b = current
            if b == UInt8(ascii: "\"") { i += 1; break }
            if b < 0x20 {
                let what = b == 0x0A ? "a line break" : (b == 0 ? "a NUL byte" : "control character 0x\(String(b, radix: 16, uppercase: true))")
                throw JSONSyntaxError("\(what) inside a string; close the string with \" or escape it (\\n, \\t)", offset: i)
            }
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            let escapeOffset = i
            i += 1
            guard !atEnd else { throw JSONSyntaxError("unterminated escape at the end of the file", offset: escapeOffset) }
            let e = current
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                let scalar = try unicodeEscape(at: escapeOffset)
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            default:
                throw JSONSyntaxError("invalid escape '\\\(String(decoding: [e], as: UTF8.self))'; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", offset: escapeOffset)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Reads the XXXX of `\uXXXX` (and a following low surrogate when needed); `i` is after the `u`.
    private mutating func unicodeEscape(at escapeOffset: Int) throws(JSONSyntaxError) -> Unicode.Scalar {
        let high = try hex4(escapeOffset)
        var value = high
        if (0xD800...0xDBFF).contains(high) {
            guard bytes.count - i >= 6, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                throw JSONSyntaxError("lone surrogate \\u\(String(high, radix: 16, uppercase: true)): a high surrogate must be followed by a \\uDC00-\\uDFFF escape", offset: escapeOffset)
            }
            i += 2
            let low = try hex4(escapeOffset)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw JSONSyntaxError("lone surrogate \\u\(String(high, radix: 16, uppercase: true)) followed by \\u\(String(low, radix: 16, uppercase: true)), which is not a low surrogate", offset: escapeOffset)
            }
            value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(high) {
            throw JSONSyntaxError("lone low surrogate \\u\(String(high, radix: 16, uppercase: true))", offset: escapeOffset)
        }
        if value == 0 {
            throw JSONSyntaxError("\\u0000 (NUL) is not allowed in a layout", offset: escapeOffset)
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw JSONSyntaxError("invalid \\u escape", offset: escapeOffset)
        }
        return scalar
    }

    private mutating func hex4(_ escapeOffset: Int) throws(JSONSyntaxError) -> UInt32 {
        guard bytes.count - i >= 4 else { throw JSONSyntaxError("\\u needs four hex digits", offset: escapeOffset) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = current
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw JSONSyntaxError("\\u needs four hex digits (0-9, A-F)", offset: escapeOffset)
            }
            value = value * 16 + digit
            i += 1
        }
        return value
    }
}
