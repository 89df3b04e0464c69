import StackboardCore
import StackboardSystem

/// `config.json` as a command that reads it sees it: the settings, the problems that concern
/// the command (entry mode leaves the keyboard's own settings to the keyboard), and the path
/// for messages.
struct CommandConfig {
    /// The settings the file gave.
    let config: Config
    /// One line each for stderr; the keyboard and entry mode print them and go on.
    let problems: [ConfigProblem]
    /// The file's path (`config.json` when there is no home to find it in).
    let file: String

    /// Reads the file for `command` in `environment`.
    init(for command: CommandName, environment: [String: String]) {
        let (config, problems) = ConfigLoader.load(environment: environment, files: SystemFiles())
        self.config = config
        self.problems = problems.filter { $0.concerns(command) }
        file = ConfigLoader.path(environment: environment) ?? "config.json"
    }
}

/// The options of a command that reads config.json: parsed from its words over the file.
protocol ConfiguredOptions {
    /// Parses `words` on top of `config` (read from `configFile`).
    init(_ words: [String], config: Config, configFile: String) throws(UsageError)
    /// `--help` was given.
    var help: Bool { get }
    /// Settings of the file that cannot be used (their defaults are used).
    var configProblems: [ConfigProblem] { get }
    /// The text of the command's `--help`.
    static var helpText: String { get }
}

extension KeyboardOptions: ConfiguredOptions {}
extension EntryOptions: ConfiguredOptions {}

extension CommandConfig {
    /// The start of the keyboard and of entry mode: `command`'s config.json, its options (`type`)
    /// from `words` over it, then each problem of the file on stderr (a bad setting never stops the
    /// command: it is left at its default). `.failure` with the exit status once there is
    /// nothing more to do: `--help` printed (0), or bad options said (2).
    static func options<Options: ConfiguredOptions>(_ type: Options.Type, from words: [String], for command: CommandName)
        -> Result<(Options, CommandConfig), ExitStatus> {
        let file = CommandConfig(for: command, environment: FileSystem.environment())
        let options: Options
        do throws(UsageError) { options = try Options(words, config: file.config, configFile: file.file) } catch {
            return .failure(ExitStatus(fail(error)))
        }
        if options.help {
            print(Options.helpText)
            return .failure(ExitStatus(0))
        }
        for problem in file.problems + options.configProblems { printError("stackboard: \(problem.description)") }
        return .success((options, file))
    }
}
