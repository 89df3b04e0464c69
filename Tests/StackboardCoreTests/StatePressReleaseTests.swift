import Testing
@testable import StackboardCore

@Suite struct StatePressReleaseTests {
    @Test func aPressHighlightsTheKeyAndClicks() {
        var rig = Rig()
        let a = rig.index("a")
        #expect(rig.press("a") == [.click(.character), .redraw([a])])
        #expect(rig.state.visual(ofKey: a).pressed)
        #expect(!rig.state.visual(ofKey: rig.index("b")).pressed)
    }

    @Test func eachKindOfKeyPlaysItsClick() {
        let expected: [(String, ClickKind)] = [
            ("b", .character), ("space", .character), ("dec", .character), ("·", .character),
            ("−", .character), ("gap", .character),
            ("⌫", .delete), ("del", .delete), ("C", .delete),
            ("⏎", .returnKey), ("done", .returnKey),
            ("⇧", .modifier), ("ctrl", .modifier), ("caps", .modifier), ("?123", .modifier),
            ("tab", .modifier), ("esc", .modifier), ("←", .modifier), ("F1", .modifier),
            ("千", .modifier), ("cancel", .modifier), ("hide", .modifier),
        ]
        for (label, kind) in expected {
            var rig = Rig()
            #expect(rig.press(label).first == .click(kind), "\(label)")
        }
    }

    @Test func aKeyFiresOnReleaseNotOnPress() {
        var rig = Rig()
        let a = rig.index("a")
        #expect(typed(rig.press("a")).isEmpty)
        rig.now = 0.1
        #expect(rig.release("a") == [.type("a", modifiers: []), .redraw([a])])
        #expect(!rig.state.visual(ofKey: a).pressed)
    }

    @Test func aPressOutsideTheWindowDoesNothing() {
        var rig = Rig()
        #expect(rig.handle(.press(pointer: 1, at: Point(x: -5, y: 10))) == [])
        #expect(rig.handle(.press(pointer: 2, at: Point(x: 10, y: 240))) == [])
        #expect(rig.handle(.release(pointer: 1, at: rig.center("a"))) == [])
        #expect(rig.handle(.move(pointer: 2, to: rig.center("a"))) == [])
        #expect(rig.handle(.release(pointer: 2, at: rig.center("a"))) == [])
    }

    @Test func blankKeysAreNeverHit() {
        var rig = Rig()
        let blank = rig.state.geometry.keys.count - 1
        #expect(rig.state.geometry.keys[blank].key.style == .blank)
        let effects = rig.handle(.press(pointer: 1, at: rig.center("")))
        #expect(effects.first == .click(.modifier)) // the nearest key, "next"
        #expect(effects.last == .redraw([rig.index("next")]))
        #expect(!rig.state.visual(ofKey: blank).pressed)
    }

    @Test func slidingOntoAnotherKeyMovesTheHighlightAndTheReleaseFiresThatKey() {
        var rig = Rig()
        let a = rig.index("a"), b = rig.index("b")
        _ = rig.press("a")
        #expect(rig.move(to: "b") == [.redraw([a, b])])
        #expect(rig.state.visual(ofKey: b).pressed && !rig.state.visual(ofKey: a).pressed)
        #expect(typed(rig.release("b")) == ["b"])
    }

    @Test func movingWithinTheSameKeyRepaintsNothing() {
        var rig = Rig()
        _ = rig.press("a")
        var p = rig.center("a")
        p.x += 2
        #expect(rig.handle(.move(pointer: 1, to: p)) == [])
    }

    @Test func aReleaseOnAnotherKeyWithoutMotionFiresTheKeyUnderTheRelease() {
        var rig = Rig()
        _ = rig.press("a")
        #expect(typed(rig.release("b")) == ["b"])
    }

    @Test func slidingOutOfTheWindowCancelsForGood() {
        var rig = Rig()
        let a = rig.index("a")
        _ = rig.press("a")
        #expect(rig.handle(.move(pointer: 1, to: Point(x: 300, y: -3))) == [.redraw([a])])
        #expect(!rig.state.visual(ofKey: a).pressed)
        #expect(rig.move(to: "b") == [])
        #expect(rig.release("b") == [])
    }

    @Test func aReleaseOutsideTheWindowFiresNothing() {
        var rig = Rig()
        _ = rig.press("a")
        #expect(rig.handle(.release(pointer: 1, at: Point(x: 700, y: 10))) == [.redraw([rig.index("a")])])
    }

    @Test func aCancelledGestureFiresNothing() {
        var rig = Rig()
        let a = rig.index("a")
        _ = rig.press("a")
        #expect(rig.handle(.cancel(pointer: 1)) == [.redraw([a])])
        #expect(rig.release("a") == [])
    }

    @Test func twoFingersEachFireTheirOwnKey() {
        var rig = Rig()
        let a = rig.index("a"), b = rig.index("b")
        _ = rig.press("a", pointer: 1)
        #expect(rig.press("b", pointer: 2) == [.click(.character), .redraw([b])])
        #expect(rig.state.visual(ofKey: a).pressed && rig.state.visual(ofKey: b).pressed)
        #expect(rig.release("a", pointer: 1) == [.type("a", modifiers: []), .redraw([a])])
        #expect(rig.release("b", pointer: 2) == [.type("b", modifiers: []), .redraw([b])])
    }

    @Test func aSecondPressOfTheSamePointerStartsAFreshGesture() {
        var rig = Rig()
        _ = rig.press("a")
        let effects = rig.press("b")
        #expect(effects == [.click(.character), .redraw([rig.index("a"), rig.index("b")])])
        #expect(typed(rig.release("b")) == ["b"])
    }

    @Test func theSameEventsAtTheSameTimesGiveTheSameEffects() {
        func run() -> [[Effect]] {
            var rig = Rig()
            var out: [[Effect]] = []
            out.append(rig.press("⇧", pointer: 9))
            out.append(rig.press("⌫", pointer: 4))
            out.append(rig.press("a", pointer: 2))
            out.append(rig.advance(to: 0.6))
            out.append(rig.release("a", pointer: 2))
            out.append(rig.release("⇧", pointer: 9))
            out.append(rig.advance(to: 0.7))
            out.append(rig.release("⌫", pointer: 4))
            return out
        }
        #expect(run() == run())
    }

    @Test func timersDueTogetherFireInTimeThenPointerOrder() {
        var rig = Rig(config: KeyboardConfig(timing: KeyTiming(repeatDelay: 0.5, repeatInterval: 0.125)))
        _ = rig.press("space", pointer: 7)
        _ = rig.press("⌫", pointer: 3)
        let effects = rig.advance(to: 0.5)
        #expect(effects.filter(KeyboardState.isOutput) == [.key(.backspace, modifiers: []), .type(" ", modifiers: [])])
        _ = rig.handle(.cancel(pointer: 3))
        _ = rig.press("⌫", pointer: 3) // backspace now due at 1.0; space was due at 0.625
        let later = rig.advance(to: 1.0)
        #expect(later.filter(KeyboardState.isOutput) == [.type(" ", modifiers: []), .key(.backspace, modifiers: [])])
    }
}
