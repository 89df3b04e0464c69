/// When the field is read again for words held until the field shows them, and when what it
/// shows is taken as final. Pure: the time is passed in.
///
/// Rules: a read that shows every held word confirms them at once. One that does not (the
/// application has not caught up yet: a busy one, or an input method between the keyboard and
/// the field) is read again after `firstDelay`, then after twice that, and so on, `retries`
/// times (0.3 + 0.6 + 1.2 + 2.4 s by default: 4.5 s for the slowest application); the last read
/// decides, and the held words it does not show are dropped. A confirmation starts over.
public struct HeldWordsReads: Equatable, Sendable {
    /// The wait before the first read again: s.
    public let firstDelay: Double
    /// How many times a field that does not show the words yet is read again.
    public let retries: Int
    /// Reads again so far for the words held now.
    public private(set) var attempts = 0
    /// When the next read is due (nil: as soon as the keyboard is quiet).
    public private(set) var dueAt: Double?

    /// What to do with a read's answer.
    public enum Decision: Equatable, Sendable {
        /// Take the text as final: learn what it shows, drop the rest.
        case confirm
        /// Read again at this time.
        case readAgain(at: Double)
    }

    /// A schedule with `retries` reads again, the first after `firstDelay` seconds.
    public init(firstDelay: Double = 0.3, retries: Int = 4) {
        self.firstDelay = firstDelay
        self.retries = retries
    }

    /// A read answered at `now`: `shows` says whether the text shows every held word.
    public mutating func answered(shows: Bool, now: Double) -> Decision {
        guard !shows, attempts < retries else {
            reset()
            return .confirm
        }
        var delay = firstDelay
        for _ in 0..<attempts { delay *= 2 }
        attempts += 1
        dueAt = now + delay
        return .readAgain(at: now + delay)
    }

    /// Starts over (the words were decided, or forgotten).
    public mutating func reset() {
        attempts = 0
        dueAt = nil
    }
}
