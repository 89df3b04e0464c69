#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A file descriptor the loop waits on, and for what (`POLLIN`, `POLLOUT`, ...).
public struct PollRequest: Equatable, Sendable {
    /// The descriptor.
    public var fd: Int32
    /// The poll events to wait for.
    public var events: Int16
    /// Waits for `events` (default: input) on `fd`.
    public init(fd: Int32, events: Int16 = Int16(POLLIN)) {
        self.fd = fd
        self.events = events
    }
}

/// Something the loop serves: an X connection, a signalfd, a D-Bus connection, a timer.
///
/// Every turn of the loop calls `dispatch(now:)` on every source (each must read only what is
/// ready, never block), then `prepareToWait()`, then blocks in one `poll` until a descriptor is
/// ready or the earliest `nextDeadline` is due. With no deadline anywhere it sleeps until input
/// comes: an idle keyboard never wakes up.
public protocol LoopSource: AnyObject {
    /// The descriptors to wait on (asked again before each wait).
    var pollRequests: [PollRequest] { get }
    /// When `dispatch` must run even if nothing is ready (monotonic seconds); nil: only on input.
    var nextDeadline: Double? { get }
    /// Handles what is ready and what is due at `now`, without blocking.
    func dispatch(now: Double)
    /// Just before the loop blocks: send buffered output, and return true when input is already
    /// buffered in user space (the loop then turns again instead of blocking).
    func prepareToWait() -> Bool
}

extension LoopSource {
    /// Nothing buffered by default.
    public func prepareToWait() -> Bool { false }
}

/// How a run of the loop ended.
public enum LoopEnd: Equatable, Sendable {
    /// `stop(_:)` was called with this exit status.
    case stopped(Int32)
    /// `poll` failed (the C library's message).
    case failed(String)
}

/// The one `poll` loop of the program: file descriptors, deadlines and a turn per wake-up,
/// shared by the keyboard, `stackboard entry` and `stackboard type`.
public final class EventLoop {
    /// The sources served, in the order they are dispatched.
    public private(set) var sources: [LoopSource] = []
    /// The status given to the first `stop`, nil while running.
    public private(set) var exitStatus: Int32?

    /// The descriptors of the last wait, kept: freeing the array after `poll` returned cost
    /// ~4 µs on the way from the tap's release to its key (cold allocator state after a
    /// sleep, measured with `make bench`'s tap split).
    private var fds: [pollfd] = []

    /// An empty loop.
    public init() {}

    /// Serves `source` from the next turn on (dispatched after the sources added before it).
    public func add(_ source: LoopSource) {
        guard !sources.contains(where: { $0 === source }) else { return }
        sources.append(source)
    }

    /// Stops serving `source`.
    public func remove(_ source: LoopSource) {
        sources.removeAll { $0 === source }
    }

    /// Ends the run after the current dispatch with `status` (the first status given wins).
    public func stop(_ status: Int32) {
        if exitStatus == nil { exitStatus = status }
    }

    /// Runs until `stop` is called (or `poll` fails).
    public func run() -> LoopEnd {
        while true {
            if let status = exitStatus { return .stopped(status) }
            let now = MonotonicClock.now()
            for source in sources {
                source.dispatch(now: now)
                if let status = exitStatus { return .stopped(status) }
            }
            // Every source prepares (flushes), even when an earlier one has input buffered.
            var buffered = false
            for source in sources where source.prepareToWait() { buffered = true }
            if buffered { continue }
            if let status = exitStatus { return .stopped(status) }
            if case .failed(let message) = wait() { return .failed(message) }
        }
    }

    /// One `poll` over every source's descriptors until the earliest deadline.
    private func wait() -> LoopEnd? {
        fds.removeAll(keepingCapacity: true)
        for source in sources {
            for request in source.pollRequests {
                fds.append(pollfd(fd: request.fd, events: request.events, revents: 0))
            }
        }
        let deadline = sources.compactMap(\.nextDeadline).min()
        let timeout = MonotonicClock.pollTimeout(until: deadline, now: MonotonicClock.now())
        return Self.block(on: &fds, timeout: timeout).map { .failed($0) }
    }

    /// Blocks until one of `requests` is ready or `timeout` milliseconds pass (negative: no
    /// limit), for a short wait outside the loop (the injector's wait for a pong). Nil when it
    /// returned (ready, timed out or interrupted by a signal); the C library's message when
    /// `poll` failed.
    public static func block(on requests: [PollRequest], timeout: Int32) -> String? {
        var fds = requests.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
        return block(on: &fds, timeout: timeout)
    }

    /// The program's one call of `poll`.
    private static func block(on fds: inout [pollfd], timeout: Int32) -> String? {
        if poll(&fds, nfds_t(fds.count), timeout) < 0 && errno != EINTR {
            return "poll failed: \(String(cString: strerror(errno)))"
        }
        return nil
    }
}
