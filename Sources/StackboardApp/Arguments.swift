import StackboardCore

/// A command-line mistake, with a message that says what to do. Exit status 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    /// The message, one or two lines.
    public var message: String
    /// A usage error with `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// The options a command accepts: which take a value and which are plain flags.
public struct OptionSpec: Sendable {
    /// Options that take a value (`--layout NAME`), without the dashes.
    public var valued: Set<String>
    /// Flags (`--print`), without the dashes.
    public var flags: Set<String>
    /// A spec with the given options.
    public init(valued: Set<String> = [], flags: Set<String> = []) { self.valued = valued; self.flags = flags }

    /// The options of `command` in the settings table, and `--help`: `.bool` settings are flags.
    public init(command: CommandName) {
        var valued: Set<String> = [], flags: Set<String> = ["help"]
        for setting in Setting.accepted(by: command) {
            guard let flag = setting.spec.flag else { continue }
            if case .bool = setting.spec.kind { flags.insert(flag) } else { valued.insert(flag) }
        }
        self.init(valued: valued, flags: flags)
    }
}

/// Parsed arguments: option values (last one wins), flags and positional words; for a command
/// of the settings table, also each option's value checked against its setting.
public struct Arguments: Sendable {
    /// Values of valued options by name (without dashes), as written.
    public private(set) var values: [String: String] = [:]
    /// Flags that were given.
    public private(set) var flags: Set<String> = []
    /// Words that are not options.
    public private(set) var positional: [String] = []
    /// The command the words were parsed for (nil with a hand-made `OptionSpec`).
    public private(set) var command: CommandName?
    /// The settings the options gave, checked against the table.
    public private(set) var given: [Setting: SettingValue] = [:]

    /// Parses the words after `command`'s name with its options from the settings table: an
    /// unknown option gets the nearest one, a bad value the setting's message
    /// (`Option '--volume' wants a whole number from 0 to 100, not '300'.`).
    public init(_ words: [String], command: CommandName) throws(UsageError) {
        try self.init(words, spec: OptionSpec(command: command), command: command)
        for setting in Setting.accepted(by: command) {
            let spec = setting.spec
            guard let flag = spec.flag else { continue }
            if case .bool = spec.kind {
                if flags.contains(flag) { given[setting] = .bool(spec.flagSets) }
                continue
            }
            guard let text = values[flag] else { continue }
            switch spec.parse(text) {
            case .success(let value): given[setting] = value
            case .failure(let rejection): throw UsageError(rejection.commandLineMessage(flag: flag, text: text))
            }
        }
    }

    /// Parses `words` against `spec`. Accepts `--name value`, `--name=value` and `--` (the rest is positional).
    public init(_ words: [String], spec: OptionSpec) throws(UsageError) {
        try self.init(words, spec: spec, command: nil)
    }

    private init(_ words: [String], spec: OptionSpec, command: CommandName?) throws(UsageError) {
        self.command = command
        let seeHelp = command?.helpCommand ?? "stackboard --help"
        var i = 0
        var onlyPositional = false
        while i < words.count {
            let word = words[i]
            i += 1
            if onlyPositional || !word.hasPrefix("--") || word == "-" {
                if !onlyPositional && word.hasPrefix("-") && word != "-" && word.count > 1 && Int(word) == nil {
                    throw UsageError("Unknown option '\(word)'. Options start with two dashes; see '\(seeHelp)'.")
                }
                positional.append(word)
                continue
            }
            if word == "--" { onlyPositional = true; continue }
            var name = String(word.dropFirst(2))
            var inlineValue: String?
            if let eq = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if spec.valued.contains(name) {
                if let v = inlineValue {
                    values[name] = v
                } else {
                    guard i < words.count else {
                        throw UsageError("Option '--\(name)' needs a value, for example '--\(name) \(Self.example(for: name, of: command))'.")
                    }
                    values[name] = words[i]
                    i += 1
                }
            } else if spec.flags.contains(name) {
                if inlineValue != nil { throw UsageError("Option '--\(name)' takes no value.") }
                flags.insert(name)
            } else {
                let guess = command.flatMap { SettingSuggestion.option(for: name, of: $0) }
                    ?? Self.closest(to: name, in: spec.valued.union(spec.flags))
                if let guess {
                    throw UsageError("Unknown option '--\(name)'. Did you mean '--\(guess)'?")
                }
                let elsewhere = command.map { SettingSuggestion.commands(taking: name, besides: $0) } ?? []
                if let command, !elsewhere.isEmpty {
                    let names = elsewhere.map { "'\($0.invocation)'" }
                    let owners = names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "") : names.joined()
                    throw UsageError("'\(command.invocation)' has no option '--\(name)': that is an option of \(owners). "
                                     + "See '\(seeHelp)' for its options.")
                }
                throw UsageError("Unknown option '--\(name)'. See '\(seeHelp)' for the options.")
            }
        }
    }

    /// The value of a valued option, as written.
    public func value(_ name: String) -> String? { values[name] }

    /// Whether a flag was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// `--help` was given.
    public var help: Bool { flags.contains("help") }

    /// The command's settings: these options over the settings of `config` the command reads,
    /// over the table's defaults.
    public func settings(config: Config = Config()) -> SettingValues {
        SettingValues(command: command ?? .check, commandLine: given, config: config)
    }

    private static func example(for name: String, of command: CommandName?) -> String {
        command.flatMap { Setting.option(name, of: $0) }?.spec.example ?? "VALUE"
    }

    /// The candidate closest to `word` if it is close enough to be a typo (see `Suggestion`).
    public static func closest(to word: String, in candidates: Set<String>) -> String? {
        Suggestion.closest(to: word, in: candidates.sorted())
    }
}
