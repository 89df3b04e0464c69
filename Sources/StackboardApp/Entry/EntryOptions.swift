import StackboardCore
import StackboardRender
import StackboardSound

/// The options of `stackboard entry`, as given (the layout's preset is applied later, by
/// `EntrySetup`, once the layout is loaded).
struct EntryOptions {
    /// `--layout`, if given (else chosen from `--allow`: see `layoutName`).
    var layout: String?
    /// `--prompt`: shown before the text (and the window's title).
    var prompt: String?
    /// `--initial`: the field's text at start (checked against the rules).
    var initial: String
    /// `--max-length N`, `--allow RULE` (as written) and `--secure` (mask the field and keep its
    /// text out of every event): what they change about the layout's field rules.
    var rules: EntryPreset
    /// `--no-shuffle`: a PIN pad's digits in order.
    var noShuffle: Bool
    /// `--events`: one JSON line per change on stdout.
    var events: Bool
    /// `--xid`: become an XEmbed plug and print the window id.
    var xid: Bool
    /// `--no-field`: the keypad alone.
    var noField: Bool
    /// `--suggest`: a suggestion bar above the keypad (a qwerty keypad unless `--layout` says).
    var suggest: Bool
    /// With `--suggest`: whether words are corrected (`--no-autocorrect`, `--no-autocorrect-in`).
    var wordField: WordFieldSettings
    /// `--size WxH`, if given.
    var size: Size?
    /// Theme, scale, sound and words (`--theme`, `--scale`, `--no-sound`, `--language`, ...), read
    /// as the keyboard reads them; key preview and swipe apply only to a field that is not secure.
    var keypad: KeypadSettings
    /// How the pad is scanned with switches (`--scan`, `--scan-mode`, `--scan-switch`...; nil: it
    /// is not).
    var scanning: ScanSetup?
    /// `--help`.
    var help: Bool

    /// Settings of the configuration file that entry mode uses but that are bad (one line each,
    /// like the keyboard's); their defaults are used.
    var configProblems: [ConfigProblem] = []

    /// Parses the words after `entry` on top of `config` (read from `configFile`): the settings
    /// of the table for entry mode, the command line over the file (theme, scale, sound) over the
    /// defaults.
    init(_ words: [String], config: Config = Config(), configFile: String = "") throws(UsageError) {
        let args = try Arguments(words, command: .entry)
        if let extra = args.positional.first {
            throw UsageError("Unexpected argument '\(extra)'. Give the field's first text with --initial; see 'stackboard entry --help'.")
        }
        let values = args.settings(config: config)
        help = args.help
        layout = values.string(.keypad)
        prompt = values.string(.prompt)
        initial = values.string(.initial) ?? ""
        rules = EntryPreset(secure: values.bool(.secure), maxLength: values.given(.maxLength)?.int, allow: values.string(.allow))
        noShuffle = values.bool(.noShuffle)
        events = values.bool(.events)
        xid = values.bool(.xid)
        noField = values.bool(.noField)
        suggest = values.bool(.suggest)
        wordField = WordFieldSettings(values)
        keypad = try KeypadSettings(values, file: configFile, problems: &configProblems)
        let scanSetup = try ScanSetup(values, file: configFile, problems: &configProblems)
        scanning = values.scanning ? scanSetup : nil
        size = values.size(.size)
    }

    /// The layout to load: `--layout`, else `numeric` for `--allow digits`, `decimal` for
    /// `--allow decimal`, else `qwerty`.
    var layoutName: String {
        if let layout { return layout }
        switch rules.allow {
        case "digits": return "numeric"
        case "decimal": return "decimal"
        default: return "qwerty"
        }
    }

    /// The text of `stackboard entry --help` (the options from the settings table).
    static let helpText = """
    Usage: stackboard entry [--layout NAME|FILE] [--prompt TEXT] [--initial TEXT] [--secure]
                            [--max-length N] [--allow digits|decimal|CHARS|/REGEX/] [--no-shuffle]
                            [--events] [--xid [--no-field]] [--size WxH] [--theme T] [--scale F]
                            [--no-sound] [--volume 0-100] [--sound-device PCM]
                            [--scan [--scan-mode MODE] [--scan-switch SWITCHES] [--scan-device NAME]]

    Opens a window with a text field above a keypad, for scripts: PIN=$(stackboard entry --layout pin)
    The keys (and a physical keyboard: Return, Escape, BackSpace, Delete, arrows, Home, End)
    edit the field; a tap on the field moves the cursor. Input the rules refuse makes the field
    flash with an error click. With --scan (or any --scan-* option) the pad is scanned as the
    keyboard is: switches pick its keys (mouse buttons on the window, grabbed keys, --scan-device;
    'stackboard switch' drives the keyboard, not an entry).

    Options:
    \(SettingsHelp.options(for: .entry))

    These settings of $XDG_CONFIG_HOME/stackboard/config.json apply here too (see stackboard(1)):
    \(Setting.accepted(by: .entry).compactMap(\.spec.key).joined(separator: ", ")); options given
    here override them. A bad one is reported on stderr and left at its default.

    Done (the return, done or OK key, or Enter) prints the text and a newline on stdout and exits 0.
    Cancel (Escape, a cancel key, closing the window, SIGTERM/SIGINT/SIGHUP, the embedder going away
    with --xid) prints nothing and exits 1. Bad options, a layout that cannot be loaded, an --initial
    the rules refuse, or no display: a message on stderr and exit status 2.

    --events: one line per change, flushed, for example
      {"event":"insert","text":"7","field":"127","length":3}
      {"event":"reject","reason":"too-long","max":6,"field":"123456","length":6}
    Events: insert, delete, clear, backspace-empty, reject, cursor, multiply, morse, done, cancel.
    Every session ends with exactly one done or cancel line; with --events the done line is the
    result (its "field") and no plain line follows. With --secure no line holds any text (only
    lengths), so a secure result is only available without --events.
    """
}
