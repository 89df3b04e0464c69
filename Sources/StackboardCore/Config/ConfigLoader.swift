/// Reads `config.json` by the settings table. A bad file never stops the keyboard (it may be
/// someone's only keyboard): each bad setting is reported and left at its default; the good
/// ones are kept. A dotted key of the table (`sound.volume`) is a member of an object
/// (`{"sound": {"volume": 60}}`).
public enum ConfigLoader {
    /// The keys the top level of the file may hold, in table order (`sound` for `sound.*`).
    public static var topLevelKeys: [String] { members(of: "") }

    /// The names a level of the file may hold: those of the top level for `""`, those of the
    /// `sound` object for `"sound."`.
    public static func members(of prefix: String) -> [String] {
        var names: [String] = []
        for key in Setting.configKeys where key.hasPrefix(prefix) {
            let rest = key.dropFirst(prefix.count)
            let name = String(rest.prefix { $0 != "." })
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// Where the file is: `$XDG_CONFIG_HOME/stackboard/config.json`, else `$HOME/.config/stackboard/config.json`.
    public static func path(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/stackboard/config.json" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/stackboard/config.json" }
        return nil
    }

    /// Parses the bytes of a config file named `file`.
    public static func parse(_ bytes: [UInt8], file: String) -> (config: Config, problems: [ConfigProblem]) {
        var reader = SettingReader(file: file)
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes, maxDepth: 8,
                                        whenEmpty: "the config file is a JSON object like {\"theme\": \"dark\"} (or delete it)")
        } catch {
            let pos = SourcePosition(offset: error.offset, in: bytes)
            return (Config(), [ConfigProblem(file: file, key: "", message: "line \(pos.line), column \(pos.column): \(error.message)")])
        }
        guard let members = root.members else {
            return (Config(), [ConfigProblem(file: file, key: "", message: "expected an object like {\"theme\": \"dark\"}, found \(root.found)")])
        }
        reader.read(members, prefix: "")
        return (reader.config, reader.problems)
    }
}

extension ConfigLoader {
    /// Reads the config file for `environment`. No file: every default and no problem.
    /// An unreadable file is a problem too (the keyboard still starts with defaults).
    public static func load(environment: [String: String], files: any Files) -> (config: Config, problems: [ConfigProblem]) {
        guard let path = path(environment: environment) else { return (Config(), []) }
        return load(file: path, files: files)
    }

    /// Reads the config file at `path` in `files` (a missing file is not a problem).
    public static func load(file path: String, files: any Files) -> (config: Config, problems: [ConfigProblem]) {
        do {
            return parse(try LayoutLoader.readFile(path, files: files), file: path)
        } catch {
            if error.message.hasPrefix("no such file") { return (Config(), []) }
            return (Config(), [ConfigProblem(file: path, key: "", message: error.message)])
        }
    }
}
