/// Did-you-mean for settings, one rule for the command line and the file: the nearest name
/// of the same place (an option of the command, a key of the same object), else the setting
/// whose other spelling it is (`--longPress` is `--long-press`, `"volume"` is `sound.volume`).
public enum SettingSuggestion {
    /// The option (without dashes) of `command` that `word` (without dashes) most likely means.
    public static func option(for word: String, of command: CommandName) -> String? {
        let accepted = Setting.accepted(by: command)
        let flags = accepted.compactMap(\.spec.flag) + ["help"]
        if let guess = Suggestion.closest(to: word, in: flags) { return guess }
        // The file's spelling of a setting (`--longPress`, `--sound.volume`): one edit at most,
        // since the option it leads to may be spelt quite unlike the word (`swipe` is
        // `--no-swipe`): `--sise` is not a typo of `--no-swipe`.
        let keyed = accepted.filter { $0.spec.key != nil && $0.spec.flag != nil }
        let keys = keyed.compactMap(\.spec.key)
        guard let key = Suggestion.closest(to: word, in: keys, maxEdits: 1) else { return nil }
        return keyed.first { $0.spec.key == key }?.spec.flag
    }

    /// The other commands that take `--word` (without dashes), for a message that says where an
    /// option given to the wrong command belongs.
    public static func commands(taking word: String, besides command: CommandName) -> [CommandName] {
        CommandName.allCases.filter { $0 != command && Setting.option(word, of: $0) != nil }
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
