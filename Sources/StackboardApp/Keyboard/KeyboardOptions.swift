import StackboardCore
import StackboardRender
import StackboardSound
import StackboardX11

/// The options of `stackboard keyboard` (the default command): built-in defaults, overridden by
/// the configuration file, overridden by the command line, setting by setting.
struct KeyboardOptions {
    /// The layouts `next-layout` cycles through, in order; the first is shown at start.
    var layouts: [LayoutChoice]
    /// The layout the command line asked for (`--layout`, else the first of `--layouts`): what a
    /// second keyboard asks the running one to show.
    var requestedLayout: String?
    /// The window's size and position, if given.
    var geometry: WindowGeometry?
    /// The dock edge (nil: floating).
    var dock: DockEdge?
    /// The theme, if given (else the layout's preference, else light).
    var theme: Theme?
    /// Multiplies the default height, line widths, radii and the smallest label.
    var scale: Double
    /// Start hidden (`--hidden`, or `hidden` in the configuration).
    var hidden: Bool
    /// `--hidden` was given: a keyboard already running is then left as it is, not shown (the
    /// configuration's `hidden` is about starting, not about a keyboard someone asks for).
    var hiddenOnCommandLine: Bool
    /// `--print`: write every typed key to stdout.
    var print: Bool
    /// Seconds a repeating key is held before it repeats, and between repeats.
    var repeatDelay: Double
    /// Seconds between repeats.
    var repeatInterval: Double
    /// Seconds a key with alternates is held before they open.
    var longPress: Double
    /// Dwell time in seconds: a key fires when the pointer rests on it that long (nil: off).
    var dwell: Double?
    /// Switch scanning timing (nil: off).
    var scan: ScanConfig?
    /// The scanning switch.
    var scanSwitch: ScanSwitch
    /// Sound on or off, volume, device.
    var sound: SoundOptions
    /// `--help`.
    var help: Bool
    /// Settings of the configuration file that were valid JSON but cannot be used (each one line,
    /// like the config loader's problems); their defaults are used.
    var configProblems: [ConfigProblem] = []

    /// A layout to load, and the configuration setting that named it, if one did (then a failure
    /// to load it is reported and skipped; a layout named on the command line that fails ends
    /// the program).
    struct LayoutChoice: Equatable {
        /// A layout name or file.
        var name: String
        /// `layout` or `layouts` when the configuration file named it; nil for the command line.
        var configKey: String?
    }

    /// The layout shown when neither the command line nor the configuration names one.
    static let defaultLayout = "qwerty"
    /// The default scan switch: a mouse button needs no grab.
    static let defaultScanSwitch = ScanSwitch.button(1)
    /// The default scan interval in milliseconds.
    static let defaultScanInterval = 1000
    /// The default number of passes before scanning gives up.
    static let defaultScanLoops = 3

    static let spec = OptionSpec(valued: ["layout", "layouts", "geometry", "dock", "theme", "scale",
                                          "volume", "sound-device", "dwell", "repeat-delay", "repeat-interval",
                                          "long-press", "scan-interval", "scan-loops", "scan-switch"],
                                 flags: ["print", "no-sound", "hidden", "scan", "help"])

    /// Parses the words after `keyboard` on top of `config`, read from `configFile`.
    init(_ words: [String], config: Config = Config(), configFile: String = "") throws(UsageError) {
        let args = try Arguments(words, spec: Self.spec)
        if let extra = args.positional.first {
            throw UsageError("Unexpected argument '\(extra)'. See 'stackboard keyboard --help'.")
        }
        help = args.flag("help")
        print = args.flag("print")
        hiddenOnCommandLine = args.flag("hidden")
        hidden = hiddenOnCommandLine || config.hidden == true
        scale = try args.double("scale", in: 0.25...4) ?? config.scale ?? 1
        repeatDelay = Double(try args.int("repeat-delay", in: 100...5000) ?? config.repeatDelay ?? 500) / 1000
        repeatInterval = Double(try args.int("repeat-interval", in: 10...2000) ?? config.repeatInterval ?? 50) / 1000
        longPress = Double(try args.int("long-press", in: 100...5000) ?? config.longPress ?? 500) / 1000
        let dwellMS = try args.int("dwell", in: 100...10_000) ?? config.dwell
        dwell = dwellMS.flatMap { $0 > 0 ? Double($0) / 1000 : nil }
        geometry = try Self.geometry(args.value("geometry")) ?? config.geometry.flatMap(WindowGeometry.init(parsing:))
        let dockChoice: DockEdge?? = try Self.dock(args.value("dock")) ?? config.dock.map { DockEdge(rawValue: $0) }
        dock = dockChoice ?? nil
        theme = try args.value("theme").map(Self.theme) ?? config.theme.flatMap(Theme.named)
        do {
            let base = SoundOptions(enabled: config.soundEnabled ?? true, volume: config.soundVolume ?? SoundOptions.defaultVolume,
                                    device: config.soundDevice ?? SoundOptions.defaultDevice)
            sound = try SoundOptions.parse(noSound: args.flag("no-sound"), volume: args.value("volume"),
                                           device: args.value("sound-device"), base: base)
        } catch {
            throw UsageError(error.message)
        }
        var problems: [ConfigProblem] = []
        let configSwitch: ScanSwitch? = config.scanSwitch.flatMap { name in
            if let parsed = ScanSwitch(parsing: name) { return parsed }
            problems.append(ConfigProblem(file: configFile, key: "scan.switch", message:
                "expected button1 to button9 or an X keysym name like \"space\" or \"F12\", found \"\(name)\""))
            return nil
        }
        scanSwitch = try args.value("scan-switch").map(Self.scanSwitch) ?? configSwitch ?? Self.defaultScanSwitch
        let scanOnCommandLine = args.flag("scan") || ["scan-interval", "scan-loops", "scan-switch"].contains { args.value($0) != nil }
        let interval = try args.int("scan-interval", in: 200...10_000) ?? config.scanInterval
        let loops = try args.int("scan-loops", in: 1...20) ?? config.scanLoops ?? Self.defaultScanLoops
        if scanOnCommandLine || config.scanInterval != nil {
            scan = ScanConfig(interval: Double(interval ?? Self.defaultScanInterval) / 1000, loops: loops)
        }
        configProblems = problems
        (layouts, requestedLayout) = try Self.layouts(args, config: config)
    }

    /// The layout list: `--layouts` else the config's `layouts`; the first shown is `--layout`,
    /// else the first of `--layouts`, else the config's `layout`, else the list's first, else qwerty.
    private static func layouts(_ args: Arguments, config: Config) throws(UsageError) -> ([LayoutChoice], String?) {
        var commandList: [String]?
        if let text = args.value("layouts") {
            let names = text.split(separator: ",").map { String($0) }.filter { !$0.isEmpty }
            guard !names.isEmpty else {
                throw UsageError("Option '--layouts' wants names separated by commas, for example qwerty,numeric.")
            }
            commandList = names
        }
        var list = commandList.map { $0.map { LayoutChoice(name: $0) } }
            ?? (config.layouts ?? []).map { LayoutChoice(name: $0, configKey: "layouts") }
        let requested = args.value("layout") ?? commandList?.first
        let first = requested.map { LayoutChoice(name: $0) }
            ?? config.layout.map { LayoutChoice(name: $0, configKey: "layout") }
            ?? list.first ?? LayoutChoice(name: defaultLayout)
        if let at = list.firstIndex(where: { $0.name == first.name }) {
            list = Array(list[at...] + list[..<at])
            list[0] = first
        } else {
            list.insert(first, at: 0)
        }
        return (list, requested)
    }

    private static func geometry(_ text: String?) throws(UsageError) -> WindowGeometry? {
        guard let text else { return nil }
        guard let parsed = WindowGeometry(parsing: text) else {
            throw UsageError("Option '--geometry' wants WxH+X+Y (for example 800x300+0+500), not '\(text)'.")
        }
        return parsed
    }

    /// `--dock`: nil when not given, `.some(nil)` for `none` (floating).
    private static func dock(_ text: String?) throws(UsageError) -> DockEdge?? {
        guard let text else { return nil }
        if text == "none" { return .some(nil) }
        guard let edge = DockEdge(rawValue: text) else {
            throw UsageError("Option '--dock' wants 'bottom', 'top' or 'none', not '\(text)'.")
        }
        return edge
    }

    private static func theme(_ name: String) throws(UsageError) -> Theme {
        guard let found = Theme.named(name) else {
            let guess = Arguments.closest(to: name, in: Set(Theme.allNames)).map { " Did you mean '\($0)'?" } ?? ""
            throw UsageError("Unknown theme '\(name)'.\(guess) Themes: \(Theme.allNames.joined(separator: ", ")).")
        }
        return found
    }

    private static func scanSwitch(_ text: String) throws(UsageError) -> ScanSwitch {
        guard let parsed = ScanSwitch(parsing: text) else {
            throw UsageError("Option '--scan-switch' wants button1 to button9 or an X keysym name "
                             + "(for example space or F12), not '\(text)'.")
        }
        return parsed
    }

    /// The window's frame on a screen of `screen` pixels.
    func frame(on screen: Size) -> Rect {
        if let geometry {
            var frame = geometry.frame(on: screen)
            if geometry.y == nil, dock == .top { frame.y = 0 }
            return frame
        }
        let height = min(screen.height, max(40, Int((Double(screen.height) / 3 * scale).rounded())))
        let y = dock == .top ? 0 : screen.height - height
        return Rect(x: 0, y: y, width: screen.width, height: height)
    }

    /// The state machine's behaviour settings.
    func keyboardConfig(decimalSeparator: String) -> KeyboardConfig {
        KeyboardConfig(mode: .typing, repeatDelay: repeatDelay, repeatInterval: repeatInterval, longPressDelay: longPress,
                       decimalSeparator: decimalSeparator, dwell: dwell, scan: scan)
    }
}
