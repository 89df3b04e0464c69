import StackboardSystem
import StackboardCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Key clicks on an ALSA device, played by a dedicated thread so that a keypress never waits
/// for audio. The samples are decoded and volume-scaled once, at start-up. `play` puts the
/// request in a one-slot queue and returns: the latest click wins, a click still playing is cut
/// short, and there is never a backlog. See `PlaybackLoop` for how device errors are handled.
public final class ClickPlayer: ClickSound, @unchecked Sendable {
    /// The ALSA PCM name.
    public let device: String
    /// The format the device was set up with.
    public let format: SoundDeviceFormat
    private let queue: ClickQueue

    /// How long `init` waits for the device to open.
    static let openTimeoutNanoseconds: UInt64 = 2_000_000_000
    /// How long `close` waits for the thread to let the last click play out and release the device.
    static let closeTimeoutNanoseconds: UInt64 = 500_000_000

    /// Loads the samples from `samplesDirectory`, scales them for `volume` (0...100), starts the
    /// playback thread and waits (at most 2 seconds) for it to open `device`. Throws when the
    /// samples or the device cannot be used, or the device hangs while opening.
    public init(device: String = SoundOptions.defaultDevice, volume: Int = SoundOptions.defaultVolume,
                samplesDirectory: String) throws(SoundError) {
        let mono = try ClickSamples.load(from: samplesDirectory).mapValues { $0.scaled(volume: volume) }
        let queue = ClickQueue()
        try Self.startThread(PlaybackLoop(queue: queue, deviceName: device, mono: mono))
        switch queue.waitForOpen(until: MonotonicClock.nanoseconds() + Self.openTimeoutNanoseconds) {
        case .success(let format)?:
            self.format = format
        case .failure(let error)?:
            throw error
        case nil:
            _ = queue.close(until: 0) // the thread closes the device if it ever opens
            throw .device("ALSA device \"\(device)\" did not open within 2 seconds; it may be hung")
        }
        self.device = device
        self.queue = queue
    }

    deinit { close() }

    /// Hands the click for `kind` to the playback thread and returns at once.
    public func play(_ kind: ClickKind) {
        queue.submit(ClickRequest(kind: kind, requestedAt: MonotonicClock.nanoseconds()))
    }

    /// Stops the thread: the last click plays out, then the device closes. Waits at most half a
    /// second; a thread stuck in a hung device is left to end on its own. Idempotent.
    public func close() {
        _ = queue.close(until: MonotonicClock.nanoseconds() + Self.closeTimeoutNanoseconds)
    }

    /// For diagnostics and benchmarks (not for the event loop): waits up to `timeout` until every
    /// request has been handed to the device; false on time-out.
    public func waitUntilIdle(timeout: Duration) -> Bool {
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
        return queue.waitUntilIdle(until: MonotonicClock.nanoseconds() + nanoseconds)
    }

    /// What happened to the requests so far.
    public var stats: ClickStats { queue.stats }

    /// For the benchmark: the time from `play` to the return of the first `snd_pcm_writei` that took
    /// frames of that click (monotonic clock), for the last clicks (up to 64), oldest first.
    public var lastLatencies: [Duration] { queue.recentLatencies.map { Duration.nanoseconds(Int64($0)) } }

    /// Starts the detached playback thread (signals blocked: they belong to the main loop's
    /// signalfd, and SIGPIPE from a broken device becomes an error return).
    private static func startThread(_ loop: PlaybackLoop) throws(SoundError) {
        if let why = DetachedThread.start({ loop.run() }) {
            throw .device("cannot start the sound thread: \(why)")
        }
    }
}
