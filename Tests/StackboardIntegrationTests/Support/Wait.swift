import Foundation
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Waiting on a condition, the only way the integration tests wait: a condition is polled
/// (every `interval`, the only sleep allowed) until it holds or a generous timeout passes.
/// Never sleep for a fixed time before an assertion; to assert that nothing more happened,
/// wait for a later sentinel event instead (`XSession.mark()`). A wait on something a program
/// under test should do goes through `Child.waitUntil`, which says how the program ended and what
/// it wrote on stderr when it times out.
enum Wait {
    /// Polls `condition` until it holds (true) or `timeout` seconds pass (false); it is asked
    /// once more at the deadline, so a slow poll never loses a condition that became true.
    static func until(timeout: Double, interval: Double = 0.02, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        let pause = useconds_t(max(0, min(interval, 1)) * 1_000_000)
        while Date() < deadline {
            if try condition() { return true }
            usleep(pause)
        }
        return try condition()
    }

    /// Polls `condition` until it holds; throws "timed out waiting for `what`" after `timeout` seconds.
    static func require(timeout: Double, interval: Double = 0.02, _ what: @autoclosure () -> String,
                        _ condition: () throws -> Bool) throws {
        guard try until(timeout: timeout, interval: interval, condition) else {
            throw XSession.Failure(description: "timed out after \(timeout) s waiting for \(what())")
        }
    }
}
