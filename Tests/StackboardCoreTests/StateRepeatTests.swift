import Testing
@testable import StackboardCore

@Suite struct StateRepeatTests {
    static let config = KeyboardConfig(timing: KeyTiming(repeatDelay: 0.5, repeatInterval: 0.125))
    static let backspace: Effect = .key(.backspace, modifiers: [])

    @Test func holdingBackspaceRepeatsAfterTheDelayThenAtTheInterval() {
        var rig = Rig(config: StateRepeatTests.config)
        _ = rig.press("⌫")
        #expect(rig.state.nextDeadline == 0.5)
        #expect(rig.advance(to: 0.25) == [])
        #expect(rig.advance(to: 0.5) == [StateRepeatTests.backspace])
        #expect(rig.state.nextDeadline == 0.625)
        #expect(rig.advance(to: 0.625) == [StateRepeatTests.backspace])
        #expect(rig.advance(to: 0.75) == [StateRepeatTests.backspace])
        #expect(rig.state.nextDeadline == 0.875)
        rig.now = 0.8
        #expect(rig.release("⌫") == [.redraw([rig.index("⌫")])], "the release does not fire again")
        #expect(rig.state.nextDeadline == nil)
    }

    @Test func aQuickTapOfARepeatingKeyFiresOnce() {
        var rig = Rig(config: StateRepeatTests.config)
        #expect(rig.tap("⌫").first == StateRepeatTests.backspace)
        #expect(rig.state.nextDeadline == nil)
        #expect(rig.advance(to: 5) == [])
    }

    @Test func aLateWakeUpFiresOnceAndSchedulesInTheFuture() {
        var rig = Rig(config: StateRepeatTests.config)
        _ = rig.press("space")
        #expect(typed(rig.advance(to: 3)) == [" "])
        #expect(rig.state.nextDeadline == 3.125)
    }

    @Test func aReleaseAfterAMissedDeadlineStillCountsTheRepeat() {
        var rig = Rig(config: StateRepeatTests.config)
        _ = rig.press("⌫")
        rig.now = 0.5
        #expect(rig.release("⌫").filter(KeyboardState.isOutput) == [StateRepeatTests.backspace])
    }

    @Test func movingOffARepeatingKeyStopsTheRepeat() {
        var rig = Rig(config: StateRepeatTests.config)
        _ = rig.press("⌫")
        _ = rig.advance(to: 0.5)
        rig.now = 0.55
        _ = rig.move(to: "ctrl")
        #expect(rig.state.nextDeadline == nil)
        #expect(rig.advance(to: 2) == [])
        #expect(rig.release("ctrl") == [.redraw([rig.index("ctrl")])])
        #expect(rig.state.modifierState(.ctrl) == .latched, "the key slid onto fires normally")
    }

    @Test func slidingOntoARepeatingKeyStartsItsDelayThere() {
        var rig = Rig(config: StateRepeatTests.config)
        _ = rig.press("b")
        rig.now = 1
        _ = rig.move(to: "space")
        #expect(rig.state.nextDeadline == 1.5)
        #expect(typed(rig.advance(to: 1.5)) == [" "])
    }

    @Test func modifierAndLayerKeysNeverRepeat() {
        let layout = Layout(name: "t", description: "", layers: [
            Layer(name: "l", root: Stack(axis: .horizontal, items: [
                .key(Key(label: "⇧", action: .modifier(.shift), repeats: true)),
                .key(Key(label: "L", action: .layer("m"), repeats: true)),
            ])),
            Layer(name: "m", root: Stack(axis: .horizontal, items: [.key(Key(label: "x", action: .text("x")))])),
        ])
        var rig = Rig(config: StateRepeatTests.config, layout: layout)
        _ = rig.press("⇧", pointer: 1)
        _ = rig.press("L", pointer: 2)
        #expect(rig.state.nextDeadline == nil)
    }

    @Test func nothingPendingMeansNoWakeUps() {
        var rig = Rig(config: StateRepeatTests.config)
        #expect(rig.state.nextDeadline == nil)
        rig.tap("a")
        rig.tap("⇧")
        #expect(rig.state.nextDeadline == nil)
        _ = rig.press("b")
        #expect(rig.state.nextDeadline == nil, "holding a key that neither repeats nor has alternates")
    }

    @Test func badTimingsAreClampedSoTheLoopCannotSpin() {
        var rig = Rig(config: KeyboardConfig(timing: KeyTiming(repeatDelay: -1, repeatInterval: 0, longPressDelay: .nan)))
        _ = rig.press("⌫")
        let first = rig.state.nextDeadline ?? 0
        #expect(first > 0)
        _ = rig.advance(to: first)
        #expect((rig.state.nextDeadline ?? 0) > first)
        _ = rig.handle(.cancel(pointer: 1))
        _ = rig.press("e")
        #expect(rig.state.nextDeadline == rig.now + 0.5, "a NaN long-press delay falls back to the default")
    }
}
