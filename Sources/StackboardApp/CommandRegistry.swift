/// Where the subcommands are listed. Each command lives in its own file under Commands/.
enum CommandRegistry {
    /// What `stackboard` with no command (or only options) runs.
    static let defaultCommand = KeyboardCommand.command

    /// Every subcommand, in `--help` order.
    static let all: [Command] = [
        KeyboardCommand.command,
        EntryCommand.command,
        KeysCommand.command,
        LayoutsCommand.command,
        ThemesCommand.command,
        CheckCommand.command,
        RenderCommand.command,
        SoundCheckCommand.command,
        TypeCommand.command,
        WordsCommand.command,
        ScanCommand.command,
        ControlCommands.show, ControlCommands.hide, ControlCommands.toggle, ControlCommands.layout, ControlCommands.status, ControlCommands.quit, ControlCommands.click, ControlCommands.switchCommand,
    ]
}
