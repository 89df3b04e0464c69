import CShims
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Turns SIGTERM, SIGINT, SIGHUP, SIGUSR1 and SIGUSR2 into readable events on a file
/// descriptor (a signalfd), so the `poll` loop handles them like X events: no handler runs
/// in signal context and nothing global is touched. Create it before starting any thread.
/// As a loop source it hands each signal to `onSignal`, as what it asks of the program.
public final class SignalWatcher: LoopSource {
    /// The signals it watches.
    public static let watched: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGUSR2]
    /// The descriptor to poll for POLLIN.
    public let fd: Int32
    /// Told about each signal, in order, when the loop dispatches the watcher.
    public var onSignal: ((SignalRequest) -> Void)?

    /// An error that says what went wrong.
    public struct SetupError: Error, CustomStringConvertible {
        /// What failed.
        public let description: String
    }

    /// Blocks the watched signals and opens the signalfd.
    public init() throws(SetupError) {
        let fd = Self.watched.withUnsafeBufferPointer { stackboard_signalfd_open($0.baseAddress, Int32($0.count)) }
        guard fd >= 0 else {
            throw SetupError(description: "cannot watch signals: \(String(cString: strerror(errno)))")
        }
        self.fd = fd
    }

    /// The next pending signal, or nil when none is pending.
    public func next() -> Int32? {
        let s = stackboard_signalfd_read(fd)
        return s > 0 ? s : nil
    }

    /// Every pending signal, in order.
    public func drain() -> [Int32] {
        var out: [Int32] = []
        while let s = next() { out.append(s) }
        return out
    }

    /// The signalfd.
    public var pollRequests: [PollRequest] { [PollRequest(fd: fd)] }

    /// Signals come only as input.
    public var nextDeadline: Double? { nil }

    /// Hands every pending signal to `onSignal`.
    public func dispatch(now: Double) {
        for signal in drain() { onSignal?(SignalRequest(signal)) }
    }

    deinit {
        // The signals stay blocked: the process is ending, and a second SIGTERM that came in
        // during shutdown (already pending) would otherwise kill it with the default action
        // the moment they were unblocked, turning a clean exit into status 143.
        close(fd)
    }
}

/// What a watched signal asks of the program.
public enum SignalRequest: Equatable, Sendable {
    /// SIGUSR1: hide the keyboard.
    case hide
    /// SIGUSR2: show the keyboard.
    case show
    /// SIGTERM, SIGINT or SIGHUP: stop; `signal` is its number (a command that exits for it
    /// returns 128 + it).
    case stop(signal: Int32)

    /// The request of signal number `signal`.
    public init(_ signal: Int32) {
        switch signal {
        case SIGUSR1: self = .hide
        case SIGUSR2: self = .show
        default: self = .stop(signal: signal)
        }
    }
}
