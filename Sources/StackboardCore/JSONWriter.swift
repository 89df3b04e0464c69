/// Writes JSON text without Foundation: string literals and one-line objects. The one JSON
/// writer of the program (the `--events` stream, `stackboard keys`, status lines).
public enum JSONWriter {
    /// A value of an object's field.
    public enum Value: Equatable, Sendable {
        /// A JSON string.
        case string(String)
        /// A JSON integer.
        case int(Int)
        /// A JSON true or false.
        case bool(Bool)
        /// Text that is already JSON (a nested object or array), written as it is.
        case raw(String)
    }

    /// `string` as a JSON string literal: quotes, backslashes and control characters escaped
    /// (also U+2028 and U+2029, which break JavaScript); other non-ASCII passes through as UTF-8.
    public static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{00}"..."\u{1F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16, uppercase: false)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `value` as JSON text.
    public static func text(_ value: Value) -> String {
        switch value {
        case .string(let s): return quoted(s)
        case .int(let n): return String(n)
        case .bool(let b): return b ? "true" : "false"
        case .raw(let json): return json
        }
    }

    /// `{"k":v,...}` with the fields in the given order.
    public static func object(_ fields: [(String, Value)]) -> String {
        "{" + fields.map { quoted($0.0) + ":" + text($0.1) }.joined(separator: ",") + "}"
    }

    /// `[v,...]` in the given order.
    public static func array(_ values: [Value]) -> String {
        "[" + values.map(text).joined(separator: ",") + "]"
    }
}
