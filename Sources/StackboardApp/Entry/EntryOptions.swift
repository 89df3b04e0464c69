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
    /// `--secure`: mask the field and keep its text out of every event.
    var secure: Bool
    /// `--max-length N`.
    var maxLength: Int?
    /// `--allow RULE`, as written.
    var allow: String?
    /// `--no-shuffle`: a PIN pad's digits in order.
    var noShuffle: Bool
    /// `--events`: one JSON line per change on stdout.
    var events: Bool
    /// `--xid`: become an XEmbed plug and print the window id.
    var xid: Bool
    /// `--no-field`: the keypad alone.
    var noField: Bool
    /// `--size WxH`, if given.
    var size: Size?
    /// `--theme`, if given (else the layout's preference, else light).
    var theme: Theme?
    /// `--scale F`.
    var scale: Double
    /// `--no-sound`, `--volume`, `--sound-device`.
    var sound: SoundOptions
    /// `--help`.
    var help: Bool

    static let spec = OptionSpec(valued: ["layout", "prompt", "initial", "max-length", "allow", "size", "theme",
                                          "scale", "volume", "sound-device"],
                                 flags: ["secure", "no-shuffle", "events", "xid", "no-field", "no-sound", "help"])

    /// Parses the words after `entry`.
    init(_ words: [String]) throws(UsageError) {
        let args = try Arguments(words, spec: Self.spec)
        if let extra = args.positional.first {
            throw UsageError("Unexpected argument '\(extra)'. Give the field's first text with --initial; see 'stackboard entry --help'.")
        }
        help = args.flag("help")
        layout = args.value("layout")
        prompt = args.value("prompt")
        initial = args.value("initial") ?? ""
        secure = args.flag("secure")
        maxLength = try args.int("max-length", in: 1...100_000)
        allow = args.value("allow")
        noShuffle = args.flag("no-shuffle")
        events = args.flag("events")
        xid = args.flag("xid")
        noField = args.flag("no-field")
        scale = try args.double("scale", in: 0.25...4) ?? 1
        if let text = args.value("size") {
            guard let parsed = Size(parsing: text), parsed.width <= 16384, parsed.height <= 16384 else {
                throw UsageError("Option '--size' wants WxH in pixels, for example 360x480, not '\(text)'.")
            }
            size = parsed
        }
        if let name = args.value("theme") {
            guard let found = Theme.named(name) else {
                let guess = Arguments.closest(to: name, in: Set(Theme.allNames)).map { " Did you mean '\($0)'?" } ?? ""
                throw UsageError("Unknown theme '\(name)'.\(guess) Themes: \(Theme.allNames.joined(separator: ", ")).")
            }
            theme = found
        }
        do {
            sound = try SoundOptions.parse(noSound: args.flag("no-sound"), volume: args.value("volume"),
                                           device: args.value("sound-device"))
        } catch {
            throw UsageError(error.message)
        }
    }

    /// The layout to load: `--layout`, else `numeric` for `--allow digits`, `decimal` for
    /// `--allow decimal`, else `qwerty`.
    var layoutName: String {
        if let layout { return layout }
        switch allow {
        case "digits": return "numeric"
        case "decimal": return "decimal"
        default: return "qwerty"
        }
    }

    /// The text of `stackboard entry --help`.
    static let helpText = """
    Usage: stackboard entry [--layout NAME|FILE] [--prompt TEXT] [--initial TEXT] [--secure]
                            [--max-length N] [--allow digits|decimal|CHARS|/REGEX/] [--no-shuffle]
                            [--events] [--xid [--no-field]] [--size WxH] [--theme T] [--scale F]
                            [--no-sound] [--volume 0-100] [--sound-device PCM]

    Opens a window with a text field above a keypad, for scripts: PIN=$(stackboard entry --layout pin)
    The keys (and a physical keyboard: Return, Escape, BackSpace, Delete, arrows, Home, End)
    edit the field; a tap on the field moves the cursor. Input the rules refuse makes the field
    flash with an error click.

      --layout NAME|FILE   the keypad (default: numeric with --allow digits, decimal with
                           --allow decimal, else qwerty); a layout's entry preset (pin: secure,
                           6 digits) applies unless the options below say otherwise
      --prompt TEXT        shown before the text, and the window's title
      --initial TEXT       the field's text at start (must fit the rules)
      --secure             show dots, never output the text except the result
      --max-length N       at most N characters
      --allow RULE         digits, decimal (digits and the locale's separator, once), a set of
                           characters such as 0123456789ABCDEF, or /REGEX/ matched by each character
      --no-shuffle         a PIN pad's digits in order (they are shuffled each time by default)
      --events             write one JSON object per line on stdout for every change (see below)
      --xid                become an XEmbed plug: print the window id as the first line on stdout,
                           wait for an embedder (a GTK or Qt socket) to take it; never takes the focus
      --no-field           the keypad alone, without the text field (with --xid or --events)
      --size WxH           window size (default: 360x480 for pads, 960x400 for keyboards, times --scale)
      --theme NAME         \(Theme.allNames.joined(separator: ", ")) (default: the layout's choice, or light)
      --scale F            size factor from 0.25 to 4 (default 1)
      --no-sound, --volume 0-100, --sound-device PCM   key clicks, as for the keyboard

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
