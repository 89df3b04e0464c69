import StackboardCore
import Testing
@testable import StackboardRender

/// The entry field: taps map to cursor positions the way the field is painted.
@Suite struct FieldTests {
    static let rect = Rect(x: 0, y: 0, width: 400, height: 60)

    static func painter() throws -> FieldPainter { try FieldPainter(theme: try Samples.theme("light")) }

    /// The window column of the boundary before Character `index` of the shown text.
    static func boundaryX(_ p: FieldPainter, _ field: FieldPaint, _ index: Int) throws -> Double {
        let m = try #require(p.metrics(field: field, in: rect))
        let body = try #require(m.body)
        let prefix = String(m.shownText.prefix(index)).utf8.count
        return m.textArea.x - m.scroll + Self.xOfByte(body, prefix)
    }

    static func xOfByte(_ body: PangoLayoutBox, _ byte: Int) -> Double {
        // The painter's own cursor math, through Pango.
        FieldPainter.xOfByte(body, byte)
    }

    @Test func tapsGoToTheNearestBoundaryBetweenCharacters() throws {
        let p = try Self.painter()
        let field = FieldPaint(prompt: "Name", text: "a千😀é b", cursorIndex: 0)
        let count = field.text.count
        #expect(p.cursorIndex(at: 0, field: field, in: Self.rect) == 0)
        #expect(p.cursorIndex(at: 399, field: field, in: Self.rect) == count)
        var previous = -1.0
        for i in 0...count {
            let x = try Self.boundaryX(p, field, i)
            #expect(x > previous)
            previous = x
            if i > 0 { #expect(p.cursorIndex(at: Int(x.rounded()) - 2, field: field, in: Self.rect) == i) }
            if i < count { #expect(p.cursorIndex(at: Int(x.rounded()) + 2, field: field, in: Self.rect) == i) }
        }
    }

    @Test func longTextScrollsToKeepTheCursorVisibleAndTapsFollow() throws {
        let p = try Self.painter()
        let text = String(repeating: "0123456789", count: 8)
        let atEnd = FieldPaint(text: text, cursorIndex: text.count)
        let m = try #require(p.metrics(field: atEnd, in: Self.rect))
        #expect(m.scroll > 0)
        #expect(m.cursorX - m.scroll <= m.textArea.width)
        #expect(p.cursorIndex(at: Int(m.textArea.x + m.textArea.width) - 1, field: atEnd, in: Self.rect) == text.count)
        #expect(p.cursorIndex(at: Int(m.textArea.x) + 3, field: atEnd, in: Self.rect) > 10)
        let atStart = FieldPaint(text: text, cursorIndex: 0)
        #expect(try #require(p.metrics(field: atStart, in: Self.rect)).scroll == 0)
        #expect(p.cursorIndex(at: Int(m.textArea.x) + 3, field: atStart, in: Self.rect) == 0)
    }

    @Test func pendingTextMapsBackToTheCursor() throws {
        let p = try Self.painter()
        let field = FieldPaint(text: "ab", cursorIndex: 1, pending: "-.-.")
        let insidePending = try Self.boundaryX(p, field, 3)
        #expect(p.cursorIndex(at: Int(insidePending), field: field, in: Self.rect) == 1)
        #expect(p.cursorIndex(at: 399, field: field, in: Self.rect) == 2)
    }

    @Test func emptyFieldsAndBadInputDoNotCrash() throws {
        let p = try Self.painter()
        #expect(p.cursorIndex(at: 100, field: FieldPaint(text: "", cursorIndex: 5), in: Self.rect) == 0)
        #expect(p.cursorIndex(at: 100, field: FieldPaint(text: "abc", cursorIndex: 99), in: Rect(x: 0, y: 0, width: 2, height: 2)) == 0)
        let (_, ctx) = try Samples.canvas(Size(width: 10, height: 10))
        p.paint(ctx, field: FieldPaint(text: "abc", cursorIndex: -3), in: Rect(x: 0, y: 0, width: 10, height: 10))
        try ctx.check()
    }

    @Test func flashAndPlaceholderChangeThePicture() throws {
        let p = try Self.painter()
        func image(_ f: FieldPaint) throws -> ImageSurface {
            let (image, ctx) = try Samples.canvas(Size(width: Self.rect.width, height: Self.rect.height))
            p.paint(ctx, field: f, in: Self.rect)
            return image
        }
        let plain = try image(FieldPaint(text: "12", cursorIndex: 2))
        let flash = try image(FieldPaint(text: "12", cursorIndex: 2, flash: true))
        #expect(PainterTests.differing(plain, flash, in: Self.rect) > 0.5)
        let empty = try image(FieldPaint(text: "", cursorIndex: 0))
        let hinted = try image(FieldPaint(text: "", cursorIndex: 0, placeholder: "Amount"))
        #expect(PainterTests.differing(empty, hinted, in: Self.rect) > 0.01)
        let notShown = try image(FieldPaint(text: "12", cursorIndex: 2, placeholder: "Amount"))
        #expect(PainterTests.differing(plain, notShown, in: Self.rect) == 0)
    }
}

@Suite struct EntryLayoutTests {
    @Test func fieldOnTopKeypadBelow() {
        let (field, keypad) = EntryLayout.split(size: Size(width: 360, height: 420))
        #expect(field == Rect(x: 0, y: 0, width: 360, height: 76))
        #expect(keypad == Rect(x: 0, y: 76, width: 360, height: 344))
        #expect(EntryLayout.split(size: Size(width: 300, height: 120)).field.height == 48)
        #expect(EntryLayout.split(size: Size(width: 300, height: 60)).field.height == 30)
        #expect(EntryLayout.split(size: Size(width: 300, height: 0)).keypad.isEmpty)
    }

    @Test func keypadGeometryIsOffsetIntoTheWindow() {
        let size = Size(width: 360, height: 420)
        let (field, keys) = EntryLayout.geometry(layout: Samples.digits, layer: Samples.digits.layers[0], size: size)
        let plain = Samples.geometry(Samples.digits, Size(width: 360, height: 420 - field.height))
        #expect(keys.size == size)
        #expect(keys.keys.count == plain.keys.count)
        for (moved, original) in zip(keys.keys, plain.keys) {
            #expect(moved.frame == Rect(x: original.frame.x, y: original.frame.y + field.height,
                                        width: original.frame.width, height: original.frame.height))
            #expect(!moved.frame.intersects(field))
            #expect(keys.hit(Point(x: moved.frame.x + 1, y: moved.frame.y + 1)) == moved.index)
        }
    }
}
