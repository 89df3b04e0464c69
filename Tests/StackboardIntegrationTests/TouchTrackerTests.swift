import CX11
import StackboardCore
import Testing
@testable import StackboardX11

/// The touch bookkeeping behind `TouchInput`, with events and time given by hand (no X server).
@Suite struct TouchTrackerTests {
    private func key(_ touch: UInt32, device: Int32 = 6) -> TouchTracker.Key { .init(device: device, touch: touch) }
    private func p(_ x: Int, _ y: Int) -> Point { Point(x: x, y: y) }

    @Test func eachSequenceGetsTheLowestFreeIdFromOne() {
        var t = TouchTracker(timeout: 10)
        #expect(t.begin(key(4041), at: p(1, 1), now: 0) == [.press(pointer: 1, at: p(1, 1))])
        #expect(t.begin(key(4042), at: p(2, 2), now: 0) == [.press(pointer: 2, at: p(2, 2))])
        #expect(t.begin(key(4043), at: p(3, 3), now: 0) == [.press(pointer: 3, at: p(3, 3))])
        #expect(t.end(key(4042), at: p(2, 2), cancelled: false) == [.release(pointer: 2, at: p(2, 2))])
        #expect(t.begin(key(4044), at: p(4, 4), now: 0) == [.press(pointer: 2, at: p(4, 4))])
        // Same touch id from another device is another finger.
        #expect(t.begin(key(4041, device: 9), at: p(5, 5), now: 0) == [.press(pointer: 4, at: p(5, 5))])
        #expect(t.update(key(4041), at: p(7, 1), pendingEnd: false, now: 1) == [.move(pointer: 1, to: p(7, 1))])
    }

    @Test func updatesWithoutMovementAndUnknownTouchesGiveNothing() {
        var t = TouchTracker(timeout: 10)
        _ = t.begin(key(1), at: p(10, 10), now: 0)
        #expect(t.update(key(1), at: p(10, 10), pendingEnd: false, now: 1) == [])
        #expect(t.update(key(99), at: p(3, 3), pendingEnd: false, now: 1) == [])
        #expect(t.end(key(99), at: p(3, 3), cancelled: false) == [])
    }

    @Test func pendingEndFreezesThePositionUntilTheEnd() {
        var t = TouchTracker(timeout: 10)
        _ = t.begin(key(1), at: p(10, 10), now: 0)
        // The finger is up (physically ended) while ownership is still open: no more moves.
        #expect(t.update(key(1), at: p(12, 10), pendingEnd: true, now: 1) == [.move(pointer: 1, to: p(12, 10))])
        #expect(t.update(key(1), at: p(0, 0), pendingEnd: false, now: 2) == [])
        #expect(t.end(key(1), at: p(0, 0), cancelled: false) == [.release(pointer: 1, at: p(12, 10))])
        #expect(t.touches.isEmpty)
    }

    @Test func aTakenAwaySequenceIsCancelledNotReleased() {
        var t = TouchTracker(timeout: 10)
        _ = t.begin(key(1), at: p(10, 10), now: 0)
        #expect(t.end(key(1), at: p(10, 10), cancelled: true) == [.cancel(pointer: 1)])
    }

    @Test func aRepeatedBeginCancelsTheStaleSequence() {
        var t = TouchTracker(timeout: 10)
        _ = t.begin(key(1), at: p(10, 10), now: 0)
        #expect(t.begin(key(1), at: p(20, 20), now: 1) == [.cancel(pointer: 1), .press(pointer: 1, at: p(20, 20))])
    }

    @Test func silentSequencesExpireAfterTheTimeoutSinceTheirLastEvent() {
        var t = TouchTracker(timeout: 10)
        #expect(t.nextDeadline == nil)
        _ = t.begin(key(1), at: p(1, 1), now: 100)
        _ = t.begin(key(2), at: p(2, 2), now: 103)
        _ = t.update(key(1), at: p(1, 2), pendingEnd: false, now: 105)
        #expect(t.nextDeadline == 113)
        #expect(t.expire(now: 112.9) == [])
        #expect(t.expire(now: 113) == [.cancel(pointer: 2)])
        #expect(t.nextDeadline == 115)
        #expect(t.expire(now: 200) == [.cancel(pointer: 1)])
        #expect(t.nextDeadline == nil)
    }

    @Test func aRemovedDeviceCancelsOnlyItsOwnTouches() {
        var t = TouchTracker(timeout: 10)
        _ = t.begin(key(1, device: 6), at: p(1, 1), now: 0)
        _ = t.begin(key(2, device: 7), at: p(2, 2), now: 0)
        _ = t.begin(key(3, device: 6), at: p(3, 3), now: 0)
        #expect(t.cancel(device: 6) == [.cancel(pointer: 1), .cancel(pointer: 3)])
        #expect(t.cancelAll() == [.cancel(pointer: 2)])
        #expect(t.touches.isEmpty)
    }

    @Test func emulatedPointerEventsAreRecognisedByTheirFlag() {
        var xi = XIDeviceEvent()
        xi.evtype = XI_Motion
        #expect(!TouchInput.isEmulatedPointerEvent(xi))
        xi.flags = XIPointerEmulated
        #expect(TouchInput.isEmulatedPointerEvent(xi))
        xi.evtype = XI_ButtonPress
        xi.detail = 1
        #expect(TouchInput.isEmulatedPointerEvent(xi))
        // Wheel clicks emulated from smooth scrolling carry the same flag but are not from a touch.
        xi.detail = 4
        #expect(!TouchInput.isEmulatedPointerEvent(xi))
    }
}
