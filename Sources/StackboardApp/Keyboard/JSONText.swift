/// Writes JSON strings and one-line objects (no Foundation needed for a few fields).
enum JSONText {
    /// `text` as a JSON string literal, quotes included.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A JSON value: a string or an integer.
    enum Value {
        case string(String)
        case int(Int)
    }

    /// `{"k":v,...}` with the fields in the given order.
    static func object(_ fields: [(String, Value)]) -> String {
        let body = fields.map { key, value -> String in
            switch value {
            case .string(let s): return quoted(key) + ":" + quoted(s)
            case .int(let n): return quoted(key) + ":" + String(n)
            }
        }
        return "{" + body.joined(separator: ",") + "}"
    }
}
