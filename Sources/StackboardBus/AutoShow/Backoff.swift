import StackboardCore
/// When to try a lost connection again: after `initial` seconds, then twice as long each time, never
/// more than `maximum`; a success starts over. Time is passed in.
public struct Backoff: Equatable, Sendable {
    /// The first wait in seconds.
    public let initial: Double
    /// The longest wait in seconds.
    public let maximum: Double
    /// The wait the next failure gets.
    public private(set) var current: Double

    /// A backoff from `initial` seconds doubling up to `maximum`.
    public init(initial: Double = 0.25, maximum: Double = 30) {
        self.initial = max(0.001, initial)
        self.maximum = max(self.initial, maximum)
        self.current = self.initial
    }

    /// The deadline for the next try after a failure at `now`; the wait after it doubles.
    public mutating func nextAttempt(after now: Double) -> Double {
        let due = now + current
        current = min(maximum, current * 2)
        return due
    }

    /// A connection succeeded: the next failure waits `initial` again.
    public mutating func reset() { current = initial }
}
