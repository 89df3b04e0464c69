import StackboardCore
import StackboardSystem
import StackboardXKB
import Testing
@testable import StackboardRender

/// Pictures of keyboards made from XKB layouts and of the emoji panel, compared with recorded
/// PNGs (Support/Golden.swift): Latin with dead keys, Cyrillic, Arabic (shaped, lone marks on HarfBuzz's dotted circle),
/// Devanagari, and colour emoji.
@Suite struct GoldenScriptTests {
    /// DejaVu Sans first (it has Latin, Cyrillic, Arabic and Hebrew), then fontconfig's
    /// choice per script (Noto Sans Devanagari, Noto Color Emoji).
    static let family = Samples.pinnedFamily

    static func paint(_ layout: Layout, layer: String? = nil, shifted: Bool = false, theme: String = "light",
                      size: Size = Size(width: 960, height: 300), hints: Bool = false) throws -> ImageSurface {
        var chosen = try Samples.theme(theme)
        chosen.fontFamily = family
        let painter = try KeyboardPainter(theme: chosen, hints: hints)
        let shown = try #require(layer.map { layout.layer(named: $0) } ?? layout.layers.first)
        let geometry = KeyboardGeometry(layout: layout, layer: shown, size: size)
        let (image, ctx) = try Samples.canvas(size)
        painter.paintAll(ctx, geometry: geometry, shifted: shifted)
        try ctx.check()
        return image
    }

    static func xkb(_ name: String) throws -> Layout {
        try XkbLayoutProvider().layout(named: name)
    }

    @Test(arguments: [("xkb:de", "letters", false), ("xkb:de", "altgr", false), ("xkb:de", "functions", false), ("xkb:ru", "letters", false),
                      ("xkb:ara", "letters", false), ("xkb:ara", "letters", true), ("xkb:in(deva)", "letters", false)])
    func xkbLayouts(name: String, layer: String, shifted: Bool) throws {
        let image = try Self.paint(try Self.xkb(name), layer: layer, shifted: shifted)
        let slug = name.dropFirst(4).replacingOccurrences(of: "(", with: "-").replacingOccurrences(of: ")", with: "")
        try Golden.check(image, named: "xkb-\(slug)-\(layer)" + (shifted ? "-shifted" : ""))
    }

    /// Hints: each key's first long-press alternate small in its top-right corner, dimmer than
    /// its label (AltGr characters and the dead keys' first letters on xkb:de), in both themes.
    @Test(arguments: ["light", "dark"]) func hints(theme: String) throws {
        let image = try Self.paint(try Self.xkb("xkb:de"), theme: theme, hints: true)
        try Golden.check(image, named: "xkb-de-letters-hints-\(theme)")
    }

    @Test func emojiPanel() throws {
        let catalog = LayoutCatalog(searchPath: [LayoutSource(kind: .shipped, directory: Golden.testsDirectory
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources/layouts").path)],
            providers: [], files: SystemFiles())
        let provider = EmojiProvider(searchPath: catalog.searchPath, environment: [:], files: SystemFiles())
        let panel = try provider.layout(named: "emoji")
        try Golden.check(try Self.paint(panel, theme: "dark"), named: "emoji-dark")
        try Golden.check(try Self.paint(panel, layer: "emoji:people-body:1"), named: "emoji-people-light")
    }
}
