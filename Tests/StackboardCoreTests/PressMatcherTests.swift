import Testing
@testable import StackboardCore

/// Raw presses against the keyboard's own: which were outside.
@Suite struct PressMatcherTests {
    @Test func aRawPressWithItsOwnPressIsNotOutsideInEitherOrder() {
        var m = PressMatcher(window: 0.25)
        m.rawPress(time: 100, at: 1)
        m.ownPress(OwnPress(time: 100), at: 1.01)
        m.ownPress(OwnPress(time: 1100), at: 2)
        m.rawPress(time: 1100, at: 2.02)
        #expect(m.outsidePresses(now: 5) == 0)
        #expect(m.nextDeadline == nil)
    }

    @Test func aRawPressAloneIsOutsideOnceItsWindowPassed() {
        var m = PressMatcher(window: 0.25)
        m.rawPress(time: 100, at: 1)
        #expect(m.nextDeadline == 1.25)
        #expect(m.outsidePresses(now: 1.2) == 0)
        #expect(m.outsidePresses(now: 1.25) == 1)
        #expect(m.nextDeadline == nil)
    }

    @Test func anOwnPressWithoutItsRawOneIsForgotten() {
        var m = PressMatcher(window: 0.25)
        m.ownPress(OwnPress(time: 100), at: 1)
        #expect(m.outsidePresses(now: 2) == 0)
        m.rawPress(time: 2100, at: 3)
        #expect(m.outsidePresses(now: 3.3) == 1)
    }

    /// A click in the application and a tap on the keyboard read together (the pointer went
    /// there and came back at once): the click is outside at once, not when its wait is over.
    @Test func aRawPressBeforeAnOwnPressOfALaterOneIsOutsideAtOnce() {
        var m = PressMatcher(window: 0.25)
        m.rawPress(time: 100, at: 1)
        m.rawPress(time: 104, at: 1)
        m.ownPress(OwnPress(time: 104), at: 1)
        #expect(m.nextDeadline == 0)
        #expect(m.outsidePresses(now: 1) == 1)
        #expect(m.nextDeadline == nil)
        #expect(m.outsidePresses(now: 5) == 0)
    }

    /// The server wrote the window's press before the raw presses (it flushes its clients one
    /// by one): the click before it is outside as soon as the press's own raw one is read.
    @Test func aRawPressBeforeTheRawOneOfAnEarlierOwnPressIsOutsideAtOnce() {
        var m = PressMatcher(window: 0.25)
        m.ownPress(OwnPress(time: 104), at: 1)
        m.rawPress(time: 100, at: 1)
        #expect(!m.hasRaw(time: 104) && m.hasRaw(time: 100))
        m.rawPress(time: 104, at: 1)
        #expect(m.nextDeadline == 0)
        #expect(m.outsidePresses(now: 1) == 1)
        #expect(m.outsidePresses(now: 5) == 0)
    }

    /// Two fingers on the keyboard read in one batch: their raw presses come first, then both
    /// own presses; neither is outside.
    @Test func twoOwnPressesAfterTheirRawOnesAreNotOutside() {
        var m = PressMatcher(window: 0.25)
        m.rawPress(time: 100, at: 1)
        m.rawPress(time: 101, at: 1)
        m.ownPress(OwnPress(time: 100), at: 1)
        m.ownPress(OwnPress(time: 101), at: 1)
        #expect(m.outsidePresses(now: 5) == 0)
    }

    /// A script taps twice on the keyboard in one millisecond: two raw presses of one time,
    /// then both own presses; neither is outside.
    @Test func twoOwnPressesOfOneMillisecondAreNotOutside() {
        var m = PressMatcher(window: 0.25)
        m.rawPress(time: 100, at: 1)
        m.rawPress(time: 100, at: 1)
        m.ownPress(OwnPress(time: 100), at: 1)
        #expect(m.nextDeadline == 1.25)
        m.ownPress(OwnPress(time: 100), at: 1)
        #expect(m.outsidePresses(now: 5) == 0)
    }

    /// The pointer left the keyboard, clicked in the application and tapped the keyboard again,
    /// all in one millisecond (a loaded server takes the script's requests together): the raw
    /// press before the tap's own is outside, before the tap's key.
    @Test func aClickElsewhereInTheTapsMillisecondAfterThePointerLeftIsOutsideAtOnce() {
        var m = PressMatcher(window: 0.25)
        m.rawPress(time: 100, at: 1)
        m.rawPress(time: 100, at: 1)
        m.ownPress(OwnPress(time: 100, afterLeaving: true), at: 1)
        #expect(m.nextDeadline == 0)
        #expect(m.outsidePresses(now: 1) == 1)
        #expect(m.nextDeadline == nil)
        #expect(m.outsidePresses(now: 5) == 0)
    }

    /// A scan switch's key is a press no raw button event reports: it changes nothing.
    @Test func anOwnPressWithoutATimeIsIgnored() {
        var m = PressMatcher(window: 0.25)
        m.ownPress(OwnPress(time: nil), at: 1)
        #expect(m.nextDeadline == nil)
        m.rawPress(time: 100, at: 2)
        #expect(m.outsidePresses(now: 2.25) == 1)
    }
}
