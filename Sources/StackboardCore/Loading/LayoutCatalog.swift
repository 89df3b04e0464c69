/// A directory the catalog searches for `NAME.json` layout files, and what kind it is.
public struct LayoutSource: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Where a layout directory comes from.
    public enum Kind: String, Equatable, Hashable, Sendable {
        /// The user's own: `$XDG_DATA_HOME/stackboard/layouts` (default `~/.local/share/...`).
        case user
        /// `$STACKBOARD_DATA_DIR/layouts`.
        case dataDir = "data-dir"
        /// The build tree's `Resources/layouts` (found from the executable).
        case shipped
        /// An `$XDG_DATA_DIRS` entry's `stackboard/layouts` (an installed package).
        case system
    }
    /// What kind of directory it is.
    public var kind: Kind
    /// The directory.
    public var directory: String
    /// A source of `kind` at `directory`.
    public init(kind: Kind, directory: String) { self.kind = kind; self.directory = directory }
    /// `kind (directory)`.
    public var description: String { "\(kind.rawValue) (\(directory))" }
    /// The directory `folder` beside this `layouts` directory (`…/stackboard/themes` for
    /// `…/stackboard/layouts`; inside it when it is not called `layouts`).
    public func beside(_ folder: String) -> String {
        (directory.hasSuffix("/layouts") ? String(directory.dropLast("/layouts".count)) : directory) + "/" + folder
    }
}

/// One available layout as `stackboard layouts` lists it.
public struct LayoutEntry: Equatable, Sendable {
    /// Whether the file loads, and what it says or why not.
    public enum Status: Equatable, Sendable {
        /// The file loads; its description.
        case valid(description: String)
        /// The file does not load; why.
        case broken(LayoutError)
    }
    /// The name to ask for it by (the file name without `.json`).
    public var name: String
    /// The directory it comes from.
    public var source: LayoutSource
    /// The file's path.
    public var path: String
    /// Whether it loads.
    public var status: Status
    /// Sources further down the search path that have a layout of the same name (hidden by this one).
    public var overrides: [LayoutSource]
    /// An entry with every property given.
    public init(name: String, source: LayoutSource, path: String, status: Status, overrides: [LayoutSource] = []) {
        self.name = name; self.source = source; self.path = path; self.status = status; self.overrides = overrides
    }
}

/// Finds layouts by name in the search directories, the first hit winning: the user's, then
/// `$STACKBOARD_DATA_DIR`, then the build tree, then `$XDG_DATA_DIRS` (see `searchPath`); then
/// asks its providers for names that are not files (`emoji`, and `xkb:de` when the program
/// gives it the XKB provider). Every layout loaded is completed by the providers (a ☺ key gets
/// the emoji panel).
public struct LayoutCatalog: Equatable, Sendable {
    /// The directories searched, in order (only those that exist are read).
    public var searchPath: [LayoutSource]
    /// Makers of layouts that are not files, asked in order.
    public var providers: [any LayoutProvider]
    /// Where the files are read.
    public let files: any Files

    /// A catalog searching exactly `searchPath` in `files`, with `providers`.
    public init(searchPath: [LayoutSource], providers: [any LayoutProvider] = [], files: any Files) {
        self.searchPath = searchPath
        self.providers = providers
        self.files = files
    }

    /// Equal when the search paths and the providers' ids are.
    public static func == (a: LayoutCatalog, b: LayoutCatalog) -> Bool {
        a.searchPath == b.searchPath && a.providers.map(\.id) == b.providers.map(\.id)
    }

    /// The catalog with `provider` asked first.
    public func adding(_ provider: any LayoutProvider) -> LayoutCatalog {
        LayoutCatalog(searchPath: searchPath, providers: [provider] + providers.filter { $0.id != provider.id }, files: files)
    }

    /// The standard search path from the environment and the executable's real path (nil: no build tree):
    /// `$XDG_DATA_HOME/stackboard/layouts` (default `$HOME/.local/share/stackboard/layouts`),
    /// `$STACKBOARD_DATA_DIR/layouts`, the nearest `Resources/layouts` at most 6 levels above the
    /// executable, and each `$XDG_DATA_DIRS` entry (default `/usr/local/share:/usr/share`) + `/stackboard/layouts`.
    public init(environment: [String: String], executablePath: String?, files: any Files) {
        var path: [LayoutSource] = []
        func add(_ kind: LayoutSource.Kind, _ directory: String) {
            let clean = Self.normalize(directory)
            if !path.contains(where: { $0.directory == clean }) { path.append(LayoutSource(kind: kind, directory: clean)) }
        }
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            add(.user, dataHome + "/stackboard/layouts")
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            add(.user, home + "/.local/share/stackboard/layouts")
        }
        if let dataDir = environment["STACKBOARD_DATA_DIR"], !dataDir.isEmpty {
            add(.dataDir, dataDir + "/layouts")
        }
        if let executablePath, let shipped = Self.buildTreeLayouts(from: executablePath, files: files) {
            add(.shipped, shipped)
        }
        let dataDirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        for entry in dataDirs.split(separator: ":") where entry.hasPrefix("/") {
            add(.system, entry + "/stackboard/layouts")
        }
        self.init(searchPath: path, providers: [EmojiProvider(searchPath: path, environment: environment, files: files)], files: files)
    }

    /// The nearest `Resources/layouts` directory in `executablePath`'s directory or up to 6 levels above it.
    public static func buildTreeLayouts(from executablePath: String, files: any Files) -> String? {
        var directory = FilePath.parent(of: files.realPath(executablePath) ?? executablePath)
        for _ in 0...6 {
            let candidate = (directory == "/" ? "" : directory) + "/Resources/layouts"
            if files.isDirectory(candidate) { return candidate }
            let parent = FilePath.parent(of: directory)
            if parent == directory { break }
            directory = parent
        }
        return nil
    }

    /// The layout files of one directory by name (`NAME.json`, hidden files skipped), sorted.
    public static func files(in directory: String, files: any Files) -> [(name: String, path: String)] {
        guard files.isDirectory(directory), let names = files.names(inDirectory: directory, directoriesOnly: false) else { return [] }
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") && $0.count > 5 }
            .sorted()
            .map { (String($0.dropLast(5)), directory + "/" + $0) }
            .filter { !files.isDirectory($0.1) }
    }

    /// Every available layout, one per name (the first in the search path wins), sorted by name.
    /// Broken files are listed with their error.
    public func list() -> [LayoutEntry] {
        var entries: [String: LayoutEntry] = [:]
        for source in searchPath {
            for file in Self.files(in: source.directory, files: files) {
                if entries[file.name] != nil {
                    entries[file.name]?.overrides.append(source)
                    continue
                }
                let status: LayoutEntry.Status
                do {
                    status = .valid(description: try LayoutLoader.load(file: file.path, files: files).description)
                } catch {
                    status = .broken(error)
                }
                entries[file.name] = LayoutEntry(name: file.name, source: source, path: file.path, status: status)
            }
        }
        return entries.values.sorted { $0.name < $1.name }
    }

    /// The names of every available layout, sorted.
    public var names: [String] {
        Array(Set(searchPath.flatMap { Self.files(in: $0.directory, files: files).map(\.name) })).sorted()
    }

    /// Where the layout called `name` is: the first `name.json` in the search path.
    public func locate(_ name: String) -> (path: String, source: LayoutSource)? {
        for source in searchPath {
            let path = source.directory + "/" + name + ".json"
            switch files.kind(path) {
            case .missing, .directory: continue
            default: return (path, source)
            }
        }
        return nil
    }

    /// Loads a layout by name, or from a file when `nameOrPath` contains `/` or ends in `.json`,
    /// and completes it (see `complete`). An unknown name is an error listing the available
    /// names (with a did-you-mean).
    public func load(_ nameOrPath: String) throws(LayoutError) -> Layout {
        complete(try loadAsWritten(nameOrPath))
    }

    /// `layout` as every provider completes it (the emoji panel for a ☺ key).
    public func complete(_ layout: Layout) -> Layout {
        providers.reduce(layout) { $1.complete($0) }
    }

    /// The same catalog, its providers deferring what costs (`LayoutProvider.deferringCompletion`):
    /// what a first frame needs, without the emoji panel of a ☺ key.
    public var deferringCompletion: LayoutCatalog {
        LayoutCatalog(searchPath: searchPath, providers: providers.map { $0.deferringCompletion() }, files: files)
    }

    /// Whether a provider would add to `layout` (loaded through `deferringCompletion`, it is
    /// loaded again in full before it is needed).
    public func completes(_ layout: Layout) -> Bool {
        providers.contains { $0.completes(layout) }
    }

    /// The provider that makes `name`, if a provider does.
    public func provider(for name: String) -> (any LayoutProvider)? {
        providers.first { $0.provides(name) }
    }

    private func loadAsWritten(_ nameOrPath: String) throws(LayoutError) -> Layout {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") {
            return try LayoutLoader.load(file: nameOrPath, files: files)
        }
        guard !nameOrPath.isEmpty else {
            throw LayoutError(file: "", message: "empty layout name; give a name such as \"qwerty\" or the path of a .json file")
        }
        if let found = locate(nameOrPath) { return try LayoutLoader.load(file: found.path, files: files) }
        if let provider = provider(for: nameOrPath) { return try provider.layout(named: nameOrPath) }
        let available = Array(Set(names + providers.flatMap(\.listedNames))).sorted()
        let searched = searchPath.map(\.directory).joined(separator: ", ")
        guard !available.isEmpty else {
            throw LayoutError(file: "", message: "no layout named \(JSONValue.quote(nameOrPath)) and no layouts at all (searched: \(searched)); set STACKBOARD_DATA_DIR or reinstall")
        }
        let guess = Suggestion.didYouMean(nameOrPath, in: available)
        throw LayoutError(file: "", message: "no layout named \(JSONValue.quote(nameOrPath))" + (guess.isEmpty ? "." : guess)
                          + " Available layouts: \(available.joined(separator: ", ")). Searched: \(searched).")
    }

    private static func normalize(_ directory: String) -> String {
        let joined = directory.split(separator: "/").joined(separator: "/")
        return directory.hasPrefix("/") ? "/" + joined : joined
    }
}
