import StackboardCore
import Testing
@testable import StackboardRender

/// What the painter must do, checked on pixels.
@Suite struct PainterTests {
    static let size = Size(width: 640, height: 200)

    /// Paints the mixed sample with `states` and returns the image.
    static func render(theme: String = "light", shifted: Bool = false,
                       states: (Int) -> KeyVisual = { _ in .idle }) throws -> ImageSurface {
        let painter = try KeyboardPainter(theme: try Samples.theme(theme))
        let (image, ctx) = try Samples.canvas(size)
        painter.paintAll(ctx, geometry: Samples.geometry(Samples.mixed, size), shifted: shifted, states: states)
        return image
    }

    /// Fraction of pixels inside `rect` that differ by more than the golden tolerance.
    static func differing(_ a: ImageSurface, _ b: ImageSurface, in rect: Rect) -> Double {
        var count = 0
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                if Golden.differingPixels([a.pixel(x: x, y: y)], [b.pixel(x: x, y: y)])[0] { count += 1 }
            }
        }
        return Double(count) / Double(max(1, rect.width * rect.height))
    }

    /// The middle half of a frame.
    static func centre(_ r: Rect) -> Rect {
        Rect(x: r.x + r.width / 4, y: r.y + r.height / 4, width: r.width / 2, height: r.height / 2)
    }

    static func frame(_ index: Int) -> Rect { Samples.geometry(Samples.mixed, size).keys[index].frame }

    @Test(arguments: Samples.themes.names)
    func pressedKeyLooksDifferentAtItsCentre(theme: String) throws {
        let idle = try Self.render(theme: theme)
        let pressed = try Self.render(theme: theme) { $0 == 8 ? KeyVisual(pressed: true) : .idle }
        #expect(Self.differing(idle, pressed, in: Self.centre(Self.frame(8))) > 0.5)
        #expect(Self.differing(idle, pressed, in: Self.frame(9)) == 0)
    }

    @Test(arguments: Samples.themes.names)
    func latchedAndLockedAreDistinguishable(theme: String) throws {
        let shift = Self.frame(5)
        let idle = try Self.render(theme: theme)
        let latched = try Self.render(theme: theme) { $0 == 5 ? KeyVisual(latched: true) : .idle }
        let locked = try Self.render(theme: theme) { $0 == 5 ? KeyVisual(locked: true) : .idle }
        #expect(Self.differing(idle, latched, in: shift) > 0.05)
        #expect(Self.differing(idle, locked, in: shift) > 0.05)
        #expect(Self.differing(latched, locked, in: shift) > 0.05)
    }

    @Test func repaintingOneKeyTouchesOnlyItsFrame() throws {
        let painter = try KeyboardPainter(theme: try Samples.theme("dark"))
        let geometry = Samples.geometry(Samples.mixed, Self.size)
        let (image, ctx) = try Samples.canvas(Self.size)
        painter.paintAll(ctx, geometry: geometry, shifted: false)
        let before = image.pixels()
        let frame = geometry.keys[9].frame
        painter.paintKeys(ctx, geometry: geometry, indices: [9, 99, -1], shifted: false) { _ in
            KeyVisual(pressed: true, latched: true, locked: true, dwellProgress: 0.5, scanHighlighted: true)
        }
        let after = image.pixels()
        var changedInside = 0
        for y in 0..<Self.size.height {
            for x in 0..<Self.size.width {
                let i = y * Self.size.width + x
                if frame.contains(Point(x: x, y: y)) {
                    if before[i] != after[i] { changedInside += 1 }
                } else if before[i] != after[i] {
                    Issue.record("pixel \(x),\(y) outside the repainted key changed")
                    return
                }
            }
        }
        #expect(changedInside > frame.width * frame.height / 4)
        // Repainting it at rest gives back exactly the first picture.
        painter.paintKeys(ctx, geometry: geometry, indices: [9], shifted: false)
        #expect(image.pixels() == before)
    }

    @Test(arguments: Samples.themes.names)
    func blankKeysAreBackground(theme name: String) throws {
        let theme = try Samples.theme(name)
        let image = try Self.render(theme: name)
        let (reference, ctx) = try Samples.canvas(Size(width: 1, height: 1))
        ctx.fill(Rect(x: 0, y: 0, width: 1, height: 1), with: theme.background)
        let background = reference.pixel(x: 0, y: 0)
        let blank = Self.frame(6)
        for y in blank.y..<blank.maxY {
            for x in blank.x..<blank.maxX where image.pixel(x: x, y: y) != background {
                Issue.record("blank key pixel \(x),\(y) is not the background")
                return
            }
        }
    }

    @Test func shiftShowsShiftedLabelsOnly() throws {
        let plain = try Self.render()
        let shifted = try Self.render(shifted: true)
        #expect(Self.differing(plain, shifted, in: Self.frame(8)) > 0.01)   // q → Q
        #expect(Self.differing(plain, shifted, in: Self.frame(0)) == 0)     // 千 has no shifted label
    }

    @Test func perKeyShiftShowsTheShiftedLabelOfThatKeyOnly() throws {
        // Caps lock shifts letters only: the app marks each key that would type shifted.
        let plain = try Self.render()
        let oneKey = try Self.render(states: { $0 == 8 ? KeyVisual(shifted: true) : .idle })
        let all = try Self.render(shifted: true)
        #expect(Self.differing(plain, oneKey, in: Self.frame(8)) > 0.01)      // q → Q
        #expect(Self.differing(all, oneKey, in: Self.frame(8)) == 0)          // same as shifting all
        #expect(Self.differing(plain, oneKey, in: Self.frame(9)) == 0)        // e stays e
    }

    @Test func dwellRingGrowsWithProgressAndScanHighlightShows() throws {
        let key = Self.frame(3)
        let idle = try Self.render()
        let start = try Self.render { $0 == 3 ? KeyVisual(dwellProgress: 0) : .idle }
        let half = try Self.render { $0 == 3 ? KeyVisual(dwellProgress: 0.5) : .idle }
        let full = try Self.render { $0 == 3 ? KeyVisual(dwellProgress: 1) : .idle }
        let scan = try Self.render { $0 == 3 ? KeyVisual(scanHighlighted: true) : .idle }
        #expect(Self.differing(idle, start, in: key) > 0.01)
        let halfChange = Self.differing(start, half, in: key)
        #expect(halfChange > 0.01)
        #expect(Self.differing(start, full, in: key) > halfChange * 1.5)
        #expect(Self.differing(idle, scan, in: key) > 0.05)
        // A group's back step: the same outline in dashes.
        let back = try Self.render { $0 == 3 ? KeyVisual(scanHighlighted: true, scanBack: true) : .idle }
        #expect(Self.differing(scan, back, in: key) > 0.005)
        #expect(Self.differing(idle, back, in: key) > 0.02)
    }

    @Test func pendingMorseShowsOnGapKeysOnly() throws {
        let painter = try KeyboardPainter(theme: try Samples.theme("light"))
        let geometry = Samples.geometry(Samples.mixed, Self.size)
        #expect(KeyboardPainter.morseGapIndices(in: geometry) == [15])
        let (a, ctxA) = try Samples.canvas(Self.size)
        let (b, ctxB) = try Samples.canvas(Self.size)
        painter.paintAll(ctxA, geometry: geometry, shifted: false)
        painter.paintAll(ctxB, geometry: geometry, shifted: false, pendingMorse: "-.-")
        #expect(Self.differing(a, b, in: geometry.keys[15].frame) > 0.02)
        #expect(Self.differing(a, b, in: Rect(x: 0, y: 0, width: geometry.keys[15].frame.x, height: Self.size.height)) == 0)
    }

    @Test func alternatesPopupCoversItsCellsAndHighlightsOne() throws {
        let theme = try Samples.theme("light")
        let painter = try KeyboardPainter(theme: theme)
        let frames = [Rect(x: 10, y: -50, width: 40, height: 50), Rect(x: 54, y: -50, width: 40, height: 50)]
        let popup = AlternatesPaint(keyIndex: 9, options: ["è", "é"], frames: frames, highlighted: 1)
        let bounds = painter.popupBounds(popup)
        #expect(bounds.x < 10 && bounds.y < -50 && bounds.maxX > 94 && bounds.maxY > 0)
        #expect(painter.popupBounds(AlternatesPaint(keyIndex: 0, options: [], frames: [])).isEmpty)

        let (image, ctx) = try Samples.canvas(Size(width: bounds.width, height: bounds.height))
        painter.paintAlternates(ctx, popup, offset: Point(x: -bounds.x, y: -bounds.y))
        let (reference, refCtx) = try Samples.canvas(Size(width: 2, height: 1))
        refCtx.fill(Rect(x: 0, y: 0, width: 1, height: 1), with: theme.popupHighlight.fill)
        refCtx.fill(Rect(x: 1, y: 0, width: 1, height: 1), with: theme.popup.fill)
        // Near the top-left corner of each cell (away from the label): highlight vs plain fill.
        #expect(image.pixel(x: 54 + 6 - bounds.x, y: -50 + 6 - bounds.y) == reference.pixel(x: 0, y: 0))
        #expect(image.pixel(x: 10 + 6 - bounds.x, y: -50 + 6 - bounds.y) == reference.pixel(x: 1, y: 0))

        // On the keyboard's own surface a popup above the top edge is simply clipped.
        let (_, big) = try Samples.canvas(Size(width: 120, height: 40))
        painter.paintAlternates(big, popup)
        try big.check()
    }
}
