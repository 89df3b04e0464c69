/// Why a value does not fit a setting: what the setting takes, and the nearest allowed name
/// when the value looks like a typo of one.
public struct SettingRejection: Error, Equatable, Sendable {
    /// What the setting takes: `a whole number from 0 to 100`.
    public var expected: String
    /// The allowed name closest to what was given, if one is close.
    public var suggestion: String?

    /// A rejection saying what is expected.
    public init(expected: String, suggestion: String? = nil) { self.expected = expected; self.suggestion = suggestion }

    /// The command line's message: `Option '--volume' wants a whole number from 0 to 100, not '300'.`
    public func commandLineMessage(flag: String, text: String) -> String {
        "Option '--\(flag)' wants \(expected), not '\(text)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
    }

    /// The configuration file's message: `expected a whole number from 0 to 100, found the number 300`.
    public func configMessage(found: String) -> String {
        "expected \(expected), found \(found)" + (suggestion.map { "; did you mean \(JSONValue.quote($0))?" } ?? "")
    }
}

extension SettingSpec {
    /// The value of `text` given on the command line (numbers are read with JSON's grammar, so
    /// that they mean the same as in the file), or why it does not fit.
    public func parse(_ text: String) -> Result<SettingValue, SettingRejection> {
        switch kind {
        case .bool:
            if text == "true" || text == "false" { return .success(.bool(text == "true")) }
            return .failure(rejection())
        case .int, .double:
            guard let json = try? JSONParser.parse(Array(text.utf8), maxDepth: 1), let n = json.number else {
                return .failure(rejection())
            }
            return check(number: n)
        case .names:
            return check(names: text.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
        default:
            return check(string: text)
        }
    }

    /// The value of `json` read from the configuration file, or why it does not fit.
    public func parse(_ json: JSONValue) -> Result<SettingValue, SettingRejection> {
        switch kind {
        case .bool:
            return json.bool.map { .success(.bool($0)) } ?? .failure(rejection())
        case .int, .double:
            return json.number.map(check(number:)) ?? .failure(rejection())
        case .names:
            guard let items = json.array else { return .failure(rejection()) }
            let names = items.compactMap(\.string)
            guard names.count == items.count else { return .failure(rejection()) }
            // A name with a comma could not be given on the command line.
            guard !names.contains(where: { $0.contains(",") }) else { return .failure(rejection()) }
            return check(names: names)
        default:
            return json.string.map(check(string:)) ?? .failure(rejection())
        }
    }

    private func rejection(_ suggestion: String? = nil) -> SettingRejection {
        SettingRejection(expected: expectation, suggestion: suggestion)
    }

    private func check(number n: Double) -> Result<SettingValue, SettingRejection> {
        guard n.isFinite else { return .failure(rejection()) }
        switch kind {
        case .int(let range, let off):
            guard n == n.rounded(), n >= Double(Int.min / 2), n <= Double(Int.max / 2) else { return .failure(rejection()) }
            let whole = Int(n)
            guard range.contains(whole) || whole == off else { return .failure(rejection()) }
            return .success(.int(whole))
        case .double(let range):
            return range.contains(n) ? .success(.double(n)) : .failure(rejection())
        default:
            return .failure(rejection())
        }
    }

    private func check(names given: [String]) -> Result<SettingValue, SettingRejection> {
        let names = given.map(Self.trimmed)
        guard !names.isEmpty, !names.contains(where: { $0.isEmpty || $0.contains("\0") }) else {
            return .failure(rejection())
        }
        if case .names(let choices?) = kind, let bad = names.first(where: { !choices.contains($0) }) {
            return .failure(rejection(Suggestion.closest(to: bad, in: choices)))
        }
        return .success(.names(names))
    }

    private func check(string s: String) -> Result<SettingValue, SettingRejection> {
        if s.contains("\0") { return .failure(rejection()) }
        switch kind {
        case .choice(let names):
            if names.contains(s) { return .success(.string(s)) }
            return .failure(rejection(Suggestion.closest(to: s, in: names)))
        case .name, .custom:
            return Self.trimmed(s).isEmpty ? .failure(rejection()) : .success(.string(s))
        case .text:
            return .success(.string(s))
        case .geometry:
            return WindowGeometry(parsing: s).map { .success(.geometry($0)) } ?? .failure(rejection())
        case .size(let max):
            guard let size = Size(parsing: s), size.width <= max, size.height <= max else { return .failure(rejection()) }
            return .success(.size(size))
        default:
            return .failure(rejection())
        }
    }

    /// `text` without leading and trailing spaces and tabs.
    public static func trimmed(_ text: String) -> String {
        var s = Substring(text)
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return String(s)
    }
}
