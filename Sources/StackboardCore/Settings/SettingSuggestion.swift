/// Did-you-mean for settings, one rule for the command line and the file: the nearest name
/// of the same place (an option of the command, a key of the same object), else the setting
/// whose other spelling it is (`--longPress` is `--long-press`, `"volume"` is `sound.volume`).
public enum SettingSuggestion {
    /// The option (without dashes) of `command` that `word` (without dashes) most likely means.
    public static func option(for word: String, of command: CommandName) -> String? {
        let accepted = Setting.accepted(by: command)
        let flags = accepted.compactMap(\.spec.flag) + ["help"]
        if let guess = Suggestion.closest(to: word, in: flags) { return guess }
        let keyed = accepted.filter { $0.spec.key != nil && $0.spec.flag != nil }
        let keys = keyed.compactMap(\.spec.key)
        guard let key = Suggestion.closest(to: word, in: keys) else { return nil }
        return keyed.first { $0.spec.key == key }?.spec.flag
    }

    /// The key that `name`, found in the object at `prefix` (`""` or `"sound."`), most likely
    /// means: one of `candidates` (the names of that object), else a full key of the table.
    public static func configKey(for name: String, prefix: String, candidates: [String]) -> String? {
        if let guess = Suggestion.closest(to: name, in: candidates), guess != name { return guess }
        let keyed = Setting.allCases.filter { $0.spec.key != nil }
        let keys = keyed.compactMap(\.spec.key)
        if let key = Suggestion.closest(to: prefix + name, in: keys), key != prefix + name { return key }
        let flags = keyed.compactMap(\.spec.flag)
        guard let flag = Suggestion.closest(to: name, in: flags) else { return nil }
        return keyed.first { $0.spec.flag == flag }?.spec.key
    }
}
