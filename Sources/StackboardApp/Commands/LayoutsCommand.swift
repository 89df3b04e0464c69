import StackboardCore
import StackboardSystem
import StackboardXKB
/// `stackboard layouts`: one line per available layout: name, where it comes from, description.
enum LayoutsCommand {
    static let command = Command(.layouts, summary: "list the available layouts and where each comes from", help: help, run)

    static let help = """
        Usage: stackboard layouts [--paths | --xkb]

        Lists every available layout file, one per line, sorted by name: its name, where it
        comes from (user, data-dir, shipped or system) and its description. A layout that does
        not load is listed with its error. User layouts in $XDG_DATA_HOME/stackboard/layouts
        (default ~/.local/share/stackboard/layouts) override shipped ones of the same name.
        Besides the files there are 'emoji' (the emoji panel), 'xkb' (the display's own XKB
        layout) and the keyboards made from XKB layouts, 'xkb:LAYOUT' or 'xkb:LAYOUT(VARIANT)':
        --xkb lists those (xkb:de, xkb:fr(bepo)) with their language and description; the ones
        the rules call exotic (evdev.extras.xml) are marked "extra".

        Options:
        \(SettingsHelp.options(for: .layouts))
        """

    static func run(_ arguments: Arguments) throws(UsageError) -> Int32 {
        if let extra = arguments.positional.first {
            throw UsageError("'stackboard layouts' takes no arguments, not '\(extra)'. To check a file, run 'stackboard check \(extra)'.")
        }
        let settings = arguments.settings()
        if settings.bool(.xkbLayouts) {
            if settings.bool(.paths) { throw UsageError("'--paths' and '--xkb' do not go together: XKB layouts are not files.") }
            return listXkb()
        }
        let catalog = LayoutCatalog.stackboard()
        let entries = catalog.list()
        guard !entries.isEmpty else {
            printError("stackboard: no layouts found. Searched: \(catalog.searchPath.map(\.directory).joined(separator: ", ")). "
                       + "Put layouts in one of these directories, or set STACKBOARD_DATA_DIR to a directory that has a 'layouts' folder.")
            return 1
        }
        for line in lines(entries, paths: settings.bool(.paths)) { print(line) }
        return 0
    }

    /// `--xkb`: every XKB layout and variant.
    static func listXkb() -> Int32 {
        let registry: XkbRegistry
        do { registry = try XkbLayoutProvider(environment: FileSystem.environment()).registry() } catch {
            printError("stackboard: \(error.description)")
            return 1
        }
        for line in xkbLines(registry) { print(line) }
        return 0
    }

    /// The `--xkb` listing: name, language (or -), description, and "(extra)" for exotic ones.
    static func xkbLines(_ registry: XkbRegistry) -> [String] {
        let rows = registry.layouts.map { info in
            (info.name.description, info.language ?? "-", info.description + (info.isExtra ? " (extra)" : ""))
        }
        let nameWidth = rows.map(\.0.count).max() ?? 0
        let languageWidth = rows.map(\.1.count).max() ?? 0
        return rows.map { pad($0.0, nameWidth) + "  " + pad($0.1, languageWidth) + "  " + $0.2 }
    }

    /// The listing: name, origin (or path) and description in aligned columns.
    static func lines(_ entries: [LayoutEntry], paths: Bool) -> [String] {
        let rows = entries.map { entry -> (String, String, String) in
            var origin = paths ? entry.path : entry.source.kind.rawValue
            if !paths, let hidden = entry.overrides.first { origin += " (overrides \(hidden.kind.rawValue))" }
            switch entry.status {
            case .valid(let description): return (entry.name, origin, description)
            case .broken(let error): return (entry.name, origin, "BROKEN: \(error)")
            }
        }
        return columns(rows)
    }

    /// Rows of name, origin and text in aligned columns (also `stackboard themes`').
    static func columns(_ rows: [(String, String, String)]) -> [String] {
        let nameWidth = rows.map(\.0.count).max() ?? 0
        let originWidth = rows.map(\.1.count).max() ?? 0
        return rows.map { name, origin, text in
            pad(name, nameWidth) + "  " + pad(origin, originWidth) + "  " + text
        }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
