import StackboardCore
import StackboardSystem

/// Where the keyboard's catalogs are and the ones this process uses (`Translations`).
///
/// `NAME/LC_MESSAGES/stackboard.mo` is searched in: `$STACKBOARD_LOCALE_DIR`, the nearest
/// `.build/locale` at most six levels above the executable (a build tree: `make` compiles `po/`
/// there), `../share/locale` next to the executable, then each `$XDG_DATA_DIRS` entry (default
/// `/usr/local/share:/usr/share`) + `/locale` (the Debian package installs them in
/// `/usr/share/locale`).
enum Localization {
    /// The catalogs the environment asks for, read once, on first use.
    static let current: Translations = load(environment: FileSystem.environment(),
                                            executablePath: LayoutCatalog.currentExecutablePath())

    /// `original` in the user's language.
    static func text(_ original: String) -> String { current.text(original) }

    /// The catalogs' message templates, made at the first message (not at start-up).
    static let templates = current.messageTemplates()

    /// A message line in the user's language (`Translations.message`), `stackboard: ` kept.
    static func message(_ line: String) -> String {
        let prefix = "stackboard: "
        guard line.hasPrefix(prefix) else { return current.message(line, templates: templates) }
        return prefix + current.message(String(line.dropFirst(prefix.count)), templates: templates)
    }

    static func load(environment: [String: String], executablePath: String?) -> Translations {
        Translations.load(environment: environment, searchPath: searchPath(environment: environment, executablePath: executablePath),
                          read: { FileSystem.contents($0, limit: 1 << 20) },
                          report: { StackboardSystem.printError("stackboard: " + $0) })
    }

    static func searchPath(environment: [String: String], executablePath: String?) -> [String] {
        var path: [String] = []
        if let dir = environment["STACKBOARD_LOCALE_DIR"], !dir.isEmpty { path.append(dir) }
        if let executablePath {
            var directory = parent(of: executablePath)
            for _ in 0...6 {
                if FileSystem.isDirectory(directory + "/.build/locale") { path.append(directory + "/.build/locale"); break }
                let up = parent(of: directory)
                if up == directory { break }
                directory = up
            }
            path.append(parent(of: executablePath) + "/../share/locale")
        }
        let dataDirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        for entry in dataDirs.split(separator: ":") where entry.hasPrefix("/") { path.append(entry + "/locale") }
        return path
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
