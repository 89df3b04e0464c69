import StackboardCore
import StackboardSystem

/// What to do the moment the release of one pointer arrives at one point, before the event is
/// routed anywhere: the keyboard sends the key that release types (see `ReleaseAhead`).
public struct ReleaseTrigger {
    /// The pointer (`PointerTranslator.corePointer`, or a touch's pointer).
    public var pointer: Int
    /// Where the release must be, in window pixels.
    public var point: Point
    /// The monotonic time before which the release must come (nil: any time).
    public var until: Double?
    /// What to do.
    public var fire: () -> Void

    public init(pointer: Int, point: Point, until: Double?, fire: @escaping () -> Void) {
        self.pointer = pointer
        self.point = point
        self.until = until
        self.fire = fire
    }

    /// Whether a release of pointer `id` at `point` at monotonic time `now` is the one it waits for.
    public func waitsFor(pointer id: Int, at point: Point, now: Double) -> Bool {
        pointer == id && self.point == point && until.map { now < $0 } ?? true
    }
}

extension KeyboardWindow {
    /// Sets (or with nil, clears) what the next release does first. Refused (false) while a
    /// scan switch key is grabbed: the keyboard's own keys must then get past the grab.
    public func setReleaseTrigger(_ trigger: ReleaseTrigger?) -> Bool {
        guard trigger == nil || pointer.switchKeycode == nil else {
            releaseTrigger = nil
            return false
        }
        releaseTrigger = trigger
        return true
    }

    /// Fires the trigger if this release is the one it waits for (it is used up either way).
    public func fireReleaseTrigger(pointer id: Int, at point: Point) {
        guard let trigger = releaseTrigger else { return }
        releaseTrigger = nil
        if trigger.waitsFor(pointer: id, at: point, now: MonotonicClock.now()) { trigger.fire() }
    }
}
