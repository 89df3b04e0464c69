/// The user's settings from `$XDG_CONFIG_HOME/stackboard/config.json`, checked against the
/// settings table. Every setting is optional: what is absent keeps the built-in default, and
/// command-line options override what is here (see `SettingValues`).
public struct Config: Equatable, Sendable {
    /// The settings the file gave, each valid for its kind.
    public var values: [Setting: SettingValue]

    /// A configuration with `values` (empty: every default).
    public init(values: [Setting: SettingValue] = [:]) { self.values = values }

    /// The value the file gave for `setting`, if any.
    public subscript(setting: Setting) -> SettingValue? {
        get { values[setting] }
        set { values[setting] = newValue }
    }
}

/// A problem with one setting; the keyboard still starts, without that setting.
public struct ConfigProblem: Equatable, Sendable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// The setting's path, like `sound.volume` (empty for the file as a whole).
    public var key: String
    /// What is wrong and what is expected.
    public var message: String
    /// The key is no setting at all: it is skipped, not replaced by a default.
    public var ignored: Bool
    /// `FILE: KEY: MESSAGE; using the default` (`MESSAGE. Using the default.` after a message
    /// of whole sentences; `ignored` for a key that is no setting).
    public var description: String {
        let what = key.isEmpty ? "" : "\(key): "
        let tail = ignored ? "ignored" : key.isEmpty ? "using the defaults for every setting" : "using the default"
        let sentences = message.hasSuffix(".")
        return "\(file): \(what)\(message)" + (sentences ? " " + tail.prefix(1).uppercased() + tail.dropFirst() + "." : "; " + tail)
    }
    /// A problem with `key` of `file` (`ignored`: the key is no setting).
    public init(file: String, key: String, message: String, ignored: Bool = false) {
        self.file = file; self.key = key; self.message = message; self.ignored = ignored
    }

    /// Whether `command` reports this problem: one about the file, an unknown key, or a setting
    /// the command uses (entry mode leaves the keyboard's own settings to the keyboard).
    public func concerns(_ command: CommandName) -> Bool {
        guard !key.isEmpty else { return true }
        let owners = Setting.allCases.filter { setting in
            guard let own = setting.spec.key else { return false }
            return own == key || own.hasPrefix(key + ".")
        }
        return owners.isEmpty || owners.contains { $0.spec.commands.contains(command) }
    }
}
