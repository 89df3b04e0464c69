/// One row of the settings table (see `Setting`): where a setting is written, what it takes,
/// its default and its help line.
public struct SettingSpec: Sendable {
    /// The command-line option without its dashes (`volume` for `--volume`); nil when the
    /// setting lives only in the configuration file.
    public var flag: String?
    /// The configuration file's key, dotted for nested objects (`sound.volume`); nil when the
    /// setting is only an option.
    public var key: String?
    /// What values it takes.
    public var kind: SettingKind
    /// The built-in value (nil: none, or one the program works out; then `defaultText` says it).
    public var defaultValue: SettingValue?
    /// The default in words, when it is not a plain value (`the layout's choice, or light`).
    public var defaultText: String?
    /// The unit of a number (`ms`), for help.
    public var unit: String?
    /// The value's placeholder in help (`MS`, `NAME|FILE`).
    public var placeholder: String
    /// One line of help, lower case, no full stop.
    public var help: String
    /// The commands that accept it (on their command line, and in the file for those that read it).
    public var commands: Set<CommandName>
    /// What a `.bool` option's flag sets: `--hidden` sets true, `--no-sound` sets `sound.enabled` false.
    public var flagSets: Bool
    /// What it takes in words, instead of the kind's (`an ALSA PCM name like default or plughw:0`).
    public var expected: String?
    /// A value for examples in messages (`--layout qwerty`).
    public var example: String
    /// A command's own default value, where it differs (render's size: 1280x400).
    public var commandDefaults: [CommandName: SettingValue]
    /// A command's own default in words, where the program works it out (entry's size).
    public var notes: [CommandName: String]

    /// A row; `placeholder` and `example` are worked out from the kind and the default when not given.
    public init(flag: String?, key: String? = nil, _ kind: SettingKind, default defaultValue: SettingValue? = nil,
                defaultText: String? = nil, unit: String? = nil, placeholder: String? = nil, expected: String? = nil,
                example: String? = nil, flagSets: Bool = true, commandDefaults: [CommandName: SettingValue] = [:],
                notes: [CommandName: String] = [:],
                _ help: String, for commands: Set<CommandName>) {
        self.flag = flag
        self.key = key
        self.kind = kind
        self.defaultValue = defaultValue
        self.defaultText = defaultText
        self.unit = unit
        self.placeholder = placeholder ?? (unit == "ms" ? "MS" : kind.placeholder)
        self.help = help
        self.commands = commands
        self.flagSets = flagSets
        self.expected = expected
        self.commandDefaults = commandDefaults
        self.notes = notes
        self.example = example ?? defaultValue?.description ?? Self.example(for: kind)
    }

    /// What the setting takes, in words: `expected` or the kind's.
    public var expectation: String { expected ?? kind.expectation }

    /// The built-in value for `command`: its own, else the setting's.
    public func defaultValue(for command: CommandName) -> SettingValue? { commandDefaults[command] ?? defaultValue }

    /// The default for `command` in words (`500`, `qwerty`, `the layout's choice, or light`),
    /// nil when there is none to state (flags are off unless given).
    public func defaultDescription(for command: CommandName) -> String? {
        if let note = notes[command] { return note }
        if let own = commandDefaults[command] { return own.description }
        if let defaultText { return defaultText }
        if case .bool = kind { return nil }
        return defaultValue.map { $0.description + (unit.map { " \($0)" } ?? "") }
    }

    private static func example(for kind: SettingKind) -> String {
        switch kind {
        case .int(let r, _): return String(r.lowerBound)
        case .double(let r): return SettingValue.format(r.lowerBound)
        case .choice(let names): return names.first ?? "NAME"
        case .names(let choices): return choices.map { $0.prefix(2).joined(separator: ",") } ?? "qwerty,numeric"
        case .geometry: return "800x300+0+500"
        case .size: return "1280x400"
        default: return "NAME"
        }
    }
}
