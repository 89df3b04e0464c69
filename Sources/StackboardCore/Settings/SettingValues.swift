/// Where a setting's value came from.
public enum SettingSource: Equatable, Sendable {
    /// An option on the command line.
    case commandLine
    /// The configuration file.
    case config
}

/// A command's settings: the command line over the configuration file over the table's
/// defaults, setting by setting. Only the settings the command accepts are here.
public struct SettingValues: Sendable {
    /// The command they are for.
    public var command: CommandName
    /// What the command line gave (checked).
    public var commandLine: [Setting: SettingValue]
    /// What the configuration file gave (checked), for the settings the command accepts.
    public var config: [Setting: SettingValue]

    /// The values of `command`: `commandLine` over those of `config` that the command accepts
    /// (none when the command does not read the file).
    public init(command: CommandName, commandLine: [Setting: SettingValue] = [:], config: Config = Config()) {
        self.command = command
        self.commandLine = commandLine
        self.config = command.readsConfig ? config.values.filter { $0.key.spec.commands.contains(command) } : [:]
    }

    /// The value given on the command line or in the file (nil: neither gave one).
    public func given(_ setting: Setting) -> SettingValue? { commandLine[setting] ?? config[setting] }

    /// Where the value comes from (nil: the default).
    public func source(_ setting: Setting) -> SettingSource? {
        if commandLine[setting] != nil { return .commandLine }
        return config[setting] == nil ? nil : .config
    }

    /// The value in effect: given, else the table's default.
    public func value(_ setting: Setting) -> SettingValue? { given(setting) ?? setting.spec.defaultValue(for: command) }

    /// A `.bool` setting (false when it has no value and no default).
    public func bool(_ setting: Setting) -> Bool { value(setting)?.bool ?? false }

    /// An `.int` setting; without a value or default, the lowest of its range (use `given` for
    /// settings without a default, where absent means something).
    public func int(_ setting: Setting) -> Int {
        if let n = value(setting)?.int { return n }
        if case .int(let range, _) = setting.spec.kind { return range.lowerBound }
        return 0
    }

    /// A `.double` setting; without a value or default, the lowest of its range.
    public func double(_ setting: Setting) -> Double {
        if let n = value(setting)?.double { return n }
        if case .double(let range) = setting.spec.kind { return range.lowerBound }
        return 0
    }

    /// A name or text setting (nil: none given and no default).
    public func string(_ setting: Setting) -> String? { value(setting)?.string }

    /// A list of names (nil: none given and no default).
    public func names(_ setting: Setting) -> [String]? { value(setting)?.names }

    /// A geometry (nil: none given).
    public func geometry(_ setting: Setting) -> WindowGeometry? { value(setting)?.geometry }

    /// A size (nil: none given and no default).
    public func size(_ setting: Setting) -> Size? { value(setting)?.size }
}
