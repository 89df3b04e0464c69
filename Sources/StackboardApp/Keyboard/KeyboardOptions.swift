import StackboardCore
import StackboardX11

/// The options of `stackboard keyboard` (the default command).
struct KeyboardOptions {
    /// The layouts `next-layout` cycles through, in order; the first is shown at start.
    var layouts: [String]
    /// `--geometry`, if given.
    var geometry: GeometrySpec?
    /// `--dock`, if given.
    var dock: DockEdge?
    /// `--theme`, if given (else the layout's preference, else light).
    var theme: String?
    /// `--scale`: multiplies the default height (and, with the painter, line widths and labels).
    var scale: Double
    /// `--print`: write every typed key to stdout.
    var print: Bool
    /// `--help`.
    var help: Bool

    static let spec = OptionSpec(valued: ["layout", "layouts", "geometry", "dock", "theme", "scale"],
                                 flags: ["print", "help"])

    /// The text of `stackboard keyboard --help`.
    static let helpText = """
    Usage: stackboard [keyboard] [OPTIONS]

    Opens the on-screen keyboard on $DISPLAY. It never takes the focus: taps go to the
    application that has it.

      --layout NAME|FILE    the layout to show (default: qwerty)
      --layouts A,B,C       the layouts the next-layout key cycles through
      --geometry WxH+X+Y    size and position (X geometry; -X and -Y count from the right
                            and bottom edges); default: full width, a third of the screen
                            height, along the bottom
      --dock bottom|top     a dock window on that edge that reserves its space (struts), so
                            maximized windows end next to it
      --theme NAME          light, dark or high-contrast
      --scale F             size factor from 0.25 to 4 (default 1)
      --print               also write each typed key to stdout, one line per key: the text
                            of a character key, <Name> for other keys (<Return>, <BackSpace>),
                            <ctrl+c> with latched modifiers

    Signals: SIGTERM, SIGINT and SIGHUP release everything and exit with status 0;
    SIGUSR1 hides the keyboard, SIGUSR2 shows it again.
    Exit status: 0 on a requested stop, 1 when the X server goes away, 2 for bad options
    or when no display can be opened.
    """

    static let themes = ["light", "dark", "high-contrast"]

    /// Parses the words after `keyboard`.
    init(_ words: [String]) throws(UsageError) {
        let args = try Arguments(words, spec: Self.spec)
        if let extra = args.positional.first {
            throw UsageError("Unexpected argument '\(extra)'. See 'stackboard keyboard --help'.")
        }
        help = args.flag("help")
        print = args.flag("print")
        scale = try args.double("scale", in: 0.25...4) ?? 1
        if let text = args.value("geometry") {
            guard let spec = GeometrySpec(parsing: text),
                  (spec.width ?? 1) >= 1, (spec.height ?? 1) >= 1 else {
                throw UsageError("Option '--geometry' wants WxH+X+Y (for example 800x300+0+500), not '\(text)'.")
            }
            geometry = spec
        }
        if let text = args.value("dock") {
            guard let edge = DockEdge(rawValue: text) else {
                throw UsageError("Option '--dock' wants 'bottom' or 'top', not '\(text)'.")
            }
            dock = edge
        }
        if let text = args.value("theme") {
            guard Self.themes.contains(text) else {
                let guess = Arguments.closest(to: text, in: Set(Self.themes)).map { " Did you mean '\($0)'?" } ?? ""
                throw UsageError("Unknown theme '\(text)'.\(guess) Themes: \(Self.themes.joined(separator: ", ")).")
            }
            theme = text
        }
        var list: [String] = []
        if let text = args.value("layouts") {
            list = text.split(separator: ",").map { String($0) }.filter { !$0.isEmpty }
            guard !list.isEmpty else { throw UsageError("Option '--layouts' wants names separated by commas, for example qwerty,numeric.") }
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
        let height = min(screen.height, max(40, Int((Double(screen.height) / 3 * scale).rounded())))
        let y = dock == .top ? 0 : screen.height - height
        let fallback = Rect(x: 0, y: y, width: screen.width, height: height)
        return geometry?.frame(on: screen, fallback: fallback) ?? fallback
    }
}
