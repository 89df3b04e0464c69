import StackboardCore

/// Counts of what happened to click requests, for diagnostics and tests.
public struct ClickStats: Equatable, Sendable {
    /// `play` calls accepted.
    public var requested = 0
    /// Clicks the playback thread began to hand to the device.
    public var started = 0
    /// Requests replaced by a newer one (or dropped by `close`) before they started: latest wins,
    /// never a backlog, so `requested == started + replaced` once closed.
    public var replaced = 0
    /// Clicks still playing (or being written) when a newer one cut them short.
    public var cut = 0
    /// Clicks lost to a device error, or skipped while a vanished device is left alone.
    public var failed = 0
    /// No requests yet.
    public init() {}
}

/// One click request: what to play and when `play` was called.
struct ClickRequest: Sendable {
    let kind: ClickKind
    let requestedAt: UInt64
}

/// The hand-over between `play` (any thread) and the playback thread: a single slot, so a new
/// request replaces one that has not started yet. Every field is guarded by `monitor`, which
/// nobody holds across an ALSA call: `play` waits for nothing but this short critical section.
final class ClickQueue: @unchecked Sendable {
    private let monitor = Monitor()
    private var pending: ClickRequest?
    private var closing = false
    private var busy = false
    private var finished = false
    private var opened: Result<SoundDeviceFormat, SoundError>?
    private var counts = ClickStats()
    private var latencies: [UInt64]
    private var latencyNext = 0
    private var latencyCount = 0

    /// A queue keeping the last `latencyCapacity` latencies.
    init(latencyCapacity: Int = 64) {
        latencies = [UInt64](repeating: 0, count: max(1, latencyCapacity))
    }

    /// Puts a request in the slot (replacing a waiting one) and wakes the thread; false after close.
    @discardableResult
    func submit(_ request: ClickRequest) -> Bool {
        monitor.locked {
            guard !closing else { return false }
            counts.requested += 1
            if pending != nil { counts.replaced += 1 }
            pending = request
            monitor.broadcast()
            return true
        }
    }

    /// Playback thread: waits for the next request and marks the thread busy; nil when closing.
    func next() -> ClickRequest? {
        monitor.locked {
            while pending == nil && !closing { monitor.wait() }
            // Closing: the last click asked for still plays, then the thread ends.
            guard let request = pending else { return nil }
            pending = nil
            busy = true
            counts.started += 1
            return request
        }
    }

    /// Playback thread: whether the current click should stop (a newer request cuts it; close
    /// lets it play out).
    var shouldStop: Bool { monitor.locked { pending != nil } }

    /// Playback thread: the current click is done.
    func doneWithCurrent() {
        monitor.locked { busy = false; monitor.broadcast() }
    }

    /// Playback thread: adds to the counters.
    func count(cut: Int = 0, failed: Int = 0) {
        monitor.locked { counts.cut += cut; counts.failed += failed }
    }

    /// Playback thread: records the time from `play` to the first frames handed to ALSA.
    func recordLatency(_ nanoseconds: UInt64) {
        monitor.locked {
            latencies[latencyNext] = nanoseconds
            latencyNext = (latencyNext + 1) % latencies.count
            latencyCount = min(latencyCount + 1, latencies.count)
        }
    }

    /// Playback thread: how opening the device went.
    func reportOpen(_ result: Result<SoundDeviceFormat, SoundError>) {
        monitor.locked { opened = result; monitor.broadcast() }
    }

    /// Waits until `deadline` for the thread to report how opening the device went; nil on time-out.
    func waitForOpen(until deadline: UInt64) -> Result<SoundDeviceFormat, SoundError>? {
        monitor.locked {
            while opened == nil { if !monitor.wait(until: deadline) { break } }
            return opened
        }
    }

    /// Playback thread: whether `close` was called.
    var isClosing: Bool { monitor.locked { closing } }

    /// Playback thread: it has released the device and ends.
    func markFinished() {
        monitor.locked { finished = true; busy = false; monitor.broadcast() }
    }

    /// Asks the thread to stop once the click playing and the one waiting have played, and
    /// waits until `deadline` for it to finish; false when it did not (it is stuck in the device
    /// and will end on its own).
    func close(until deadline: UInt64) -> Bool {
        monitor.locked {
            if !closing {
                closing = true
                monitor.broadcast()
            }
            while !finished { if !monitor.wait(until: deadline) { break } }
            // A thread stuck in a hung device never takes the click still waiting: drop it.
            if !finished, pending != nil {
                counts.replaced += 1
                pending = nil
            }
            return finished
        }
    }

    /// Waits until no request is waiting and no click is being written (or the thread ended),
    /// or until `deadline`; false on time-out.
    func waitUntilIdle(until deadline: UInt64) -> Bool {
        monitor.locked {
            while (pending != nil || busy) && !finished { if !monitor.wait(until: deadline) { break } }
            return (pending == nil && !busy) || finished
        }
    }

    /// The counters so far.
    var stats: ClickStats { monitor.locked { counts } }

    /// The recorded latencies in nanoseconds, oldest first.
    var recentLatencies: [UInt64] {
        monitor.locked {
            let start = (latencyNext - latencyCount + latencies.count) % latencies.count
            return (0..<latencyCount).map { latencies[(start + $0) % latencies.count] }
        }
    }
}
