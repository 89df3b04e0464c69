import Testing
@testable import StackboardCore

@Suite struct DwellClickerTests {
    static let p = Point(x: 500, y: 300)

    /// Runs the clicker's deadlines until it clicks or stops waking (at most `limit` wake-ups).
    static func runDeadlines(_ clicker: inout DwellClicker, limit: Int = 100) -> (click: PointerClick?, wakeUps: Int) {
        var wakeUps = 0
        while let due = clicker.nextDeadline, wakeUps < limit {
            wakeUps += 1
            if let click = clicker.advance(now: due) { return (click, wakeUps) }
        }
        return (nil, wakeUps)
    }

    @Test func restingClicksLeftAtTheRestPointAfterTheDwellTime() {
        var c = DwellClicker(duration: 1.0)
        c.moved(to: Self.p, overKeyboard: false, now: 10)
        #expect(c.ring == nil, "no ring before the first step")
        #expect(c.advance(now: 10.5) == nil)
        #expect(c.ring?.progress == 0.5 && c.ring?.at == Self.p)
        #expect(c.advance(now: 10.99) == nil)
        #expect(c.advance(now: 11.0) == .click(button: 1, at: Self.p))
        #expect(c.ring == nil && c.nextDeadline == nil)
    }

    @Test func theRingFillsInStepsAndNothingWakesAfterTheClick() {
        var c = DwellClicker(duration: 1.0)
        c.moved(to: Self.p, overKeyboard: false, now: 0)
        let (click, wakeUps) = Self.runDeadlines(&c)
        #expect(click == .click(button: 1, at: Self.p))
        #expect(wakeUps == KeyTiming.dwellSteps)
        #expect(c.nextDeadline == nil, "idle after the click: no wake-ups")
    }

    @Test func tremorKeepsTheRestAndAMoveStartsItAgain() {
        var c = DwellClicker(duration: 1.0, tolerance: 6)
        c.moved(to: Self.p, overKeyboard: false, now: 0)
        _ = c.advance(now: 0.6)
        c.moved(to: Point(x: 505, y: 296), overKeyboard: false, now: 0.7)
        #expect(c.ring?.progress == 0.6, "tremor within 6 px keeps the rest")
        #expect(c.advance(now: 1.0) == .click(button: 1, at: Point(x: 505, y: 296)))

        var d = DwellClicker(duration: 1.0, tolerance: 6)
        d.moved(to: Self.p, overKeyboard: false, now: 0)
        _ = d.advance(now: 0.6)
        d.moved(to: Point(x: 520, y: 300), overKeyboard: false, now: 0.7)
        #expect(d.ring == nil, "moving cancels")
        #expect(d.advance(now: 1.0) == nil)
        #expect(d.advance(now: 1.7) == .click(button: 1, at: Point(x: 520, y: 300)))
    }

    @Test func afterAClickThePointerMustMoveOnBeforeTheNextRest() {
        var c = DwellClicker(duration: 1.0)
        c.moved(to: Self.p, overKeyboard: false, now: 0)
        #expect(c.advance(now: 1) != nil)
        c.moved(to: Point(x: 503, y: 302), overKeyboard: false, now: 2)
        #expect(c.nextDeadline == nil, "jitter after a click does not click again")
        #expect(c.advance(now: 10) == nil)
        c.moved(to: Point(x: 540, y: 300), overKeyboard: false, now: 11)
        #expect(c.advance(now: 12) == .click(button: 1, at: Point(x: 540, y: 300)))
    }

    @Test func overTheKeyboardNothingCounts() {
        var c = DwellClicker(duration: 1.0)
        c.moved(to: Self.p, overKeyboard: false, now: 0)
        _ = c.advance(now: 0.5)
        c.moved(to: Point(x: 501, y: 300), overKeyboard: true, now: 0.6)
        #expect(c.ring == nil && c.nextDeadline == nil)
        #expect(c.advance(now: 5) == nil)
        c.moved(to: Self.p, overKeyboard: false, now: 6)
        #expect(c.advance(now: 7) == .click(button: 1, at: Self.p), "back outside, a rest counts again")
    }

    @Test func rightMiddleAndDoubleAreOneShot() {
        for (type, expected) in [(ClickType.right, PointerClick.click(button: 3, at: Self.p)),
                                 (.middle, .click(button: 2, at: Self.p)),
                                 (.double, .click(button: 1, at: Self.p))] {
            var c = DwellClicker(duration: 1.0)
            #expect(c.choose(type) == nil)
            c.moved(to: Self.p, overKeyboard: false, now: 0)
            #expect(c.advance(now: 1) == expected)
            #expect(c.type == .left, "\(type) goes back to left")
        }
    }

    @Test func aDoubleClicksSecondClickComesAMomentAfterTheFirst() {
        var c = DwellClicker(duration: 1.0)
        _ = c.choose(.double)
        c.moved(to: Self.p, overKeyboard: false, now: 0)
        #expect(c.advance(now: 1) == .click(button: 1, at: Self.p))
        let due = 1 + DwellClicker.doubleClickGap
        #expect(c.nextDeadline == due, "the second click is a deadline of its own")
        #expect(c.advance(now: due - 0.001) == nil, "not in the same millisecond")
        // The pointer moved on meanwhile: the second click is still at the first one's point.
        c.moved(to: Point(x: 640, y: 300), overKeyboard: false, now: due - 0.0005)
        #expect(c.advance(now: due) == .click(button: 1, at: Self.p))
        #expect(c.advance(now: due) == nil, "two clicks, not three")
        #expect(DwellClicker.doubleClickGap > 0.002 && DwellClicker.doubleClickGap < 0.25,
                "distinct X times, inside xterm's 250 ms double-click time")
        let (click, _) = Self.runDeadlines(&c)
        #expect(click == .click(button: 1, at: Point(x: 640, y: 300)), "then the new rest clicks left")
        #expect(c.nextDeadline == nil)
    }

    @Test func aDragPressesAtOneRestAndReleasesAtTheNext() {
        var c = DwellClicker(duration: 1.0)
        _ = c.choose(.drag)
        c.moved(to: Self.p, overKeyboard: false, now: 0)
        #expect(c.advance(now: 1) == .press(button: 1, at: Self.p))
        #expect(c.held == 1 && c.type == .drag)
        let end = Point(x: 700, y: 420)
        c.moved(to: end, overKeyboard: false, now: 2)
        #expect(c.advance(now: 3) == .release(button: 1, at: end))
        #expect(c.held == nil && c.type == .left)
    }

    @Test func aHeldButtonIsReleasedAtTheEndOrWhenAnotherTypeIsChosen() {
        var c = DwellClicker(duration: 1.0)
        _ = c.choose(.drag)
        c.moved(to: Self.p, overKeyboard: false, now: 0)
        _ = c.advance(now: 1)
        c.moved(to: Point(x: 600, y: 300), overKeyboard: false, now: 1.5)
        #expect(c.releaseHeld() == .release(button: 1, at: Point(x: 600, y: 300)))
        #expect(c.releaseHeld() == nil, "released once")

        var d = DwellClicker(duration: 1.0)
        _ = d.choose(.drag)
        d.moved(to: Self.p, overKeyboard: false, now: 0)
        _ = d.advance(now: 1)
        #expect(d.choose(.right) == .release(button: 1, at: Self.p))
        #expect(d.held == nil && d.type == .right)
    }

    @Test func pauseNeverClicksUntilAnotherTypeIsChosen() {
        var c = DwellClicker(duration: 1.0)
        c.moved(to: Self.p, overKeyboard: false, now: 0)
        _ = c.advance(now: 0.5)
        _ = c.choose(.pause)
        #expect(c.ring == nil && c.nextDeadline == nil, "pausing stops a rest in progress")
        c.moved(to: Point(x: 600, y: 300), overKeyboard: false, now: 1)
        #expect(c.nextDeadline == nil && c.advance(now: 10) == nil)
        #expect(c.type == .pause, "pause stays")
        _ = c.choose(.left)
        c.moved(to: Point(x: 700, y: 300), overKeyboard: false, now: 11)
        #expect(c.advance(now: 12) == .click(button: 1, at: Point(x: 700, y: 300)))
    }

    @Test func clickTypeNamesReadAsAList() {
        #expect(ClickType.namesText == "left, right, middle, double, drag or pause")
        #expect(ClickType(rawValue: "drag") == .drag)
    }
}

@Suite struct RingShapeTests {
    @Test func theRingIsAnAnnulusWithAHoleForThePointer() {
        let rects = RingShape.rows(diameter: 40, thickness: 6)
        func covered(_ x: Int, _ y: Int) -> Bool { rects.contains { $0.contains(Point(x: x, y: y)) } }
        #expect(!covered(20, 20), "the centre is a hole")
        #expect(covered(2, 20) && covered(37, 20) && covered(20, 1) && covered(20, 38), "the ring all round")
        #expect(!covered(0, 0) && !covered(39, 39), "the corners are outside")
        #expect(!covered(10, 20), "inside the ring's thickness is empty")
        #expect(rects.allSatisfy { $0.x >= 0 && $0.x + $0.width <= 40 && $0.y >= 0 && $0.y < 40 })
        #expect(RingShape.rows(diameter: 0, thickness: 6).isEmpty)
    }
}

@Suite struct ClickPanelTests {
    @Test func theClicksLayoutsKeysChooseTheClickTypeAndNeverRepeat() throws {
        let layout = try ShippedLayoutsTests.shipped("clicks")
        var rig = Rig(layout: layout)
        for type in ClickType.allCases {
            let label = KeyDefaults.label(for: .click(type))
            #expect(rig.tap(label).filter { if case .chooseClick = $0 { true } else { false } } == [.chooseClick(type)],
                    "the \(label) key")
        }
        #expect(!KeyboardState.mayRepeat(.click(.left)))
    }
}

extension ClickPanelTests {
    @Test func theChosenTypesKeyIsShownLockedOnlyWhileDwellClickingIsOn() throws {
        var rig = Rig(layout: try ShippedLayoutsTests.shipped("clicks"))
        let right = rig.index(KeyDefaults.label(for: .click(.right))), left = rig.index(KeyDefaults.label(for: .click(.left)))
        #expect(!rig.state.visual(ofKey: left).locked, "off: no key shows a type")
        #expect(!rig.state.setClickType(.right).isEmpty, "the panel is repainted")
        #expect(rig.state.visual(ofKey: right).locked && !rig.state.visual(ofKey: left).locked)
        _ = rig.state.setClickType(.left)
        #expect(rig.state.visual(ofKey: left).locked && !rig.state.visual(ofKey: right).locked)
        _ = rig.state.setClickType(nil)
        #expect(!rig.state.visual(ofKey: left).locked)
    }
}
