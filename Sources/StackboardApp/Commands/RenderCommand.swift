import StackboardCore
import StackboardRender
import StackboardSystem

/// `stackboard render`: paints a layout (or the entry window) to a PNG without any X server.
enum RenderCommand {
    static let command = Command(name: "render", summary: "paint a layout to a PNG file, no X server needed") { words in
        run(words)
    }

    static let help = """
        Usage: stackboard render --output FILE.png [--layout NAME|FILE] [--size WxH] [--theme T]
                                 [--layer L] [--scale F] [--shuffle]
                                 [--entry [--prompt TEXT] [--initial TEXT] [--secure]]

        Paints the keyboard exactly as the window lays it out at that size, for docs, layout
        authors and golden tests. Defaults: --layout qwerty, --size 1280x400, the layout's theme
        or light. A PIN pad's digits are shown in order unless --shuffle. --entry paints the entry
        window (the text field above the keypad), as 'stackboard entry' shows it.
        Themes: \(Theme.allNames.joined(separator: ", ")).
        """

    static let spec = OptionSpec(valued: ["output", "layout", "size", "theme", "layer", "scale", "prompt", "initial"],
                                 flags: ["help", "shuffle", "entry", "secure"])

    static func run(_ words: [String]) -> Int32 {
        do {
            let args = try Arguments(words, spec: spec)
            if args.flag("help") { print(help); return 0 }
            guard args.positional.isEmpty else {
                throw UsageError("'stackboard render' takes no word '\(args.positional[0])'; see 'stackboard render --help'.")
            }
            guard let output = args.value("output") else {
                throw UsageError("'stackboard render' needs --output FILE.png, for example 'stackboard render --layout pin --output pin.png'.")
            }
            let size = try parseSize(args.value("size") ?? "1280x400")
            let scale = try args.double("scale", in: 0.25...8) ?? 1
            let preparation = LayoutPreparation.forLocale(shuffle: args.flag("shuffle"),
                                                          suggestions: args.flag("entry") ? 0 : LayoutPreparation.defaultSuggestionSlots)
            let layout: Layout
            do { layout = try preparation.load(args.value("layout") ?? "qwerty") } catch {
                printError("stackboard: \(error.description)")
                return 1
            }
            let layer = try LayoutPreparation.layer(args.value("layer"), of: layout)
            let theme = try parseTheme(args.value("theme") ?? layout.defaults.theme ?? "light")
            try paint(layout: layout, layer: layer, size: size, theme: theme, scale: scale, args: args, output: output)
            return 0
        } catch let error as UsageError {
            return fail(error)
        } catch {
            printError("stackboard: \(error)")
            return 1
        }
    }

    static func paint(layout: Layout, layer: Layer, size: Size, theme: Theme, scale: Double,
                      args: Arguments, output: String) throws {
        let surface = try ImageSurface(size: size)
        let ctx = try CairoContext(surface: surface)
        let painter = try KeyboardPainter(theme: theme, scale: scale)
        ctx.fill(Rect(size: size), with: theme.background)
        if args.flag("entry") {
            let (fieldRect, keys) = EntryLayout.geometry(layout: layout, layer: layer, size: size)
            painter.paintAll(ctx, geometry: keys, shifted: false)
            let secure = args.flag("secure") || (layout.entry?.secure ?? false)
            let initial = args.value("initial") ?? ""
            let text = secure ? FieldRules.mask(initial) : initial
            let field = FieldPaint(prompt: args.value("prompt"), text: text, cursorIndex: text.count)
            try FieldPainter(theme: theme, scale: scale).paint(ctx, field: field, in: fieldRect)
        } else {
            painter.paintAll(ctx, geometry: KeyboardGeometry(layout: layout, layer: layer, size: size), shifted: false)
        }
        try ctx.check()
        try surface.writePNG(to: output)
    }

    /// `WxH`, or a usage error that shows the format.
    static func parseSize(_ text: String) throws(UsageError) -> Size {
        guard let size = Size(parsing: text), size.width <= ImageSurface.maxSide, size.height <= ImageSurface.maxSide else {
            throw UsageError("--size wants WIDTHxHEIGHT in pixels from 1 to \(ImageSurface.maxSide), for example '--size 1280x400', not '\(text)'.")
        }
        return size
    }

    /// A built-in theme, or a usage error listing them.
    static func parseTheme(_ name: String) throws(UsageError) -> Theme {
        if let theme = Theme.named(name) { return theme }
        let guess = Arguments.closest(to: name, in: Set(Theme.allNames)).map { " Did you mean '\($0)'?" } ?? ""
        throw UsageError("Unknown theme '\(name)'.\(guess) Themes: \(Theme.allNames.joined(separator: ", ")).")
    }
}
