import Testing
@testable import StackboardCore

/// The shift the keyboard latches by itself at a sentence start (`AutoShift`).
@Suite struct StateAutoShiftTests {
    @Test func aWantedCapitalLatchesShiftForTheNextLetterOnly() {
        var rig = Rig()
        let shift = rig.index("⇧")
        #expect(redrawsAll(rig.state.setAutoShift(true)), "the labels turn to capitals")
        #expect(rig.state.autoShifted && rig.state.shifted)
        #expect(rig.state.modifierState(.shift) == .latched)
        #expect(rig.state.visual(ofKey: shift).latched, "the shift key shows it latched")
        #expect(typed(rig.tap("b")) == ["B"])
        #expect(!rig.state.autoShifted && rig.state.modifierState(.shift) == .off)
        #expect(typed(rig.tap("b")) == ["b"])
    }

    @Test func itShiftsLettersOnlyAsCapsLockDoes() {
        var rig = Rig()
        _ = rig.state.setAutoShift(true)
        #expect(typed(rig.tap("1")) == ["1"], "a digit after '. ' types as it is")
        #expect(!rig.state.autoShifted, "the key that typed used it up")
    }

    @Test func oneTapOnShiftReleasesItAndItStaysReleasedThere() {
        var rig = Rig()
        _ = rig.state.setAutoShift(true)
        rig.tap("⇧")
        #expect(!rig.state.autoShifted && rig.state.modifierState(.shift) == .off)
        #expect(rig.state.setAutoShift(true).isEmpty && !rig.state.autoShifted, "declined at this place")
        #expect(typed(rig.tap("b")) == ["b"])
        #expect(!rig.state.autoShift.declined, "the next key ends the refusal")
        _ = rig.state.setAutoShift(true)
        #expect(rig.state.autoShifted, "the next sentence start latches again")
    }

    @Test func theHostTakesItBackWhenTheCaretIsNoLongerAtASentenceStart() {
        var rig = Rig()
        _ = rig.state.setAutoShift(true)
        #expect(redrawsAll(rig.state.setAutoShift(false)))
        #expect(!rig.state.autoShifted)
        #expect(rig.state.setAutoShift(false).isEmpty, "nothing changes twice")
        #expect(!rig.state.autoShiftChanges(false))
    }

    @Test func theUsersOwnShiftOrCapsLockIsLeftAlone() {
        var rig = Rig()
        rig.tap("⇧")
        rig.tap("⇧") // locked
        #expect(rig.state.setAutoShift(true).isEmpty && !rig.state.autoShifted)
        rig.tap("⇧") // off
        rig.tap("caps")
        #expect(rig.state.setAutoShift(true).isEmpty && !rig.state.autoShifted)
    }

    @Test func aLayerWithoutCaseIsUnaffected() {
        var rig = Rig()
        rig.tap("?123")
        #expect(!rig.state.layerHasCapitals, "symbols: no shift key, no letters")
        #expect(rig.state.setAutoShift(true).isEmpty)
        // Letters whose shift level types other letters (an XKB layout such as Thai) have no capitals.
        let thai = Layout(name: "th", description: "", layers: [Layer(name: "l", root: Stack(axis: .vertical, items: [
            StateFixtures.row([StateFixtures.text("ก", "ฅ"), Key(label: "⇧", action: .modifier(.shift))]),
        ]))])
        var th = Rig(layout: thai)
        #expect(!th.state.layerHasCapitals)
        #expect(th.state.setAutoShift(true).isEmpty)
        #expect(typed(th.tap("ก")) == ["ก"])
    }

    @Test func hidingDropsIt() {
        var rig = Rig()
        _ = rig.state.setAutoShift(true)
        _ = rig.state.releaseAll()
        #expect(!rig.state.autoShifted)
    }

    @Test func theReleaseAheadOfALetterIsItsCapital() {
        var rig = Rig()
        _ = rig.state.setAutoShift(true)
        _ = rig.press("b")
        #expect(rig.state.releaseAhead(now: rig.now)?.text == "B")
    }
}
