/// One theme as `stackboard themes` lists it.
public struct ThemeEntry: Equatable, Sendable {
    /// The name to ask for it by.
    public var name: String
    /// The directory it comes from (nil: the `light` built into the program).
    public var source: LayoutSource?
    /// The file's path (empty for the built-in one).
    public var path: String
    /// Whether it loads: its description, or why not.
    public var status: Result<String, LayoutError>
    /// An entry with every property given.
    public init(name: String, source: LayoutSource?, path: String, status: Result<String, LayoutError>) {
        self.name = name; self.source = source; self.path = path; self.status = status
    }
}

/// Finds themes by name: `NAME.json` in a `themes` directory beside each directory of the
/// layouts' search path (the user's `~/.local/share/stackboard/themes` first, then
/// `$STACKBOARD_DATA_DIR/themes`, the build tree's `Resources/themes`, `/usr/share/stackboard/themes`),
/// the first hit winning; `light` is also built in. A theme file may `extend` another by name;
/// one that extends its own name starts from the next theme of that name down the path (so a
/// user's `light.json` can change the shipped light).
public struct ThemeCatalog: Equatable, Sendable {
    /// The directories searched, in order.
    public var searchPath: [LayoutSource]
    /// The longest chain of `extends`.
    public static let maxDepth = 8
    /// The built-in theme's description.
    public static let builtInDescription = "Light grey keyboard with white keys (built in)"

    /// Where the files are read.
    public let files: any Files

    /// A catalog searching exactly `searchPath` in `files`.
    public init(searchPath: [LayoutSource], files: any Files) {
        self.searchPath = searchPath
        self.files = files
    }

    /// The `themes` directories beside `layouts`' directories.
    public init(layouts: LayoutCatalog) {
        searchPath = layouts.searchPath.map { LayoutSource(kind: $0.kind, directory: $0.beside("themes")) }
        files = layouts.files
    }

    /// Equal when the search paths are.
    public static func == (a: ThemeCatalog, b: ThemeCatalog) -> Bool { a.searchPath == b.searchPath }

    /// The theme called `nameOrPath`, or the theme file there when it contains `/` or ends in
    /// `.json`. An unknown name is an error that lists the themes there are.
    public func load(_ nameOrPath: String) throws(LayoutError) -> Theme { try loadFile(nameOrPath).theme }

    /// Like `load`, with the file's description.
    public func loadFile(_ nameOrPath: String) throws(LayoutError) -> ThemeFile {
        try load(nameOrPath, from: nil, chain: [])
    }

    /// The names of every theme, sorted (`light` always among them).
    public var names: [String] {
        Array(Set(searchPath.flatMap { LayoutCatalog.files(in: $0.directory, files: files).map(\.name) } + ["light"])).sorted()
    }

    /// Every theme, one per name (the first in the search path wins), sorted by name; broken
    /// files are listed with their error.
    public func list() -> [ThemeEntry] {
        var entries: [String: ThemeEntry] = [:]
        for source in searchPath {
            for file in LayoutCatalog.files(in: source.directory, files: files) where entries[file.name] == nil {
                let status: Result<String, LayoutError>
                do { status = .success(try loadFile(file.path).description ?? "") } catch { status = .failure(error) }
                entries[file.name] = ThemeEntry(name: file.name, source: source, path: file.path, status: status)
            }
        }
        if entries["light"] == nil {
            entries["light"] = ThemeEntry(name: "light", source: nil, path: "", status: .success(Self.builtInDescription))
        }
        return entries.values.sorted { $0.name < $1.name }
    }

    /// Loads `reference` (a name or a path) for the file `from` (nil: asked for directly), with the
    /// files already on the way to it in `chain`.
    private func load(_ reference: String, from: (path: String, index: Int?)?, chain: [String]) throws(LayoutError) -> ThemeFile {
        guard !reference.isEmpty else {
            throw LayoutError(file: "", message: "empty theme name; give a name such as \"dark\" or the path of a .json file")
        }
        let found: (path: String, index: Int?)
        if reference.contains("/") || reference.hasSuffix(".json") {
            // A file in a directory of the search path has its place there (for its own-name extends).
            let path = Self.resolve(reference, besides: from?.path)
            found = (path, searchPath.firstIndex { $0.directory == FilePath.parent(of: path) })
        } else if let from, let index = from.index, LayoutLoader.layoutName(forFile: from.path) == reference {
            // A theme that extends its own name: the next one of that name down the path.
            guard let next = locate(reference, startingAt: index + 1) else { return try builtIn(reference) }
            found = next
        } else if let hit = locate(reference, startingAt: 0) {
            found = hit
        } else {
            return try builtIn(reference)
        }
        guard !chain.contains(found.path) else {
            throw LayoutError(file: found.path, message: "themes extend each other in a circle ("
                              + (chain + [found.path]).joined(separator: " → ") + "); one of them must extend another theme or none")
        }
        guard chain.count < Self.maxDepth else {
            throw LayoutError(file: found.path, message: "more than \(Self.maxDepth) themes extend one another; make the chain shorter")
        }
        let data = try LayoutLoader.readFile(found.path, kind: "theme", files: files)
        return try ThemeLoader.load(data: data, file: found.path) { (base: String) throws(LayoutError) -> Theme in
            try load(base, from: found, chain: chain + [found.path]).theme
        }
    }

    /// The built-in light, or the error for a theme that is nowhere.
    private func builtIn(_ name: String) throws(LayoutError) -> ThemeFile {
        if name == "light" { return ThemeFile(theme: .light, description: Self.builtInDescription) }
        let available = names
        let guess = Suggestion.didYouMean(name, in: available)
        let searched = searchPath.map(\.directory).joined(separator: ", ")
        throw LayoutError(file: "", message: "no theme named \(JSONValue.quote(name))" + (guess.isEmpty ? "." : guess)
                          + " Available themes: \(available.joined(separator: ", ")). Searched: \(searched)."
                          + " A theme of your own is NAME.json in the first of those directories (see 'stackboard themes').")
    }

    /// The first `name.json` from `start` on in the search path, and its directory's index.
    private func locate(_ name: String, startingAt start: Int) -> (path: String, index: Int?)? {
        guard start < searchPath.count else { return nil }
        for index in start..<searchPath.count {
            let path = searchPath[index].directory + "/" + name + ".json"
            switch files.kind(path) {
            case .missing, .directory: continue
            default: return (path, index)
            }
        }
        return nil
    }

    /// A relative path in a theme file's `extends` is relative to that file's directory.
    private static func resolve(_ path: String, besides file: String?) -> String {
        guard let file, !path.hasPrefix("/") else { return path }
        return FilePath.parent(of: file) + "/" + path
    }
}

/// Reads theme files.
public enum ThemeLoader {
    /// The theme in UTF-8 JSON `data`, named after `file`; `base` gives the theme its `extends`
    /// names (without one, the file changes the built-in light).
    public static func load(data: [UInt8], file: String,
                            base: (String) throws(LayoutError) -> Theme) throws(LayoutError) -> ThemeFile {
        guard data.count <= LayoutLoader.maxFileSize else { throw LayoutLoader.tooLarge(file, data.count, "theme") }
        let context = DecodingContext(file: file, bytes: data)
        let root: JSONValue
        do {
            root = try JSONParser.parse(data, maxDepth: LayoutLoader.maxDepth,
                                        whenEmpty: "a theme is a JSON object: { \"background\": \"#16181B\", \"normal\": {...}, ... }")
        } catch {
            throw context.error("", at: error.offset, "invalid JSON: \(error.message)")
        }
        return try ThemeDecoder(context: context).file(root, name: LayoutLoader.layoutName(forFile: file), base: base)
    }

    /// The theme in `json` (for tests): `extends` is not allowed.
    public static func load(json: String, file: String) throws(LayoutError) -> ThemeFile {
        try load(data: Array(json.utf8), file: file) { (name: String) throws(LayoutError) -> Theme in
            throw LayoutError(file: file, message: "no theme \(JSONValue.quote(name)) to extend here")
        }
    }
}
