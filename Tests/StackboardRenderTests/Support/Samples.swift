import StackboardCore
import StackboardSystem
import Testing
@testable import StackboardRender

/// Small layouts built in code, and themes with a pinned font, for stable pictures.
enum Samples {
    /// DejaVu Sans first, Noto Sans CJK SC for Chinese (emoji fall back to Noto Color Emoji by
    /// themselves; naming it here would make Pango draw digits with it).
    static let pinnedFamily = "DejaVu Sans, Noto Sans CJK SC"

    /// The shipped themes (the build tree's Resources/themes, before any system directory; no user's).
    static let themes = ThemeCatalog(layouts: LayoutCatalog(environment: [:], executablePath: LayoutCatalog.currentExecutablePath(), files: SystemFiles()))

    /// A shipped theme.
    static func shippedTheme(_ name: String) throws -> Theme { try themes.load(name) }

    /// A shipped theme with the pinned font.
    static func theme(_ name: String) throws -> Theme {
        var theme = try shippedTheme(name)
        theme.fontFamily = pinnedFamily
        return theme
    }

    static func text(_ s: String, shifted: String? = nil, alternates: [String] = []) -> StackItem {
        .key(Key(label: s, shiftedLabel: shifted, action: .text(s),
                 alternates: alternates.map { Key(label: $0, action: .text($0)) }))
    }

    static func key(_ label: String, _ action: Action, style: KeyStyle = .function, weight: Double = 1) -> StackItem {
        .key(Key(label: label, action: action, weight: weight, style: style))
    }

    static func row(_ items: [StackItem]) -> StackItem {
        .stack(Stack(axis: .horizontal, distribution: .proportional, items: items))
    }

    /// Two rows: labels that need font fallback, every style, a wrapped label, modifiers.
    ///
    /// Index: 0 千, 1 ⌫, 2 ⏎, 3 é, 4 😀, 5 Shift, 6 blank, 7 2 ABC,
    ///        8 q, 9 e (alternates), 10 ⇧, 11 space, 12 ←, 13 万, 14 删除, 15 Morse gap.
    static var mixed: Layout {
        let first = row([
            text("千"), key("⌫", .key(.backspace)), key("⏎", .key(.returnKey), style: .accent), text("é", shifted: "É"),
            text("😀"), key("Shift", .modifier(.shift)), key("", .text(""), style: .blank), text("2 ABC"),
        ])
        let second = row([
            text("q", shifted: "Q"), text("e", shifted: "E", alternates: ["è", "é", "ê", "ë"]),
            key("⇧", .modifier(.shift)), key("space", .space, style: .normal, weight: 2), key("←", .key(.left)),
            text("万"), key("删除", .key(.backspace)), key("gap", .morseGap),
        ])
        let layer = Layer(name: "main", root: Stack(axis: .vertical, items: [first, second]))
        return Layout(name: "mixed", description: "test", layers: [layer])
    }

    /// A 3x4 digit pad with backspace and done.
    static var digits: Layout {
        let rows: [StackItem] = [
            row([text("1"), text("2"), text("3")]),
            row([text("4"), text("5"), text("6")]),
            row([text("7"), text("8"), text("9")]),
            row([key("⌫", .key(.backspace)), text("0"), key("OK", .done, style: .accent)]),
        ]
        let layer = Layer(name: "digits", root: Stack(axis: .vertical, items: rows))
        return Layout(name: "digits", description: "test", layers: [layer])
    }

    /// `layout` with a suggestion bar of three slots on every layer.
    static func withBar(_ layout: Layout) -> Layout {
        var copy = layout
        copy.suggestionBar = SuggestionBar()
        return copy.withSuggestionSlots(3)
    }

    static func geometry(_ layout: Layout, _ size: Size) -> KeyboardGeometry {
        KeyboardGeometry(layout: layout, layer: layout.layers[0], size: size)
    }

    /// A surface, its context, filled with nothing yet.
    static func canvas(_ size: Size) throws -> (ImageSurface, CairoContext) {
        let surface = try ImageSurface(size: size)
        return (surface, try CairoContext(surface: surface))
    }
}
