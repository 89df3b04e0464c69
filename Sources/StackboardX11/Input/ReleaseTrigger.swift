import StackboardCore

/// What to do the moment the release of one pointer arrives at one point, before anything else is
/// done with it (`WindowInput`): the keyboard sends the key that release types (see `ReleaseAhead`).
public struct ReleaseTrigger {
    /// The pointer (`PointerTranslator.corePointer`, or a touch's pointer).
    public var pointer: Int
    /// Where the release must be, in window pixels.
    public var point: Point
    /// The monotonic time before which the release must come (nil: any time).
    public var until: Double?
    /// What to do.
    public var fire: () -> Void

    /// A trigger for the release of `pointer` at `point` before `until`, which calls `fire`.
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
