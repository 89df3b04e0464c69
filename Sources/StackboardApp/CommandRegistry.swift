/// Where the subcommands are listed. Each command lives in its own file under Commands/.
enum CommandRegistry {
    /// What `stackboard` with no command (or only options) runs.
    static let defaultCommand = LayoutsCommand.command

    /// Every subcommand, in `--help` order.
    static let all: [Command] = [
        LayoutsCommand.command,
        CheckCommand.command,
        RenderCommand.command,
        SoundCheckCommand.command,
    ]
}
