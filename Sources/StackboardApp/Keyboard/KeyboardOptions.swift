import StackboardCore
import StackboardRender
import StackboardSound
import StackboardSpeech
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
    /// The monitor the keyboard lives on.
    var monitor: MonitorChoice
    /// Theme, scale, sound and words, read as `stackboard entry` reads them.
    var keypad: KeypadSettings
    /// Start hidden (`--hidden`, or `hidden` in the configuration).
    var hidden: Bool
    /// `--hidden` was given: a keyboard already running is then left as it is, not shown (the
    /// configuration's `hidden` is about starting, not about a keyboard someone asks for).
    var hiddenOnCommandLine: Bool
    /// `--print`: write every typed key to stdout.
    var print: Bool
    /// Repeat, long press, dwell and scanning times.
    var timing: KeyTiming
    /// How the keyboard scans when scanning is on (`timing.scan`): mode, pattern, times, switches.
    var scanning: ScanSetup
    /// `--speak`: how the scan's highlights are spoken (nil: they are not; never in a plug).
    var speech: SpeechSettings?
    /// `--dwell-click`: seconds the pointer rests outside the keyboard before it clicks (nil: off).
    var dwellClick: Double?
    /// Slots of the typing layouts' suggestion bar (0: no bar).
    var suggestions: Int
    /// Digits on top of the letters (`--number-row`).
    var numberRow: Bool
    /// The languages the language key cycles through (empty: no language key).
    var languages: LanguageCycle
    /// `--auto-show`: follow the focus of text fields (starts hidden).
    var autoShow: Bool
    /// `--learn-everywhere`: learn without seeing the field (else a word is learned only once
    /// the focused field's text, read over AT-SPI, shows it).
    var learnEverywhere: Bool
    /// What the word engine may do to what is typed (correction, capitals, double space).
    var wordField: WordFieldSettings
    /// `--xid`: the keyboard as an XEmbed plug in a greeter's or locker's window.
    var xid: Bool
    /// `--hide-on-physical-keys`.
    var hideOnPhysicalKeys: Bool
    /// `--summon-button`: a round button that shows the keyboard while it is hidden (never in a plug).
    var summonButton: Bool
    /// `--tray`: whether the keyboard puts an icon in the desktop's panel (never in a plug).
    var tray: TrayChoice

    /// When the keyboard has a tray icon.
    enum TrayChoice: String {
        /// When the panel has a tray; silently none otherwise.
        case auto
        /// The same, and one line on stderr when there is none.
        case on
        /// Never.
        case off
    }
    /// The command line gave `--geometry` or `--dock`: remembered places are not taken.
    var placedOnCommandLine: Bool
    /// `--help`.
    var help: Bool
    /// Who may open the settings panel (`settings`, `settings-pin`; never a plug).
    var settingsAccess: SettingsAccess
    /// The settings these options were read from (the settings panel starts from them).
    var values: SettingValues
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
    static let defaultLayout = Setting.layout.spec.defaultValue?.string ?? "qwerty"

    /// Parses the words after `keyboard` on top of `config`, read from `configFile`: every
    /// setting of the table for the keyboard, the command line over the file over the defaults.
    init(_ words: [String], config: Config = Config(), configFile: String = "") throws(UsageError) {
        let args = try Arguments(words, command: .keyboard)
        if let extra = args.positional.first {
            throw UsageError("Unexpected argument '\(extra)'. See 'stackboard keyboard --help'.")
        }
        try self.init(values: args.settings(config: config), help: args.help, configFile: configFile)
    }

    /// The options `values` give (the settings panel's: the command line and its changes over
    /// config.json as it wrote it).
    init(values: SettingValues, help: Bool = false, configFile: String) throws(UsageError) {
        self.values = values
        self.help = help
        print = values.bool(.print)
        hiddenOnCommandLine = values.commandLine[.hidden] != nil
        xid = values.bool(.xid)
        autoShow = values.bool(.autoShow) && !xid
        learnEverywhere = values.bool(.learnEverywhere)
        wordField = WordFieldSettings(values)
        hideOnPhysicalKeys = values.bool(.hideOnPhysicalKeys)
        summonButton = values.bool(.summonButton) && !xid
        tray = xid ? .off : values.string(.tray).flatMap(TrayChoice.init(rawValue:)) ?? .auto
        placedOnCommandLine = values.commandLine[.geometry] != nil || values.commandLine[.dock] != nil
        hidden = values.bool(.hidden) || autoShow
        timing = KeyTiming(values)
        let dwellClickMs = values.int(.dwellClick)
        dwellClick = dwellClickMs > 0 ? Double(dwellClickMs) / 1000 : nil
        geometry = values.geometry(.geometry)
        dock = values.string(.dock).flatMap(DockEdge.init(rawValue:))
        languages = LanguageCycle(values.names(.languages) ?? [])
        // A plug sits in a greeter or a locker: no suggestions unless asked for.
        suggestions = xid && !values.bool(.suggest) ? 0 : values.int(.suggestions)
        numberRow = values.bool(.numberRow)
        var problems: [ConfigProblem] = []
        keypad = try KeypadSettings(values, file: configFile, problems: &problems)
        scanning = try ScanSetup(values, file: configFile, problems: &problems)
        speech = values.bool(.speak) && !xid
            ? SpeechSettings(rate: values.int(.speechRate), volume: values.int(.speechVolume), command: values.string(.speakCommand))
            : nil
        monitor = try values.custom(.monitor, file: configFile, problems: &problems, MonitorChoice.init(parsing:)) ?? .primary
        let settings = SettingsAccess.from(values, plug: xid, file: configFile)
        settingsAccess = settings.access
        if let problem = settings.problem { problems.append(problem) }
        configProblems = problems
        (layouts, requestedLayout) = Self.layouts(values)
    }

    /// The layout list: `--layouts` else the config's `layouts`; the first shown is `--layout`,
    /// else the first of `--layouts`, else the config's `layout`, else the list's first, else qwerty.
    private static func layouts(_ values: SettingValues) -> ([LayoutChoice], String?) {
        // The languages, when given, are the layouts the (language) key cycles through.
        let commandList = values.commandLine[.layouts]?.names ?? values.commandLine[.languages]?.names
        let configList = values.config[.languages].map { (Setting.languages, $0) } ?? values.config[.layouts].map { (Setting.layouts, $0) }
        var list = commandList.map { $0.map { LayoutChoice(name: $0) } }
            ?? (configList?.1.names ?? []).map { LayoutChoice(name: $0, configKey: configList?.0.spec.key) }
        let requested = values.commandLine[.layout]?.string ?? commandList?.first
        let first = requested.map { LayoutChoice(name: $0) }
            ?? values.config[.layout]?.string.map { LayoutChoice(name: $0, configKey: Setting.layout.spec.key) }
            ?? list.first ?? LayoutChoice(name: defaultLayout)
        if let at = list.firstIndex(where: { $0.name == first.name }) {
            list = Array(list[at...] + list[..<at])
            list[0] = first
        } else {
            list.insert(first, at: 0)
        }
        return (list, requested)
    }

    /// The window's size and place on its monitor.
    var sizing: KeyboardSizing { KeyboardSizing(geometry: geometry, dock: dock, scale: keypad.scale) }

    /// The window's frame on a screen of `screen` pixels (one monitor).
    func frame(on screen: Size) -> Rect {
        sizing.frame(on: Rect(size: screen))
    }

    /// The state machine's behaviour settings.
    func keyboardConfig(decimalSeparator: String) -> KeyboardConfig {
        KeyboardConfig(mode: .typing, timing: timing, decimalSeparator: decimalSeparator, keyPreview: keypad.keyPreview, swipe: keypad.swipe,
                       spaceTrackpad: keypad.trackpad)
    }
}

extension KeyboardOptions {
    /// The text of `stackboard keyboard --help` (the options from the settings table).
    static let helpText = """
    Usage: stackboard [keyboard] [OPTIONS]

    Opens the on-screen keyboard on $DISPLAY. It never takes the focus: taps go to the
    application that has it. One keyboard per display: when one is running already, this
    shows it (switched to --layout if given; left as it is with --hidden) and exits 0.

    Options:
    \(SettingsHelp.options(for: .keyboard))

    Settings come from $XDG_CONFIG_HOME/stackboard/config.json (see stackboard(1)); options
    given here override it. A bad setting there is reported on stderr and left at its default.

    Signals: SIGTERM, SIGINT and SIGHUP release everything and exit with status 0;
    SIGUSR1 hides the keyboard (releasing latched modifiers), SIGUSR2 shows it again.
    Exit status: 0 on a requested stop (or when a running keyboard was told to show), 1 when
    the X server goes away, 2 for bad options, a layout that cannot be loaded, or when no
    display can be opened.
    """
}
