import StackboardCore

/// Writes JSON strings and one-line objects (no Foundation needed for a few fields).
enum JSONText {
    /// `text` as a JSON string literal, quotes included (the core's tested escaper).
    static func quoted(_ text: String) -> String { EntryEventEncoder.quoted(text) }

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
