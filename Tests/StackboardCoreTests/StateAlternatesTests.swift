import Testing
@testable import StackboardCore

@Suite struct StateAlternatesTests {
    static func center(_ r: Rect) -> Point { Point(x: r.x + r.width / 2, y: r.y + r.height / 2) }

    /// Presses `label` and holds it past the long-press delay; returns the effects of the wait.
    static func longPress(_ rig: inout Rig, _ label: String, pointer: Int = 1) -> [Effect] {
        _ = rig.press(label, pointer: pointer)
        return rig.advance(to: rig.now + 0.5)
    }

    @Test func holdingAKeyWithAlternatesOpensThemInARowAboveIt() throws {
        var rig = Rig()
        let e = rig.index("e")
        _ = rig.press("e")
        #expect(rig.state.nextDeadline == 0.5)
        #expect(rig.advance(to: 0.5) == [.showAlternates(keyIndex: e)])
        let popup = try #require(rig.state.alternates)
        let key = rig.state.geometry.keys[e].frame
        #expect(popup.keyIndex == e)
        #expect(popup.options.map(\.label) == ["é", "è", "ê"])
        #expect(popup.highlighted == 0)
        #expect(popup.frames.count == 3)
        for frame in popup.frames {
            #expect(frame.width == key.width && frame.height == key.height)
            #expect(frame.maxY < key.y && frame.maxY >= key.y - 8, "just above the key")
            #expect(frame.y < 0, "the top row's popup extends above the keyboard")
        }
        let row = popup.frames[0].union(popup.frames[2])
        #expect(abs((row.x + row.width / 2) - (key.x + key.width / 2)) <= 1, "centred on the key")
        for (a, b) in zip(popup.frames, popup.frames.dropFirst()) { #expect(!a.intersects(b) && a.maxX <= b.x) }
        #expect(rig.state.nextDeadline == nil)
    }

    @Test func releasingWithoutMovingTypesTheFirstAlternate() {
        var rig = Rig()
        let e = rig.index("e")
        _ = StateAlternatesTests.longPress(&rig, "e")
        #expect(rig.release("e") == [.type("é", modifiers: []), .hideAlternates, .redraw([e])])
        #expect(rig.state.alternates == nil)
    }

    @Test func slidingAlongThePopupChoosesTheOptionUnderneath() throws {
        var rig = Rig()
        _ = StateAlternatesTests.longPress(&rig, "e")
        let frames = try #require(rig.state.alternates?.frames)
        let third = StateAlternatesTests.center(frames[2])
        #expect(rig.handle(.move(pointer: 1, to: third)) == [.redrawAlternates])
        #expect(rig.state.alternates?.highlighted == 2)
        #expect(rig.handle(.move(pointer: 1, to: Point(x: third.x + 1, y: third.y))) == [])
        // Still nearest in x while down on the key itself.
        let low = Point(x: frames[1].x + 3, y: rig.center("e").y)
        _ = rig.handle(.move(pointer: 1, to: low))
        #expect(rig.state.alternates?.highlighted == 1)
        #expect(typed(rig.handle(.release(pointer: 1, at: third))) == ["ê"])
    }

    @Test func aJitteringFingerKeepsTheFirstAlternate() {
        var rig = Rig()
        _ = StateAlternatesTests.longPress(&rig, "e")
        var p = rig.center("e")
        p.x += 3
        p.y -= 2
        #expect(rig.handle(.move(pointer: 1, to: p)) == [])
        #expect(typed(rig.handle(.release(pointer: 1, at: p))) == ["é"])
    }

    @Test func releasingFarBelowChoosesNothing() {
        var rig = Rig()
        let e = rig.index("e")
        _ = StateAlternatesTests.longPress(&rig, "e")
        let below = Point(x: rig.center("e").x, y: 230)
        #expect(rig.handle(.move(pointer: 1, to: below)) == [.redrawAlternates])
        #expect(rig.state.alternates?.highlighted == nil)
        #expect(rig.handle(.release(pointer: 1, at: below)) == [.hideAlternates, .redraw([e])])
    }

    @Test func shiftAppliesToTheChosenAlternate() {
        var rig = Rig()
        rig.tap("⇧")
        _ = StateAlternatesTests.longPress(&rig, "e")
        let effects = rig.release("e")
        #expect(typed(effects) == ["É"])
        #expect(effects.contains(.redrawAll), "the latched shift was used")
    }

    @Test func thePopupStaysInsideTheWindowAtEitherEdge() throws {
        var rig = Rig()
        _ = StateAlternatesTests.longPress(&rig, "a")
        let left = try #require(rig.state.alternates?.frames)
        #expect(left.first?.x == 0)
        _ = rig.release("a")
        _ = StateAlternatesTests.longPress(&rig, "1")
        let right = try #require(rig.state.alternates?.frames)
        #expect(right.last?.maxX == StateFixtures.size.width)
    }

    @Test func manyAlternatesShrinkToFitTheWindow() throws {
        let options = (0..<20).map { StateFixtures.text("\($0)") }
        let layout = Layout(name: "t", description: "", layers: [Layer(name: "l", root: Stack(axis: .vertical, items: [
            .key(StateFixtures.text("o", alternates: options)),
        ]))])
        var rig = Rig(layout: layout, size: Size(width: 300, height: 100))
        _ = StateAlternatesTests.longPress(&rig, "o")
        let frames = try #require(rig.state.alternates?.frames)
        #expect(frames.count == 20)
        #expect(frames.allSatisfy { $0.x >= 0 && $0.maxX <= 300 && $0.width > 0 })
    }

    @Test func aLongPressWinsOverRepeat() {
        var rig = Rig()
        let x = rig.index("x")
        _ = rig.press("x")
        #expect(rig.advance(to: 0.5) == [.showAlternates(keyIndex: x)])
        #expect(rig.advance(to: 2) == [])
        #expect(typed(rig.release("x")) == ["×"])
    }

    @Test func aQuickTapOnAKeyWithAlternatesTypesTheKey() {
        var rig = Rig()
        #expect(typed(rig.tap("e")) == ["e"])
        #expect(rig.state.nextDeadline == nil)
    }

    @Test func cancellingTheGestureClosesThePopup() {
        var rig = Rig()
        _ = StateAlternatesTests.longPress(&rig, "e")
        #expect(rig.handle(.cancel(pointer: 1)) == [.hideAlternates, .redraw([rig.index("e")])])
    }

    @Test func aSecondLongPressWhileAPopupIsOpenActsAsATap() {
        var rig = Rig()
        _ = StateAlternatesTests.longPress(&rig, "e", pointer: 1)
        _ = StateAlternatesTests.longPress(&rig, "a", pointer: 2)
        #expect(rig.state.alternates?.keyIndex == rig.index("e"))
        #expect(typed(rig.release("a", pointer: 2)) == ["a"])
        #expect(typed(rig.release("e", pointer: 1)) == ["é"])
    }
}
