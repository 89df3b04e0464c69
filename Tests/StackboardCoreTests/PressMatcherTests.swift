import Testing
@testable import StackboardCore

/// Raw presses against the keyboard's own: which were outside.
@Suite struct PressMatcherTests {
    @Test func aRawPressWithItsOwnPressIsNotOutsideInEitherOrder() {
        var m = PressMatcher(window: 0.25)
        m.rawPress(at: 1)
        m.ownPress(at: 1.01)
        m.ownPress(at: 2)
        m.rawPress(at: 2.02)
        #expect(m.outsidePresses(now: 5) == 0)
        #expect(m.nextDeadline == nil)
    }

    @Test func aRawPressAloneIsOutsideOnceItsWindowPassed() {
        var m = PressMatcher(window: 0.25)
        m.rawPress(at: 1)
        #expect(m.nextDeadline == 1.25)
        #expect(m.outsidePresses(now: 1.2) == 0)
        #expect(m.outsidePresses(now: 1.25) == 1)
        #expect(m.nextDeadline == nil)
    }

    @Test func anOwnPressWithoutItsRawOneIsForgotten() {
        var m = PressMatcher(window: 0.25)
        m.ownPress(at: 1)
        #expect(m.outsidePresses(now: 2) == 0)
        m.rawPress(at: 3)
        #expect(m.outsidePresses(now: 3.3) == 1)
    }
}
