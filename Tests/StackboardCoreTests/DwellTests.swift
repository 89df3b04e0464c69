import Testing
@testable import StackboardCore

@Suite struct DwellTests {
    static let config = KeyboardConfig(timing: KeyTiming(dwell: 1.0))

    @Test func restingOnAKeyTypesItAfterTheDwellTime() {
        var rig = Rig(config: DwellTests.config)
        let b = rig.index("b")
        #expect(rig.hover("b") == [.redraw([b])])
        #expect(rig.state.visual(ofKey: b).dwellProgress == 0)
        #expect(rig.state.nextDeadline == 0.05)
        #expect(rig.advance(to: 0.5) == [.redraw([b])])
        #expect(rig.state.visual(ofKey: b).dwellProgress == 0.5)
        #expect(rig.advance(to: 0.99) == [.redraw([b])])
        #expect(rig.advance(to: 1.0) == [.click(.character), .type("b", modifiers: []), .redraw([b])])
        #expect(rig.state.visual(ofKey: b).dwellProgress == nil)
    }

    @Test func theProgressRingIsRepaintedTwentyTimesAndOnlyWhileDwelling() {
        var rig = Rig(config: DwellTests.config)
        let b = rig.index("b")
        _ = rig.hover("b")
        var wakeUps = 0
        var progress: [Double] = []
        var fired: [Effect] = []
        while let deadline = rig.state.nextDeadline, wakeUps < 100 {
            let effects = rig.advance(to: deadline)
            wakeUps += 1
            #expect(effects.last == .redraw([b]))
            if let p = rig.state.visual(ofKey: b).dwellProgress { progress.append(p) }
            fired += effects.filter(KeyboardState.isOutput)
        }
        #expect(wakeUps == 20)
        #expect(progress == progress.sorted() && progress.count == 19 && progress.last == 0.95)
        #expect(fired == [.type("b", modifiers: [])])
        #expect(rig.state.nextDeadline == nil)
    }

    @Test func aFiredDwellWaitsForThePointerToMoveOn() {
        var rig = Rig(config: DwellTests.config)
        _ = rig.hover("b")
        _ = rig.advance(to: 1.0)
        #expect(rig.advance(to: 5) == [])
        var p = rig.center("b")
        p.x += 3
        rig.now = 5
        #expect(rig.handle(.hover(pointer: 1, at: p)) == [], "jitter does not re-arm")
        #expect(rig.state.nextDeadline == nil)
        p.x += 40
        rig.now = 6
        _ = rig.handle(.hover(pointer: 1, at: p))
        #expect(abs((rig.state.nextDeadline ?? 0) - 6.05) < 1e-9, "moving well away on the same key re-arms")
        #expect(typed(rig.advance(to: 7)) == ["b"])
        rig.now = 8
        _ = rig.hover("a")
        rig.now = 8.5
        _ = rig.hover("b")
        #expect(typed(rig.advance(to: 9.5)) == ["b"], "leaving the key and coming back re-arms")
    }

    @Test func movingToAnotherKeyRestartsTheDwell() {
        var rig = Rig(config: DwellTests.config)
        let a = rig.index("a"), b = rig.index("b")
        _ = rig.hover("a")
        _ = rig.advance(to: 0.5)
        #expect(rig.hover("b") == [.redraw([a, b])])
        #expect(rig.advance(to: 1.0).filter(KeyboardState.isOutput).isEmpty)
        #expect(typed(rig.advance(to: 1.5)) == ["b"])
    }

    @Test func leavingTheWindowCancelsTheDwell() {
        var rig = Rig(config: DwellTests.config)
        let b = rig.index("b")
        _ = rig.hover("b")
        _ = rig.advance(to: 0.5)
        #expect(rig.handle(.leave) == [.redraw([b])])
        #expect(rig.state.nextDeadline == nil)
        #expect(rig.advance(to: 3) == [])
        _ = rig.hover("b")
        _ = rig.handle(.hover(pointer: 1, at: Point(x: 900, y: 10)))
        #expect(rig.state.nextDeadline == nil, "hovering outside the window cancels too")
    }

    @Test func withoutDwellHoveringDoesNothing() {
        var rig = Rig()
        #expect(rig.hover("b") == [])
        #expect(rig.state.nextDeadline == nil)
        #expect(rig.state.visual(ofKey: rig.index("b")).dwellProgress == nil)
    }

    @Test func aClickedKeyDoesNotAlsoDwellFire() {
        var rig = Rig(config: DwellTests.config)
        _ = rig.hover("b")
        #expect(typed(rig.tap("b")) == ["b"])
        _ = rig.hover("b")
        #expect(rig.state.nextDeadline == nil)
        #expect(rig.advance(to: 3) == [])
    }

    @Test func dwellingOnShiftThenALetterTypesACapital() {
        var rig = Rig(config: DwellTests.config)
        _ = rig.hover("⇧")
        #expect(rig.advance(to: 1.0).first == .click(.modifier))
        #expect(rig.state.modifierState(.shift) == .latched)
        rig.now = 1.0
        _ = rig.hover("a")
        #expect(typed(rig.advance(to: 2.0)) == ["A"])
    }

    @Test func aDwellOnALayerKeyDoesNotFireTheKeyThatTakesItsPlace() {
        var rig = Rig(config: DwellTests.config)
        _ = rig.hover("?123")
        #expect(rig.advance(to: 1.0).contains(.redrawAll))
        #expect(rig.state.layerName == "symbols")
        #expect(rig.state.nextDeadline == nil)
        #expect(rig.advance(to: 5) == [])
    }

    @Test func releaseAllStopsTheDwell() {
        var rig = Rig(config: DwellTests.config)
        _ = rig.hover("b")
        _ = rig.state.releaseAll()
        #expect(rig.state.nextDeadline == nil)
    }
}
