import StackboardCore

/// Walking, rewriting and writing back a parsed JSON tree (`JSONValue` of the core's parser).
enum FuzzTree {
    /// How many values the tree holds (itself included).
    static func count(_ v: JSONValue) -> Int {
        switch v.kind {
        case .array(let a): return 1 + a.reduce(0) { $0 + count($1) }
        case .object(let m): return 1 + m.reduce(0) { $0 + count($1.value) }
        default: return 1
        }
    }

    /// The tree with value number `n` (pre-order; decremented while walking) replaced by `change(value)`.
    static func rewrite(_ v: JSONValue, at n: inout Int, _ change: (JSONValue) -> JSONValue) -> JSONValue {
        if n == 0 { n = -1; return change(v) }
        n -= 1
        guard n >= 0 else { return v }
        switch v.kind {
        case .array(let a):
            var out: [JSONValue] = []
            for item in a { out.append(n >= 0 ? rewrite(item, at: &n, change) : item) }
            return JSONValue(.array(out), offset: 0)
        case .object(let m):
            var out: [JSONMember] = []
            for member in m {
                let value = n >= 0 ? rewrite(member.value, at: &n, change) : member.value
                out.append(JSONMember(key: member.key, keyOffset: 0, value: value))
            }
            return JSONValue(.object(out), offset: 0)
        default:
            return v
        }
    }

    /// An array with one element repeated, or an object with one member repeated (a duplicate key).
    static func duplicateChild<R: RandomNumberGenerator>(_ v: JSONValue, using rng: inout R) -> JSONValue {
        switch v.kind {
        case .array(let a) where !a.isEmpty:
            var out = a
            let i = Int.random(in: 0..<a.count, using: &rng)
            out.insert(a[i], at: i)
            return JSONValue(.array(out), offset: 0)
        case .object(let m) where !m.isEmpty:
            var out = m
            out.append(m[Int.random(in: 0..<m.count, using: &rng)])
            return JSONValue(.object(out), offset: 0)
        default:
            return JSONValue(.array([v, v]), offset: 0)
        }
    }

    /// The value without one of its elements or members (a scalar becomes null).
    static func dropChild<R: RandomNumberGenerator>(_ v: JSONValue, using rng: inout R) -> JSONValue {
        switch v.kind {
        case .array(var a) where !a.isEmpty:
            a.remove(at: Int.random(in: 0..<a.count, using: &rng))
            return JSONValue(.array(a), offset: 0)
        case .object(var m) where !m.isEmpty:
            m.remove(at: Int.random(in: 0..<m.count, using: &rng))
            return JSONValue(.object(m), offset: 0)
        default:
            return JSONValue(.null, offset: 0)
        }
    }

    /// JSON text for the tree (numbers as their original literal, strings escaped).
    static func serialize(_ v: JSONValue) -> String {
        switch v.kind {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(_, let literal): return literal
        case .string(let s): return quote(s)
        case .array(let a): return "[" + a.map(serialize).joined(separator: ",") + "]"
        case .object(let m): return "{" + m.map { quote($0.key) + ":" + serialize($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// A JSON string literal.
    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
