/// Reads one setting at a time, collecting a problem for each bad one instead of stopping.
struct SettingReader {
    let file: String
    var problems: [ConfigProblem] = []

    init(file: String) { self.file = file }

    mutating func problem(_ key: String, _ message: String) {
        problems.append(ConfigProblem(file: file, key: key, message: message))
    }

    mutating func unknown(_ key: String, candidates: [String], prefix: String) {
        problem(prefix + key, "unknown setting" + Suggestion.hint(key, in: candidates, list: "settings"))
    }

    mutating func bool(_ v: JSONValue, _ key: String) -> Bool? {
        if let b = v.bool { return b }
        problem(key, "expected true or false, found \(v.found)")
        return nil
    }

    mutating func name(_ v: JSONValue, _ key: String) -> String? {
        if let s = v.string, !s.isEmpty, !s.contains("\0") { return s }
        problem(key, "expected a non-empty string, found \(v.found)")
        return nil
    }

    mutating func names(_ v: JSONValue, _ key: String) -> [String]? {
        if let a = v.array, !a.isEmpty, a.allSatisfy({ ($0.string ?? "").isEmpty == false }) {
            return a.compactMap(\.string)
        }
        problem(key, "expected a non-empty array of layout names like [\"qwerty\", \"numeric\"], found \(v.found)")
        return nil
    }

    mutating func oneOf(_ v: JSONValue, _ key: String, _ allowed: [String]) -> String? {
        if let s = v.string, allowed.contains(s) { return s }
        let found = v.string.map { JSONValue.quote($0) } ?? v.found
        let hint = v.string.map { Suggestion.didYouMean($0, in: allowed) } ?? ""
        problem(key, "expected one of \(allowed.joined(separator: ", ")), found \(found)\(hint)")
        return nil
    }

    mutating func number(_ v: JSONValue, _ key: String, _ range: ClosedRange<Double>) -> Double? {
        if let n = v.number, n.isFinite, range.contains(n) { return n }
        problem(key, "expected a number from \(range.lowerBound) to \(range.upperBound), found \(v.found)")
        return nil
    }

    mutating func int(_ v: JSONValue, _ key: String, _ range: ClosedRange<Int>) -> Int? {
        if let n = v.number, n.isFinite, n == n.rounded(), n >= Double(range.lowerBound), n <= Double(range.upperBound) {
            return Int(n)
        }
        problem(key, "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(v.found)")
        return nil
    }

    mutating func geometry(_ v: JSONValue, _ key: String) -> String? {
        if let s = v.string, WindowGeometry(parsing: s) != nil { return s }
        problem(key, "expected WIDTHxHEIGHT+X+Y like \"1280x300+0+500\", found \(v.found)")
        return nil
    }

    /// Calls `body` for each member of an object setting; unknown members are problems.
    mutating func object(_ v: JSONValue, _ key: String, keys: [String],
                         _ body: (String, JSONValue, inout SettingReader) -> Void) {
        guard let members = v.members else {
            problem(key, "expected an object with \(keys.joined(separator: ", ")), found \(v.found)")
            return
        }
        for m in members {
            if keys.contains(m.key) { body(m.key, m.value, &self) }
            else { unknown(m.key, candidates: keys, prefix: key + ".") }
        }
    }
}
