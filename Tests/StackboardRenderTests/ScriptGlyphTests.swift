import StackboardCore
import StackboardXKB
import Testing
@testable import StackboardRender

/// Every label of every XKB layout xkb-data ships, and every emoji of the panel, has a glyph in
/// the fonts set-up installs (scripts/setup.sh): Pango reports no unknown glyph, in the
/// regular and the bold weight the themes use. Labels are checked as the painter shows them
/// (`LabelDisplay.visible`: invisible characters by name, others in words; HarfBuzz puts lone
/// marks on its dotted circle).
@Suite struct ScriptGlyphTests {
    /// Characters no font of Debian 12 has (all newer than its Noto fonts of 2020): Vithkuqi
    /// (Unicode 14, U+10570-105BF, xkb:al(veqilharxhi)), ORIYA SIGN OVERLINE U+0B55 (Unicode 13,
    /// xkb:in(ori-bolnagri)), TAGALOG LETTER RA U+170D (Unicode 14, xkb:ph(*-bay)) and VEDIC
    /// SIGN DOUBLE ANUSVARA ANTARGOMUKHA U+1CFA (Unicode 12, xkb:in(san-misc)). Their labels show
    /// their names in words (checked below); no other label may need that.
    static func hasNoDebianFont(_ label: String) -> Bool {
        label.unicodeScalars.allSatisfy { [0x0B55, 0x170D, 0x1CFA].contains($0.value) || (0x10570...0x105BF).contains($0.value) }
    }

    /// Every label, shifted label and alternate of every layer, with the first layout showing it.
    static func labels(of layouts: [Layout]) -> [String: String] {
        var labels: [String: String] = [:]
        for layout in layouts {
            for key in layout.layers.flatMap({ $0.root.keys }) {
                for k in [key] + key.alternates {
                    for label in [k.label, k.shiftedLabel].compactMap({ $0 }) where !label.isEmpty && labels[label] == nil {
                        labels[label] = layout.name
                    }
                }
            }
        }
        return labels
    }

    @Test func everyLabelOfEveryXkbLayoutHasAGlyph() throws {
        let provider = XkbLayoutProvider()
        let registry = try provider.registry()
        var layouts: [Layout] = []
        for info in registry.layouts where info.name.layout != "custom" {
            layouts.append(try provider.layout(for: info))
        }
        #expect(layouts.count >= 700, "every layout and variant of evdev.xml and evdev.extras.xml")
        let labels = Self.labels(of: layouts)
        for bold in [false, true] {
            let renderer = try TextRenderer(family: "Sans", bold: bold)
            var missing: [String] = []
            for (label, layout) in labels.sorted(by: { $0.key < $1.key }) {
                guard renderer.unknownGlyphCount(LabelDisplay.visible(label)) > 0 else { continue }
                if Self.hasNoDebianFont(label) {
                    let shown = renderer.shownText(label)
                    #expect(renderer.unknownGlyphCount(shown) == 0 && !shown.contains("U+"), "the fallback of \(shown)")
                } else {
                    missing.append("\(label.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }) on \(layout)")
                }
            }
            #expect(missing == [], "labels with no glyph (bold: \(bold)); install the fonts of scripts/setup.sh")
        }
    }

    @Test func everyEmojiOfThePanelHasAGlyph() throws {
        let panel = try LayoutCatalog.forCurrentProcess().load("emoji")
        let labels = Self.labels(of: [panel])
        #expect(labels.count > 3000, "emoji and their skin tones")
        let renderer = try TextRenderer(family: "Sans", bold: false)
        let missing = labels.keys.filter { renderer.unknownGlyphCount($0) > 0 }.sorted()
        #expect(missing == [], "emoji with no glyph: install fonts-noto-color-emoji")
    }
}
