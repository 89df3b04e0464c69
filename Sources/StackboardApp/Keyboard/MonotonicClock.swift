#if canImport(Glibc)
import Glibc
#endif

/// Seconds on CLOCK_MONOTONIC: the `now` the state machine is given.
enum MonotonicClock {
    /// The current time in seconds (arbitrary origin, never goes back).
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Milliseconds from `now` until `deadline` for poll(), rounded up; -1 (forever) when nil.
    static func pollTimeout(until deadline: Double?, now: Double) -> Int32 {
        guard let deadline else { return -1 }
        let ms = ((deadline - now) * 1000).rounded(.up)
        return Int32(max(0, min(ms, 3_600_000)))
    }
}
