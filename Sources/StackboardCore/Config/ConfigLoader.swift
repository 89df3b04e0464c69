/// Reads `config.json`. A bad file never stops the keyboard (it may be someone's only keyboard):
/// each bad setting is reported and left at its default; the good ones are kept.
public enum ConfigLoader {
    /// Every setting the file may hold, for did-you-mean and docs.
    public static let topLevelKeys = ["layout", "layouts", "theme", "scale", "geometry", "dock", "hidden",
                                      "sound", "repeat", "longPress", "dwell", "scan"]
    static let soundKeys = ["enabled", "volume", "device"]
    static let repeatKeys = ["delay", "interval"]
    static let scanKeys = ["interval", "loops", "switch"]

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
            root = try JSONParser.parse(bytes, maxDepth: 8)
        } catch {
            let pos = SourcePosition(offset: error.offset, in: bytes)
            return (Config(), [ConfigProblem(file: file, key: "", message: "line \(pos.line), column \(pos.column): \(error.message)")])
        }
        guard let members = root.members else {
            return (Config(), [ConfigProblem(file: file, key: "", message: "expected an object like {\"theme\": \"dark\"}, found \(root.found)")])
        }
        var config = Config()
        for member in members {
            let v = member.value
            switch member.key {
            case "layout": config.layout = reader.name(v, "layout")
            case "layouts": config.layouts = reader.names(v, "layouts")
            case "theme": config.theme = reader.oneOf(v, "theme", ["light", "dark", "high-contrast"])
            case "scale": config.scale = reader.number(v, "scale", 0.25...8)
            case "geometry": config.geometry = reader.geometry(v, "geometry")
            case "dock": config.dock = reader.oneOf(v, "dock", ["bottom", "top", "none"])
            case "hidden": config.hidden = reader.bool(v, "hidden")
            case "longPress": config.longPress = reader.int(v, "longPress", 100...5000)
            case "dwell": config.dwell = reader.int(v, "dwell", 0...10000)
            case "sound":
                reader.object(v, "sound", keys: soundKeys) { key, value, r in
                    switch key {
                    case "enabled": config.soundEnabled = r.bool(value, "sound.enabled")
                    case "volume": config.soundVolume = r.int(value, "sound.volume", 0...100)
                    default: config.soundDevice = r.name(value, "sound.device")
                    }
                }
            case "repeat":
                reader.object(v, "repeat", keys: repeatKeys) { key, value, r in
                    if key == "delay" { config.repeatDelay = r.int(value, "repeat.delay", 100...5000) }
                    else { config.repeatInterval = r.int(value, "repeat.interval", 10...2000) }
                }
            case "scan":
                reader.object(v, "scan", keys: scanKeys) { key, value, r in
                    switch key {
                    case "interval": config.scanInterval = r.int(value, "scan.interval", 200...10000)
                    case "loops": config.scanLoops = r.int(value, "scan.loops", 1...20)
                    default: config.scanSwitch = r.name(value, "scan.switch")
                    }
                }
            default:
                reader.unknown(member.key, candidates: topLevelKeys, prefix: "")
            }
        }
        return (config, reader.problems)
    }
}

extension ConfigLoader {
    /// Reads the config file for `environment`. No file: every default and no problem.
    /// An unreadable file is a problem too (the keyboard still starts with defaults).
    public static func load(environment: [String: String]) -> (config: Config, problems: [ConfigProblem]) {
        guard let path = path(environment: environment) else { return (Config(), []) }
        return load(file: path)
    }

    /// Reads the config file at `path` (a missing file is not a problem).
    public static func load(file path: String) -> (config: Config, problems: [ConfigProblem]) {
        do {
            return parse(try LayoutLoader.readFile(path), file: path)
        } catch {
            if error.message.hasPrefix("no such file") { return (Config(), []) }
            return (Config(), [ConfigProblem(file: path, key: "", message: error.message)])
        }
    }
}
