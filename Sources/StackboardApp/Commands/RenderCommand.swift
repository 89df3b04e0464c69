import StackboardCore
import StackboardWords
import StackboardRender
import StackboardSystem

/// `stackboard render`: paints a layout (or the entry window) to a PNG without any X server.
enum RenderCommand {
    static let command = Command(.render, summary: "paint a layout to a PNG file, no X server needed", help: help, run)

    static let help = """
        Usage: stackboard render --output FILE.png [--layout NAME|FILE] [--size WxH] [--theme T]
                                 [--layer L] [--scale F] [--shuffle]
                                 [--entry [--prompt TEXT] [--initial TEXT] [--secure]]

        Paints the keyboard exactly as the window lays it out at that size, for docs, layout
        authors and golden tests. A PIN pad's digits are shown in order unless --shuffle. --entry
        paints the entry window (the text field above the keypad), as 'stackboard entry' shows it.

        Options:
        \(SettingsHelp.options(for: .render))
        """

    static func run(_ args: Arguments) throws(UsageError) -> Int32 {
        guard args.positional.isEmpty else {
            throw UsageError("'stackboard render' takes no word '\(args.positional[0])'; see 'stackboard render --help'.")
        }
        let values = args.settings()
        guard let output = values.string(.output) else {
            throw UsageError("'stackboard render' needs --output FILE.png, for example 'stackboard render --layout pin --output pin.png'.")
        }
        guard let size = values.size(.size) else { throw UsageError("'stackboard render' needs --size WxH.") }
        let preparation = LayoutPreparation.forLocale(shuffle: values.bool(.shuffle),
                                                      suggestions: values.bool(.entryWindow) ? 0 : values.int(.suggestions),
                                                      ownField: values.bool(.entryWindow), wordsLanguage: values.string(.language),
                                                      numberRow: values.bool(.numberRow))
        var layout: Layout
        let name = values.string(.layout) ?? KeyboardOptions.defaultLayout
        do { layout = LanguageCycle(values.names(.languages) ?? []).keyed(try preparation.load(name), named: name) } catch {
            printError("stackboard: \(error.description)")
            return 1
        }
        if !values.bool(.entryWindow) {
            layout = SettingsPanelChoices.forCommand(layout, values: values, catalog: preparation.catalog,
                                                     withPanel: values.string(.layer).map(SettingsPanel.isPanelLayer) ?? false)
        }
        let layer = try LayoutPreparation.layer(values.string(.layer), of: layout)
        var problems: [ConfigProblem] = []
        let themes = ThemeCatalog(layouts: preparation.catalog)
        let theme = KeypadSettings.theme(for: layout, given: try KeypadSettings.givenTheme(values, file: "", problems: &problems, themes: { themes }),
                                         themes: themes)
        do throws(RenderError) {
            try paint(layout: layout, layer: layer, size: size, theme: theme, scale: values.double(.scale), values: values, output: output)
        } catch {
            printError("stackboard: \(error)")
            return 1
        }
        return 0
    }

    /// The suggestions the bar shows after `typed` (none without it), from the shipped model.
    static func suggestions(after typed: String?, language: String?) -> [String] {
        guard let typed, let words = SuggestionWords.load(language: language ?? "en", slots: 3, learning: false, store: nil,
                                                          report: { printError("stackboard: " + $0) }) else { return [] }
        for c in typed {
            if c == "\u{8}" { _ = words.deletingBackward() } else { _ = words.typing(String(c)) }
        }
        return words.suggestions()
    }

    static func paint(layout: Layout, layer: Layer, size: Size, theme: Theme, scale: Double,
                      values: SettingValues, output: String) throws(RenderError) {
        let surface = try ImageSurface(size: size)
        let ctx = try CairoContext(surface: surface)
        let painter = try KeyboardPainter(theme: theme, scale: scale, hints: values.bool(.hints))
        ctx.fill(Rect(size: size), with: theme.background)
        if values.bool(.entryWindow) {
            let (fieldRect, keys) = EntryLayout.geometry(layout: layout, layer: layer, size: size)
            painter.paintAll(ctx, geometry: keys, shifted: false)
            let secure = values.bool(.secure) || (layout.entry?.secure ?? false)
            let initial = values.string(.initial) ?? ""
            let text = secure ? FieldRules.mask(initial) : initial
            let field = FieldPaint(prompt: values.string(.prompt), text: text, cursorIndex: text.count)
            try FieldPainter(theme: theme, scale: scale).paint(ctx, field: field, in: fieldRect)
        } else {
            let geometry = KeyboardGeometry(layout: layout, layer: layer, size: size)
            let words = suggestions(after: values.string(.typed), language: values.string(.language) ?? layout.language)
            painter.paintAll(ctx, geometry: geometry, shifted: false) { index in
                guard case .suggestion(let slot) = geometry.keys[index].key.action else { return .idle }
                return KeyVisual(label: words.indices.contains(slot) ? words[slot] : "")
            }
        }
        try ctx.check()
        try surface.writePNG(to: output)
    }
}
