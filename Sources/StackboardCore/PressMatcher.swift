/// Tells a click or tap outside the keyboard from one on it. The display reports every press
/// twice to the keyboard: as a raw event (any window, no position) and, when the press is on the
/// keyboard, as its own press; the two can arrive in different reads. A raw press not matched by
/// one of the keyboard's own within `window` seconds (either first) is a press outside.
public struct PressMatcher: Equatable, Sendable {
    /// How long a raw press waits for its own press, and an own press for its raw one.
    public var window: Double
    private var raw: [Double] = []
    private var own: [Double] = []

    /// A matcher with `window` seconds of patience.
    public init(window: Double = 0.25) { self.window = window }

    /// A raw press at `now`.
    public mutating func rawPress(at now: Double) {
        if own.isEmpty { raw.append(now) } else { own.removeFirst() }
    }

    /// A press on the keyboard at `now`.
    public mutating func ownPress(at now: Double) {
        if raw.isEmpty { own.append(now) } else { raw.removeFirst() }
    }

    /// When `outsidePresses(now:)` has something to say (nil: nothing is waiting).
    public var nextDeadline: Double? {
        [raw.first, own.first].compactMap { $0 }.min().map { $0 + window }
    }

    /// How many presses were outside the keyboard by `now` (raw ones left alone too long); own
    /// presses whose raw one never came are forgotten.
    public mutating func outsidePresses(now: Double) -> Int {
        let late = raw.prefix { $0 + window <= now }.count
        raw.removeFirst(late)
        own.removeAll { $0 + window <= now }
        return late
    }
}
