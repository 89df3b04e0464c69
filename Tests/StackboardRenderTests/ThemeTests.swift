import Testing
@testable import StackboardRender

@Suite struct ThemeTests {
    @Test func builtInThemesByName() {
        #expect(Theme.allNames == ["light", "dark", "high-contrast"])
        for name in Theme.allNames { #expect(Theme.named(name)?.name == name) }
        #expect(Theme.named("neon") == nil)
    }

    /// Every label colour against the fill it is painted on.
    static func pairs(_ t: Theme) -> [(String, KeyColors)] {
        [("normal", t.normal), ("function", t.function), ("accent", t.accent), ("pressed", t.pressed),
         ("locked", t.locked), ("popup", t.popup), ("popup highlight", t.popupHighlight),
         ("field", t.field.normal), ("field flash", t.field.flash)]
    }

    @Test(arguments: Theme.allNames)
    func labelsHaveEnoughContrast(name: String) throws {
        let theme = try #require(Theme.named(name))
        let needed = name == "high-contrast" ? 7.0 : 4.5
        for (what, colors) in Self.pairs(theme) {
            let ratio = colors.label.contrastRatio(with: colors.fill)
            #expect(ratio >= needed, "\(name) \(what): contrast \(ratio) < \(needed)")
        }
        #expect(theme.field.prompt.contrastRatio(with: theme.field.normal.fill) >= needed)
    }

    @Test func highContrastIsBoldWithThickOutlines() {
        let t = Theme.highContrast
        #expect(t.boldLabels)
        #expect(t.outlineWidth >= 3)
        #expect(t.outline.contrastRatio(with: t.background) >= 7)
        #expect(t.latchedOutline.contrastRatio(with: t.background) >= 7)
        #expect(t.highlight.contrastRatio(with: t.background) >= 7)
    }

    @Test func contrastRatioMatchesWCAG() {
        #expect(abs(Color.black.contrastRatio(with: .white) - 21) < 0.01)
        #expect(Color(hex: 0x777777).contrastRatio(with: .white) > 4.4)
        #expect(Color(hex: 0x777777).contrastRatio(with: .white) < 4.6)
    }
}
