#if canImport(Glibc)
import Glibc
#endif

/// Seconds on CLOCK_MONOTONIC: the one clock of the program. The state machine, the injector,
/// the loop's deadlines and StackboardKit's `Keypad` all count time on it.
public enum MonotonicClock {
    /// The current time in seconds (arbitrary origin, never goes back).
    public static func now() -> Double {
        Double(nanoseconds()) / 1e9
    }

    /// The current time in nanoseconds (for condition-variable timeouts on the same clock).
    public static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Milliseconds from `now` until `deadline` for poll(), rounded up; -1 (forever) when nil.
    public static func pollTimeout(until deadline: Double?, now: Double) -> Int32 {
        guard let deadline else { return -1 }
        let ms = ((deadline - now) * 1000).rounded(.up)
        return Int32(max(0, min(ms, 3_600_000)))
    }
}
