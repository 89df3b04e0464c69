import StackboardCore
import Testing
@testable import StackboardRender

/// A first start maps its window with the keys painted without their text, before the fonts are
/// up: that frame must be the keyboard as it will look, less its labels, and must not start Pango.
@Suite struct PainterWithoutTextTests {
    static let size = PainterTests.size

    static func render(_ painter: KeyboardPainter, labels: Bool = true,
                       states: (Int) -> KeyVisual = { _ in .idle }) throws -> ImageSurface {
        let (image, ctx) = try Samples.canvas(size)
        painter.paintAll(ctx, geometry: Samples.geometry(Samples.mixed, size), shifted: false, states: states, labels: labels)
        return image
    }

    @Test(arguments: Samples.themes.names)
    func withoutTextEveryKeyLooksAsWithEmptyLabels(theme: String) throws {
        let painter = try KeyboardPainter(theme: try Samples.theme(theme), hints: true)
        let plain = try KeyboardPainter(theme: try Samples.theme(theme))
        let withoutText = try Self.render(painter, labels: false)
        // The same keys with every label (and no hint) empty: the same pixels, exactly.
        let emptyLabels = try Self.render(plain) { _ in KeyVisual(label: "") }
        #expect(withoutText.pixels() == emptyLabels.pixels())
        // And the text is what is missing: each labelled key's middle differs from the full frame.
        let full = try Self.render(painter)
        for index in [0, 3, 8, 9, 13] {
            #expect(PainterTests.differing(withoutText, full, in: PainterTests.centre(PainterTests.frame(index))) > 0,
                    "key \(index) shows its label in the full frame only")
        }
    }

    @Test func paintingWithoutTextStartsNoText() throws {
        final class Count { var starts = 0 }
        let count = Count()
        let painter = try KeyboardPainter(theme: try Samples.theme("light"), deferredText: true,
                                          textPrerequisite: { count.starts += 1 })
        _ = try Self.render(painter, labels: false)
        #expect(count.starts == 0, "Pango was started for a frame without text")
        _ = try Self.render(painter)
        _ = try Self.render(painter)
        #expect(count.starts == 1, "the prerequisite runs once, before the first label")
    }
}
