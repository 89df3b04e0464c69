/// Tells a click or tap outside the keyboard from one on it. The display reports every press
/// twice to the keyboard: as a raw event (any window, no position) and, when the press is on the
/// keyboard, as its own press, both with the press's server time; they come on two connections,
/// so in either order. A raw press is outside when no own press of its time comes: known at once
/// when an own press of a later raw press comes (each connection reports in the server's order),
/// else once it has waited `window` seconds.
///
/// Times are in milliseconds, so a script (or a loaded server, which takes several queued
/// requests at once) can press elsewhere and on the keyboard in the same one; then which raw
/// press is the keyboard's is told by where the pointer was: when it left the keyboard since
/// the keyboard's previous press, the raw presses of the same time before the last one were
/// elsewhere (`OwnPress.afterLeaving`).
public struct PressMatcher: Equatable, Sendable {
    /// One press: its server time (milliseconds) and when it was read (monotonic seconds).
    struct Press: Equatable, Sendable {
        var time: UInt
        var at: Double
    }

    /// How long a raw press waits for its own press, and an own press for its raw one.
    public var window: Double
    private var raw: [Press] = []
    private var own: [Press] = []
    /// Raw presses known to be outside, not reported yet.
    private var known = 0

    /// A matcher with `window` seconds of patience.
    public init(window: Double = 0.25) { self.window = window }

    /// A raw press of server time `time`, read at `now`. When it is an own press's, read after
    /// it, the raw presses still waiting were elsewhere (their own presses would have come first).
    public mutating func rawPress(time: UInt, at now: Double) {
        if let i = own.firstIndex(where: { $0.time == time }) {
            own.remove(at: i)
            known += raw.count
            raw.removeAll()
        } else {
            raw.append(Press(time: time, at: now))
        }
    }

    /// A press on the keyboard (`press.time` nil: a press no raw event reports, such as a scan
    /// switch's key), read at `now`. The raw presses read before its own were elsewhere; of
    /// those of its very time, its own is the first, or after the pointer left the keyboard
    /// (it may have pressed elsewhere in that millisecond) the last.
    public mutating func ownPress(_ press: OwnPress, at now: Double) {
        guard let time = press.time else { return }
        let same: (Press) -> Bool = { $0.time == time }
        if let i = press.afterLeaving ? raw.lastIndex(where: same) : raw.firstIndex(where: same) {
            known += i
            raw.removeFirst(i + 1)
        } else {
            own.append(Press(time: time, at: now))
        }
    }

    /// Whether a raw press of server time `time` was read and is not matched yet.
    public func hasRaw(time: UInt) -> Bool {
        raw.contains { $0.time == time }
    }

    /// When `outsidePresses(now:)` has something to say (nil: nothing is waiting; 0: at once).
    public var nextDeadline: Double? {
        if known > 0 { return 0 }
        return [raw.first?.at, own.first?.at].compactMap { $0 }.min().map { $0 + window }
    }

    /// How many presses were outside the keyboard by `now` (each reported once); own presses
    /// whose raw one never came are forgotten.
    public mutating func outsidePresses(now: Double) -> Int {
        let late = raw.prefix { $0.at + window <= now }.count
        raw.removeFirst(late)
        own.removeAll { $0.at + window <= now }
        defer { known = 0 }
        return late + known
    }
}

/// A press on the keyboard as its window read it: the server time (nil for a press no raw event
/// reports, such as a scan switch's key) and whether the pointer left the window since the
/// window's previous press.
public struct OwnPress: Equatable, Sendable {
    public var time: UInt?
    public var afterLeaving: Bool

    public init(time: UInt?, afterLeaving: Bool = false) {
        self.time = time
        self.afterLeaving = afterLeaving
    }
}
