/// Reads the members of the file level by level, collecting a problem for each bad setting
/// instead of stopping.
struct SettingReader {
    let file: String
    var config = Config()
    var problems: [ConfigProblem] = []

    init(file: String) { self.file = file }

    mutating func problem(_ key: String, _ message: String, ignored: Bool = false) {
        problems.append(ConfigProblem(file: file, key: key, message: message, ignored: ignored))
    }

    /// Reads the members of the object at `prefix` (`""` for the top level, `"sound."` for `sound`).
    mutating func read(_ members: [JSONMember], prefix: String) {
        let names = ConfigLoader.members(of: prefix)
        for member in members {
            let key = prefix + member.key
            if let setting = Setting.configKey(key) {
                switch setting.spec.parse(member.value) {
                case .success(let value): config[setting] = value
                case .failure(let rejection): problem(key, rejection.configMessage(found: Self.found(member.value)))
                }
            } else if names.contains(member.key) {
                // A group such as `sound`: an object of settings.
                guard let inner = member.value.members else {
                    let names = ConfigLoader.members(of: key + ".")
                    problem(key, "expected an object with \(names.joined(separator: ", ")), found \(member.value.found)")
                    continue
                }
                read(inner, prefix: key + ".")
            } else {
                unknown(member.key, prefix: prefix, candidates: names)
            }
        }
    }

    /// How a message names a value: a string in quotes (`"purple"`), else `the number 5`, `an array`.
    static func found(_ value: JSONValue) -> String {
        value.string.map(JSONValue.quote) ?? value.found
    }

    /// `unknown setting; did you mean "x"? Valid settings: a, b.`
    mutating func unknown(_ name: String, prefix: String, candidates: [String]) {
        let guess = SettingSuggestion.configKey(for: name, prefix: prefix, candidates: candidates)
        let hint = guess.map { "; did you mean \(JSONValue.quote($0))?" } ?? "."
        problem(prefix + name, "unknown setting\(hint) Valid settings: \(candidates.joined(separator: ", ")).", ignored: true)
    }
}
