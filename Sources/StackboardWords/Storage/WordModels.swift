import StackboardCore
import StackboardSystem
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where the shipped word models are (`LANG.words`) and how they are loaded.
///
/// Searched in order: `$STACKBOARD_DATA_DIR/words`, the nearest `Resources/words` at most six
/// levels above the executable (a build tree), `../share/stackboard/words` next to the
/// executable, then each `$XDG_DATA_DIRS` entry (default `/usr/local/share:/usr/share`) +
/// `/stackboard/words` (the Debian package installs them in `/usr/share/stackboard/words`).
public struct WordModels: Sendable {
    /// The directories searched, in order.
    public var searchPath: [String]

    /// A search over exactly `searchPath`.
    public init(searchPath: [String]) { self.searchPath = searchPath }

    /// The standard search path from `environment` and the executable's real path.
    public init(environment: [String: String], executablePath: String?) {
        var path: [String] = []
        func add(_ directory: String) {
            let clean = Self.normalize(directory)
            if !path.contains(clean) { path.append(clean) }
        }
        if let dataDir = environment["STACKBOARD_DATA_DIR"], !dataDir.isEmpty { add(dataDir + "/words") }
        if let executablePath {
            var directory = Self.parent(of: executablePath)
            for _ in 0...6 {
                if Self.isDirectory(directory + "/Resources/words") { add(directory + "/Resources/words"); break }
                let up = Self.parent(of: directory)
                if up == directory { break }
                directory = up
            }
            add(Self.parent(of: executablePath) + "/../share/stackboard/words")
        }
        let dataDirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        for entry in dataDirs.split(separator: ":") where entry.hasPrefix("/") { add(entry + "/stackboard/words") }
        self.init(searchPath: path)
    }

    /// The search path of this process.
    public static func forCurrentProcess() -> WordModels {
        WordModels(environment: FileSystem.environment(), executablePath: LayoutCatalog.currentExecutablePath())
    }

    /// The file of `language`'s model (the first found), if any.
    public func locate(_ language: String) -> String? {
        guard Self.isLanguageTag(language) else { return nil }
        let found = searchPath.map { $0 + "/" + language + ".words" }.first { access($0, R_OK) == 0 }
        return found ?? Self.aliases[language].flatMap { locate($0) }
    }

    /// Languages whose model is another's: XKB's Norwegian layout says `no` (Norwegian), whose
    /// written standard the `nb` (Bokmål) model is.
    static let aliases = ["no": "nb"]

    /// The languages that have a model, sorted.
    public func languages() -> [String] {
        var found = Set<String>()
        for directory in searchPath {
            guard let dir = opendir(directory) else { continue }
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name.hasSuffix(".words"), !name.hasPrefix(".") { found.insert(String(name.dropLast(6))) }
            }
        }
        return found.sorted()
    }

    /// Maps and checks `language`'s model; the error lists the languages there are.
    public func load(_ language: String) throws(WordModelError) -> ShippedWordModel {
        guard let path = locate(language) else {
            let have = languages()
            throw WordModelError(file: "", message: "no word model for language '\(language)'"
                + (have.isEmpty ? " and none at all (searched: \(searchPath.joined(separator: ", "))); set STACKBOARD_DATA_DIR or reinstall"
                                : "; available: \(have.joined(separator: ", ")). See docs/words.md to add one"))
        }
        return try ShippedWordModel(storage: MappedFile(path: path), file: path)
    }

    /// Whether `tag` is a plausible language tag (letters, digits, `-` and `_`; no path).
    public static func isLanguageTag(_ tag: String) -> Bool {
        !tag.isEmpty && tag.count <= 15 && tag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    /// `path` without empty, `.` and `..` components (`/usr/bin/../share` → `/usr/share`).
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            if part == "..", path.hasPrefix("/") { continue }
            parts.append(part)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
