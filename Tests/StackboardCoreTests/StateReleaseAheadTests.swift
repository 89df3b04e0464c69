import Testing
@testable import StackboardCore

/// `KeyboardState.releaseAhead`: what the release of the one pointer that is down would type,
/// which must be exactly what that release then types.
@Suite struct StateReleaseAheadTests {
    @Test(arguments: ["a", "b", "e", "1", "x", "space"])
    func itIsWhatTheReleaseTypes(label: String) throws {
        var rig = Rig()
        _ = rig.press(label)
        let ahead = try #require(rig.state.releaseAhead(now: rig.now))
        #expect(ahead.point == rig.center(label))
        #expect(ahead.pointer == 1)
        rig.now += 0.05
        #expect(typed(rig.release(label)) == [ahead.text])
    }

    @Test func shiftedLettersAreTheShiftedText() throws {
        var rig = Rig()
        _ = rig.tap("⇧")
        _ = rig.press("b")
        #expect(rig.state.releaseAhead(now: rig.now)?.text == "B")
        #expect(typed(rig.release("b")) == ["B"])
    }

    @Test(arguments: ["⇧", "ctrl", "caps", "⌫", "⏎", "?123", "hide", "next", "tab", "·"])
    func keysThatDoNotTypeTextWithoutModifiersHaveNone(label: String) {
        var rig = Rig()
        _ = rig.press(label)
        #expect(rig.state.releaseAhead(now: rig.now) == nil)
    }

    @Test func aHeldModifierMeansNone() {
        var rig = Rig()
        _ = rig.tap("ctrl")
        _ = rig.press("b")
        #expect(rig.state.releaseAhead(now: rig.now) == nil)
    }

    @Test func itHoldsUntilTheFirstTimerOnly() throws {
        var rig = Rig()
        _ = rig.press("e") // has alternates: a long press is pending
        let until = try #require(rig.state.releaseAhead(now: rig.now)?.until)
        #expect(until == rig.state.nextDeadline)
        _ = rig.advance(to: until)
        // The alternates are open now: the release chooses among them, it types no "e".
        #expect(rig.state.releaseAhead(now: rig.now)?.text != "e")
        var plain = Rig()
        _ = plain.press("b")
        #expect(plain.state.releaseAhead(now: plain.now)?.until == nil)
    }

    @Test func twoPointersOrNoneMeanNone() {
        var rig = Rig()
        #expect(rig.state.releaseAhead(now: 0) == nil)
        _ = rig.press("a", pointer: 1)
        _ = rig.press("b", pointer: 2)
        #expect(rig.state.releaseAhead(now: rig.now) == nil)
    }
}
