import Testing
import StackboardCore
@testable import StackboardApp

/// Walks the settings table: every setting takes the same values, and refuses the same ones,
/// on the command line and in config.json (boundaries, just outside them, wrong types), for
/// every command that reads both.
@Suite struct SettingsAgreementTests {
    /// The settings that are both an option and a key of the file, with a command that reads both.
    static let both: [(Setting, CommandName)] = Setting.allCases.flatMap { setting in
        setting.spec.flag == nil || setting.spec.key == nil ? []
            : setting.spec.commands.filter(\.readsConfig).sorted { $0.rawValue < $1.rawValue }.map { (setting, $0) }
    }

    /// The settings that are only options, with the first command that takes each.
    static let optionsOnly: [(Setting, CommandName)] = Setting.allCases.compactMap { setting in
        guard setting.spec.flag != nil, setting.spec.key == nil else { return nil }
        return setting.spec.commands.sorted { $0.rawValue < $1.rawValue }.first.map { (setting, $0) }
    }

    @Test func theWalkCoversTheKeyboardAndEntryMode() {
        #expect(Self.both.count >= 20)
        #expect(Set(Self.both.map(\.1)) == [.keyboard, .entry])
        #expect(Self.both.contains { $0 == (.scale, .entry) } && Self.both.contains { $0 == (.scanSwitch, .keyboard) })
    }

    @Test(arguments: both)
    func theCommandLineAndTheFileTakeTheSameValues(setting: Setting, command: CommandName) throws {
        let spec = setting.spec
        let flag = try #require(spec.flag), key = try #require(spec.key)
        if case .bool = spec.kind {
            try checkFlag(setting, command: command)
            return
        }
        for sample in SettingSamples.of(spec) {
            let file = fileResult(key: key, setting: setting, json: sample.json, command: command)
            #expect(file.accepted == sample.valid, "\(key) = \(sample.json) in the file: \(file.problems)")
            guard let cli = sample.cli else { continue }
            let line = commandLineResult(flag: flag, setting: setting, text: cli, command: command)
            #expect(line.accepted == sample.valid, "--\(flag) '\(cli)' for \(command): \(line.message)")
            if line.accepted && file.accepted {
                let said = "--\(flag) '\(cli)' gives \(String(describing: line.value)), \(key) = \(sample.json) gives "
                    + String(describing: file.value)
                #expect(line.value == file.value, "\(said)")
            }
        }
    }

    @Test(arguments: optionsOnly)
    func optionsOnlyTakeTheValuesOfTheirKind(setting: Setting, command: CommandName) throws {
        let spec = setting.spec
        let flag = try #require(spec.flag)
        if case .bool = spec.kind {
            #expect(try Arguments(["--\(flag)"], command: command).given[setting] == .bool(spec.flagSets))
            #expect(throws: UsageError("Option '--\(flag)' takes no value.")) { try Arguments(["--\(flag)=yes"], command: command) }
            return
        }
        for sample in SettingSamples.of(spec) {
            guard let cli = sample.cli else { continue }
            let accepted = (try? Arguments(["--\(flag)", cli], command: command).given[setting]) != nil
            #expect(accepted == sample.valid, "--\(flag) '\(cli)' for \(command)")
        }
    }

    /// A flag on the command line means what `true`/`false` means in the file.
    private func checkFlag(_ setting: Setting, command: CommandName) throws {
        let spec = setting.spec
        let flag = try #require(spec.flag), key = try #require(spec.key)
        let line = try Arguments(["--\(flag)"], command: command).settings()
        let file = fileResult(key: key, setting: setting, json: spec.flagSets ? "true" : "false", command: command)
        #expect(file.accepted && line.bool(setting) == spec.flagSets && file.value == .bool(spec.flagSets))
        #expect(throws: UsageError("Option '--\(flag)' takes no value.")) { try Arguments(["--\(flag)=true"], command: command) }
        for bad in ["\"true\"", "1", "null", "[]"] {
            #expect(!fileResult(key: key, setting: setting, json: bad, command: command).accepted, "\(key) = \(bad)")
        }
    }

    struct Outcome {
        var accepted: Bool
        var value: SettingValue?
        var message = ""
        var problems: [ConfigProblem] = []
    }

    /// Whether the command's options take `--flag text` (the whole command line, so that checks
    /// made after the table's, like a scan switch's keysym, count too).
    private func commandLineResult(flag: String, setting: Setting, text: String, command: CommandName) -> Outcome {
        do {
            let words = ["--\(flag)", text]
            switch command {
            case .entry: _ = try EntryOptions(words)
            default: _ = try KeyboardOptions(words)
            }
            return Outcome(accepted: true, value: try Arguments(words, command: command).given[setting])
        } catch {
            return Outcome(accepted: false, message: error.message)
        }
    }

    /// Whether the file's `key` = `json` is taken without a problem, by the loader and the command.
    private func fileResult(key: String, setting: Setting, json: String, command: CommandName) -> Outcome {
        let (config, problems) = ConfigLoader.parse(Array(SettingSamples.file(key: key, json: json).utf8), file: "config.json")
        var all = problems
        do {
            switch command {
            case .entry: all += try EntryOptions([], config: config, configFile: "config.json").configProblems
            default: all += try KeyboardOptions([], config: config, configFile: "config.json").configProblems
            }
        } catch {
            all.append(ConfigProblem(file: "config.json", key: key, message: "the options refused it: \(error.message)"))
        }
        all = all.filter { $0.concerns(command) }
        return Outcome(accepted: all.isEmpty && config[setting] != nil, value: config[setting], problems: all)
    }
}
