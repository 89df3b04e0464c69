import StackboardCore

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
        let (config, problems) = ConfigLoader.load(environment: environment)
        self.config = config
        self.problems = problems.filter { $0.concerns(command) }
        file = ConfigLoader.path(environment: environment) ?? "config.json"
    }
}
