import StackboardCore
import Testing
@testable import StackboardRender

/// Labels: fonts that cover every character, sizes that fit the key.
@Suite struct LabelTests {
    static let symbols = ["千", "万", "删", "除", "⌫", "⏎", "⇧", "é", "😀", "←", "删除", "十万"]

    @Test(arguments: [Samples.pinnedFamily, "Sans"])
    func noLabelRendersAsABox(family: String) throws {
        let text = try TextRenderer(family: family, bold: false)
        for symbol in Self.symbols {
            #expect(text.unknownGlyphCount(symbol) == 0, "'\(symbol)' has no glyph in \(family)")
        }
        // The check itself can fail: a private-use character has no glyph anywhere.
        #expect(text.unknownGlyphCount("\u{F0000}") > 0)
    }

    @Test func labelsShrinkToFitButNeverBelowTheMinimum() throws {
        let text = try TextRenderer(family: Samples.pinnedFamily, bold: false)
        let roomy = try #require(text.fitted("Backspace", width: 300, height: 60, preferred: 20, minimum: 9))
        #expect(roomy.size == 20)
        let narrow = try #require(text.fitted("Backspace", width: 60, height: 60, preferred: 20, minimum: 9))
        #expect(narrow.size < 20 && narrow.size >= 9)
        #expect(narrow.logicalSize.width <= 60)
        let tiny = try #require(text.fitted("Backspace", width: 20, height: 20, preferred: 20, minimum: 9))
        #expect(tiny.size == 9)
        #expect(tiny.logicalSize.width <= 20)   // cut with an ellipsis
    }

    @Test func multiWordLabelsWrapWhenThatKeepsThemLarger() throws {
        let text = try TextRenderer(family: Samples.pinnedFamily, bold: false)
        // On one line it would have to shrink below 80% of the preferred size: it wraps instead.
        let label = try #require(text.fitted("2 ABC", width: 34, height: 50, preferred: 16, minimum: 9))
        #expect(label.size == 16)
        #expect(label.logicalSize.width <= 34 && label.logicalSize.height <= 50)
        #expect(text.measure("2 ABC", size: 16).width > 34 / 0.8)
        // Shrinking a little keeps it on one line.
        let wide = try #require(text.fitted("2 ABC", width: 44, height: 50, preferred: 16, minimum: 9))
        #expect(wide.size < 16 && wide.size >= 12.8)
        #expect(wide.logicalSize.height < 16 * 1.5)
    }

    @Test func sizesFollowTheKeyAndTheScale() throws {
        let one = try KeyboardPainter(theme: .light)
        let two = try KeyboardPainter(theme: .light, scale: 2)
        #expect(one.minimumLabelSize == 9 && two.minimumLabelSize == 18)
        #expect(one.preferredLabelSize("q", keyHeight: 100) > one.preferredLabelSize("q", keyHeight: 50))
        #expect(one.preferredLabelSize("q", keyHeight: 50) > one.preferredLabelSize("space", keyHeight: 50))
        #expect(one.preferredLabelSize("q", keyHeight: 5) == 9)
        #expect(try KeyboardPainter(theme: .light, scale: .nan).scale == 1)
    }
}
