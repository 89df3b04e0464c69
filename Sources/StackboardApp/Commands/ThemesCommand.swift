import StackboardCore
import StackboardSystem

/// `stackboard themes`: one line per theme (name, where it comes from, description), or with a
/// name the whole theme as a file to start a theme of one's own from.
enum ThemesCommand {
    static let command = Command(.themes, summary: "list the themes, or print one as a file to start your own from", help: help, run)

    static let help = """
        Usage: stackboard themes [--paths]
               stackboard themes NAME|FILE

        Lists every theme, one per line, sorted by name: its name, where it comes from (user,
        data-dir, shipped or system; built-in for the light that is part of the program) and its
        description. A theme file that does not load is listed with its error. Your own themes
        are NAME.json in $XDG_DATA_HOME/stackboard/themes (default ~/.local/share/stackboard/themes)
        and override shipped ones of the same name; use one with --theme NAME or "theme" in
        config.json. With a NAME (or a FILE), prints that theme with every property, ready to
        edit; a theme needs only what it changes ("extends" names the theme it starts from, light
        if none). docs/themes.md describes every field.

        Options:
        \(SettingsHelp.options(for: .themes))
        """

    static func run(_ arguments: Arguments) throws(UsageError) -> Int32 {
        guard arguments.positional.count <= 1 else {
            throw UsageError("'stackboard themes' takes one theme at the most, not '\(arguments.positional.joined(separator: " "))'.")
        }
        let settings = arguments.settings()
        let catalog = ThemeCatalog.forCurrentProcess()
        if let name = arguments.positional.first {
            if settings.bool(.paths) { throw UsageError("'--paths' goes with the list, not with a theme's name.") }
            do {
                let file = try catalog.loadFile(name)
                print(file.theme.fileText(description: file.description), terminator: "")
                return 0
            } catch {
                printError("stackboard: \(error.description)")
                return 1
            }
        }
        let paths = settings.bool(.paths)
        let rows = catalog.list().map { entry -> (String, String, String) in
            let origin = paths ? (entry.path.isEmpty ? "(built in)" : entry.path) : (entry.source?.kind.rawValue ?? "built-in")
            switch entry.status {
            case .success(let description): return (entry.name, origin, description)
            case .failure(let error): return (entry.name, origin, "BROKEN: \(error)")
            }
        }
        for line in LayoutsCommand.columns(rows) { print(line) }
        return 0
    }
}
