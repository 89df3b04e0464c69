import StackboardCore
import Testing
@testable import StackboardRender

/// Pictures of the painter compared with recorded PNGs (see Support/Golden.swift).
@Suite struct GoldenTests {
    /// Pressed 千, latched Shift, locked ⇧, dwell on 2 ABC, scan highlight on space.
    static func states(_ index: Int) -> KeyVisual {
        switch index {
        case 0: return KeyVisual(pressed: true)
        case 5: return KeyVisual(latched: true)
        case 10: return KeyVisual(locked: true)
        case 7: return KeyVisual(dwellProgress: 0.6)
        case 11: return KeyVisual(scanHighlighted: true)
        default: return .idle
        }
    }

    @Test(arguments: Samples.themes.names)
    func keyboardInEveryTheme(theme name: String) throws {
        let painter = try KeyboardPainter(theme: try Samples.theme(name))
        let geometry = Samples.geometry(Samples.mixed, Size(width: 640, height: 200))
        let (image, ctx) = try Samples.canvas(geometry.size)
        painter.paintAll(ctx, geometry: geometry, shifted: false, states: Self.states, pendingMorse: ".-")
        try ctx.check()
        try Golden.check(image, named: "mixed-\(name)")
    }

    /// The suggestion bar above the keys: three words, the middle one pressed, a long word fitted.
    @Test func suggestionBar() throws {
        let painter = try KeyboardPainter(theme: try Samples.theme("light"))
        let layout = Samples.withBar(Samples.mixed)
        let geometry = Samples.geometry(layout, Size(width: 640, height: 240))
        let words = ["hello", "help", "helicopters"]
        let (image, ctx) = try Samples.canvas(geometry.size)
        painter.paintAll(ctx, geometry: geometry, shifted: false) { index in
            guard case .suggestion(let slot) = geometry.keys[index].key.action else { return .idle }
            return KeyVisual(pressed: slot == 1, label: words[slot])
        }
        try ctx.check()
        try Golden.check(image, named: "suggestion-bar")
    }

    @Test func shiftedLabelsAtScaleTwo() throws {
        let painter = try KeyboardPainter(theme: try Samples.theme("light"), scale: 2)
        let geometry = Samples.geometry(Samples.mixed, Size(width: 900, height: 260))
        let (image, ctx) = try Samples.canvas(geometry.size)
        painter.paintAll(ctx, geometry: geometry, shifted: true)
        try Golden.check(image, named: "mixed-light-shifted-scale2")
    }

    @Test func smallKeyboardKeepsLabelsReadable() throws {
        let painter = try KeyboardPainter(theme: try Samples.theme("dark"))
        let geometry = Samples.geometry(Samples.mixed, Size(width: 320, height: 90))
        let (image, ctx) = try Samples.canvas(geometry.size)
        painter.paintAll(ctx, geometry: geometry, shifted: false)
        try Golden.check(image, named: "mixed-dark-small")
    }

    @Test(arguments: Samples.themes.names)
    func alternatesPopupInItsOwnSurface(theme name: String) throws {
        let painter = try KeyboardPainter(theme: try Samples.theme(name))
        let frames = (0..<4).map { Rect(x: 100 + $0 * 52, y: -70, width: 48, height: 60) }
        let popup = AlternatesPaint(keyIndex: 9, options: ["è", "é", "ê", "ë"], frames: frames, highlighted: 1)
        let bounds = painter.popupBounds(popup)
        let (image, ctx) = try Samples.canvas(Size(width: bounds.width, height: bounds.height))
        painter.paintAlternates(ctx, popup, offset: Point(x: -bounds.x, y: -bounds.y))
        try Golden.check(image, named: "alternates-\(name)")
    }

    @Test(arguments: Samples.themes.names)
    func entryWindow(theme name: String) throws {
        let theme = try Samples.theme(name)
        let size = Size(width: 360, height: 420)
        let (field, keys) = EntryLayout.geometry(layout: Samples.digits, layer: Samples.digits.layers[0], size: size)
        let (image, ctx) = try Samples.canvas(size)
        try KeyboardPainter(theme: theme).paintAll(ctx, geometry: keys, shifted: false)
        let paint = FieldPaint(prompt: "Amount", text: "1250", cursorIndex: 2, placeholder: "0")
        try FieldPainter(theme: theme).paint(ctx, field: paint, in: field)
        try Golden.check(image, named: "entry-\(name)")
    }

    @Test func fieldStates() throws {
        let painter = try FieldPainter(theme: try Samples.theme("light"))
        let rows: [FieldPaint] = [
            FieldPaint(prompt: "PIN", text: "●●●", cursorIndex: 3),
            FieldPaint(text: "", cursorIndex: 0, placeholder: "Tap the keys"),
            FieldPaint(text: "12345678", cursorIndex: 8, flash: true),
            FieldPaint(text: "SOS", cursorIndex: 3, pending: ".-"),
            FieldPaint(prompt: "Name", text: "千万 élan 😀 and a long tail that scrolls out of sight", cursorIndex: 4),
        ]
        let (image, ctx) = try Samples.canvas(Size(width: 420, height: 60 * rows.count))
        for (i, row) in rows.enumerated() {
            painter.paint(ctx, field: row, in: Rect(x: 0, y: i * 60, width: 420, height: 60))
        }
        try Golden.check(image, named: "field-states")
    }
}
