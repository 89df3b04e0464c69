import StackboardCore
import StackboardRender
import StackboardSound
import StackboardX11

/// The options of `stackboard keyboard` (the default command).
struct KeyboardOptions {
    /// The layouts `next-layout` cycles through, in order; the first is shown at start.
    var layouts: [String]
    /// `--geometry`, if given.
    var geometry: WindowGeometry?
    /// `--dock`, if given.
    var dock: DockEdge?
    /// `--theme`, if given (else the layout's preference, else light).
    var theme: Theme?
    /// `--scale`: multiplies the default height, line widths, radii and the smallest label.
    var scale: Double
    /// `--print`: write every typed key to stdout.
    var print: Bool
    /// `--dwell MS` in seconds: a key fires when the pointer rests on it that long.
    var dwell: Double?
    /// `--no-sound`, `--volume`, `--sound-device`.
    var sound: SoundOptions
    /// `--help`.
    var help: Bool

    static let spec = OptionSpec(valued: ["layout", "layouts", "geometry", "dock", "theme", "scale",
                                          "volume", "sound-device", "dwell"],
                                 flags: ["print", "no-sound", "help"])

    /// The text of `stackboard keyboard --help`.
    static let helpText = """
    Usage: stackboard [keyboard] [OPTIONS]

    Opens the on-screen keyboard on $DISPLAY. It never takes the focus: taps go to the
    application that has it.

      --layout NAME|FILE    the layout to show (default: qwerty; 'stackboard layouts' lists them)
      --layouts A,B,C       the layouts the next-layout key cycles through
      --geometry WxH+X+Y    size and position (X geometry; -X and -Y count from the right
                            and bottom edges); default: full width, a third of the screen
                            height, along the bottom
      --dock bottom|top     a dock window on that edge that reserves its space (struts), so
                            maximized windows end next to it
      --theme NAME          \(Theme.allNames.joined(separator: ", ")) (default: the layout's choice, or light)
      --scale F             size factor from 0.25 to 4 (default 1)
      --dwell MS            type a key when the pointer rests on it MS milliseconds (100 to
                            10000; for head pointers and eye trackers), no click needed
      --no-sound            no key clicks
      --volume 0-100        click volume (default \(SoundOptions.defaultVolume))
      --sound-device PCM    the ALSA device for clicks (default: default)
      --print               also write each typed key to stdout, one line per key: the text
                            of a character key, <Name> for other keys (<Return>, <BackSpace>),
                            <ctrl+c> with latched modifiers

    Signals: SIGTERM, SIGINT and SIGHUP release everything and exit with status 0;
    SIGUSR1 hides the keyboard, SIGUSR2 shows it again.
    Exit status: 0 on a requested stop, 1 when the X server goes away, 2 for bad options, a
    layout that cannot be loaded, or when no display can be opened.
    """

    /// Parses the words after `keyboard`.
    init(_ words: [String]) throws(UsageError) {
        let args = try Arguments(words, spec: Self.spec)
        if let extra = args.positional.first {
            throw UsageError("Unexpected argument '\(extra)'. See 'stackboard keyboard --help'.")
        }
        help = args.flag("help")
        print = args.flag("print")
        scale = try args.double("scale", in: 0.25...4) ?? 1
        dwell = try args.int("dwell", in: 100...10_000).map { Double($0) / 1000 }
        if let text = args.value("geometry") {
            guard let parsed = WindowGeometry(parsing: text) else {
                throw UsageError("Option '--geometry' wants WxH+X+Y (for example 800x300+0+500), not '\(text)'.")
            }
            geometry = parsed
        }
        if let text = args.value("dock") {
            guard let edge = DockEdge(rawValue: text) else {
                throw UsageError("Option '--dock' wants 'bottom' or 'top', not '\(text)'.")
            }
            dock = edge
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
        var list: [String] = []
        if let text = args.value("layouts") {
            list = text.split(separator: ",").map { String($0) }.filter { !$0.isEmpty }
            guard !list.isEmpty else {
                throw UsageError("Option '--layouts' wants names separated by commas, for example qwerty,numeric.")
            }
        }
        let first = args.value("layout") ?? list.first ?? "qwerty"
        if let at = list.firstIndex(of: first) {
            list = Array(list[at...] + list[..<at])
        } else {
            list.insert(first, at: 0)
        }
        layouts = list
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
}
