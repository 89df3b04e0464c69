import StackboardCore
import Testing
@testable import StackboardRender

/// Hints: a character key with long-press alternates shows the first one small in its top-right
/// corner; nothing else of the keyboard changes.
@Suite struct HintTests {
    static let size = Size(width: 300, height: 80)

    static let layout: Layout = {
        let keys = [Key(label: "e", shiftedLabel: "E", action: .text("e"),
                        alternates: [Key(label: "é", shiftedLabel: "É", action: .text("é")), Key(label: "è", action: .text("è"))]),
                    Key(label: "x", action: .text("x")),
                    Key(label: "Fn", action: .layer("f"), style: .function, alternates: [Key(label: "F1", action: .key(.keysym("F1")))]),
                    Key(label: "🌐", action: .text("w"), alternates: [Key(label: "xkb:de", action: .showLayout("xkb:de"))])]
        let row = StackItem.stack(Stack(axis: .horizontal, items: keys.map(StackItem.key)))
        return Layout(name: "t", description: "t", layers: [Layer(name: "f", root: Stack(axis: .vertical, items: [row]))])
    }()

    static func render(hints: Bool, theme: String = "light") throws -> ImageSurface {
        let painter = try KeyboardPainter(theme: try Samples.theme(theme), hints: hints)
        let (image, ctx) = try Samples.canvas(size)
        painter.paintAll(ctx, geometry: Samples.geometry(layout, size), shifted: false)
        return image
    }

    static func frame(_ index: Int) -> Rect { Samples.geometry(layout, size).keys[index].frame }

    @Test(arguments: Samples.themes.names) func theFirstAlternateIsDrawnInTheTopRightCornerOnly(theme: String) throws {
        let plain = try Self.render(hints: false, theme: theme)
        let hinted = try Self.render(hints: true, theme: theme)
        let e = Self.frame(0)
        let topRight = Rect(x: e.x + e.width / 2, y: e.y, width: e.width / 2, height: e.height / 2)
        let bottomLeft = Rect(x: e.x, y: e.y + e.height * 3 / 4, width: e.width / 2, height: e.height / 4)
        #expect(PainterTests.differing(plain, hinted, in: topRight) > 0.01, "the hint é is drawn")
        #expect(PainterTests.differing(plain, hinted, in: bottomLeft) == 0)
        for index in 1...3 {
            #expect(PainterTests.differing(plain, hinted, in: Self.frame(index)) == 0,
                    "no hint on a key without alternates, a function key or a long alternate (key \(index))")
        }
    }

    @Test func theHintFollowsShiftAndIsShortOrNone() {
        let keys = Self.layout.layers[0].root.keys
        #expect(KeyboardPainter.hint(of: keys[0], shifted: false) == "é")
        #expect(KeyboardPainter.hint(of: keys[0], shifted: true) == "É")
        #expect(KeyboardPainter.hint(of: keys[1], shifted: false) == nil)
        #expect(KeyboardPainter.hint(of: keys[2], shifted: false) == nil, "function keys show none")
        #expect(KeyboardPainter.hint(of: keys[3], shifted: false) == nil, "a word would crowd the corner")
        let wave = Key(label: "👋", action: .text("👋"), alternates: [Key(label: "👋🏻", action: .text("👋🏻"))])
        #expect(KeyboardPainter.hint(of: wave, shifted: false) == nil, "skin tones repeat the emoji")
        let hand = Key(label: "🖐️", action: .text("🖐️"), alternates: [Key(label: "🖐🏻", action: .text("🖐🏻"))])
        #expect(KeyboardPainter.hint(of: hand, shifted: false) == nil, "with a variation selector too")
    }

    @Test(arguments: Samples.themes.names) func theHintIsDimmerThanTheLabel(name: String) throws {
        let theme = try Samples.theme(name)
        let dim = theme.normal.label.blended(with: theme.normal.fill, amount: KeyboardPainter.hintDimming)
        #expect(dim.contrastRatio(with: theme.normal.fill) < theme.normal.label.contrastRatio(with: theme.normal.fill))
        #expect(dim.contrastRatio(with: theme.normal.fill) >= 3, "still legible")
    }
}
