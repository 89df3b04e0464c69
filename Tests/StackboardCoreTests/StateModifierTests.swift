import Testing
@testable import StackboardCore

@Suite struct StateModifierTests {
    @Test func tappingShiftShiftsTheNextLetterOnly() {
        var rig = Rig()
        let shift = rig.index("⇧"), a = rig.index("a")
        #expect(rig.press("⇧") == [.click(.modifier), .redrawAll], "labels turn shifted while shift is held")
        rig.now = 0.05
        #expect(rig.release("⇧") == [.redraw([shift])])
        #expect(rig.state.modifierState(.shift) == .latched)
        #expect(rig.state.visual(ofKey: shift).latched)
        #expect(rig.state.shifted)
        _ = rig.press("a")
        #expect(rig.release("a") == [.type("A", modifiers: []), .redrawAll], "labels turn back")
        #expect(rig.state.modifierState(.shift) == .off)
        #expect(typed(rig.tap("a")) == ["a"])
        #expect(rig.state.visual(ofKey: a) == KeyVisual())
    }

    @Test func aSecondTapLocksAndAThirdReleases() {
        var rig = Rig()
        let shift = rig.index("⇧")
        rig.tap("⇧")
        #expect(rig.tap("⇧") == [.redraw([shift])])
        #expect(rig.state.modifierState(.shift) == .locked)
        #expect(rig.state.visual(ofKey: shift).locked && !rig.state.visual(ofKey: shift).latched)
        #expect(typed(rig.tap("a") + rig.tap("b")) == ["A", "B"], "a locked modifier stays")
        #expect(rig.tap("⇧") == [.redrawAll])
        #expect(rig.state.modifierState(.shift) == .off)
        #expect(typed(rig.tap("a")) == ["a"])
    }

    @Test func ctrlLatchesForTheNextKeyAndRepaintsOnlyItsOwnKey() {
        var rig = Rig()
        let ctrl = rig.index("ctrl"), a = rig.index("a")
        #expect(rig.press("ctrl") == [.click(.modifier), .redraw([ctrl])])
        #expect(rig.state.modifierState(.ctrl) == .held)
        #expect(rig.release("ctrl") == [.redraw([ctrl])])
        #expect(rig.state.activeModifiers == [.ctrl])
        _ = rig.press("a")
        #expect(rig.release("a") == [.type("a", modifiers: [.ctrl]), .redraw([a, ctrl])])
        #expect(rig.state.activeModifiers.isEmpty)
    }

    @Test func namedKeysCarryEveryModifierIncludingShift() {
        var rig = Rig()
        rig.tap("⇧")
        rig.tap("ctrl")
        #expect(rig.tap("⌫").first == .key(.backspace, modifiers: [.shift, .ctrl]))
        #expect(rig.tap("⌫").first == .key(.backspace, modifiers: []))
    }

    @Test func textCarriesEveryModifierButShift() {
        var rig = Rig()
        rig.tap("⇧")
        rig.tap("alt")
        #expect(rig.tap("b").first == .type("B", modifiers: [.alt]))
    }

    @Test func holdingShiftWithOneFingerShiftsAKeyTappedWithAnother() {
        var rig = Rig()
        _ = rig.press("⇧", pointer: 1)
        #expect(rig.state.modifierState(.shift) == .held)
        #expect(typed(rig.tap("a", pointer: 2)) == ["A"])
        #expect(typed(rig.tap("b", pointer: 2)) == ["B"], "still held, still applies")
        #expect(rig.release("⇧", pointer: 1) == [.redrawAll])
        #expect(rig.state.modifierState(.shift) == .off, "a held shift that was used does not latch")
        #expect(typed(rig.tap("a")) == ["a"])
    }

    @Test func holdingCtrlWithOneFingerAppliesToAKeyTappedWithAnother() {
        var rig = Rig()
        _ = rig.press("ctrl", pointer: 5)
        #expect(rig.tap("a", pointer: 6).first == .type("a", modifiers: [.ctrl]))
        _ = rig.release("ctrl", pointer: 5)
        #expect(rig.state.modifierState(.ctrl) == .off)
    }

    @Test func aHeldShiftThatWasNotUsedLatchesOnRelease() {
        var rig = Rig()
        _ = rig.press("⇧", pointer: 1)
        _ = rig.press("a", pointer: 2)
        _ = rig.handle(.cancel(pointer: 2))
        _ = rig.release("⇧", pointer: 1)
        #expect(rig.state.modifierState(.shift) == .latched)
    }

    @Test func capsLockShiftsLettersUntilTappedAgain() {
        var rig = Rig()
        let caps = rig.index("caps")
        #expect(rig.press("caps") == [.click(.modifier), .redraw([caps])])
        #expect(rig.release("caps") == [.redrawAll])
        #expect(rig.state.capsLock && rig.state.shifted)
        #expect(rig.state.visual(ofKey: caps).locked)
        #expect(typed(rig.tap("a") + rig.tap("b") + rig.tap("1")) == ["A", "B", "1"], "caps lock shifts letters only")
        #expect(rig.state.displayLabel(ofKey: rig.index("a")) == "A")
        #expect(rig.state.displayLabel(ofKey: rig.index("1")) == "1")
        #expect(rig.tap("caps") == [.redrawAll])
        #expect(!rig.state.capsLock)
        #expect(typed(rig.tap("a")) == ["a"])
    }

    @Test func shiftWithCapsLockStillShifts() {
        var rig = Rig()
        rig.tap("caps")
        rig.tap("⇧")
        #expect(typed(rig.tap("a")) == ["A"], "caps lock never inverts shift")
        rig.tap("⇧")
        #expect(typed(rig.tap("1")) == ["!"])
        #expect(rig.state.capsLock)
    }

    @Test func switchingLayersKeepsALatchedShift() {
        var rig = Rig()
        rig.tap("⇧")
        rig.tap("?123")
        #expect(rig.state.modifierState(.shift) == .latched)
        rig.tap("abc")
        #expect(typed(rig.tap("a")) == ["A"])
    }

    @Test func anUnknownMorseCodeDoesNotUseUpALatchedShift() {
        var rig = Rig()
        rig.tap("⇧")
        for _ in 0..<8 { rig.tap("·") }
        #expect(rig.tap("gap").first == .click(.error))
        rig.tap("·")
        rig.tap("−")
        #expect(typed(rig.tap("gap")) == ["A"])
    }
}
