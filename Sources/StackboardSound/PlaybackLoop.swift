import StackboardSystem
import CALSA
import StackboardCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The playback thread's work: it opens and owns the device (so a device that hangs while opening
/// holds up only this thread), takes the latest request from the queue and hands the prepared
/// click to ALSA. A click still playing is cut (dropped) when a newer one starts. Device errors are recovered (`snd_pcm_recover`); a device that keeps failing is closed
/// and left alone for `retryInterval`, then reopened on the next click. It never prints.
final class PlaybackLoop: @unchecked Sendable {
    private let queue: ClickQueue
    private let deviceName: String
    private let mono: [ClickKind: WAVAudio]
    private let retryInterval: UInt64
    private var device: PCMDevice?
    private var clips: [ClickKind: [Int16]] = [:]
    private var retryAt: UInt64 = 0

    /// A loop for the PCM `deviceName`, playing `mono` (volume-scaled, one channel, one rate) clips.
    init(queue: ClickQueue, deviceName: String, mono: [ClickKind: WAVAudio], retryIntervalSeconds: UInt64 = 5) {
        self.queue = queue
        self.deviceName = deviceName
        self.mono = mono
        self.retryInterval = retryIntervalSeconds * 1_000_000_000
    }

    /// The clips in the device's channel count, padded to whole periods.
    static func prepare(_ mono: [ClickKind: WAVAudio], for format: SoundDeviceFormat) -> [ClickKind: [Int16]] {
        mono.mapValues { $0.spread(toChannels: format.channels).padded(toMultipleOf: format.periodFrames).samples }
    }

    /// Opens the device and reports the outcome, then plays until the queue closes; at the end
    /// lets the last click play out and closes the device.
    func run() {
        do {
            let opened = try PCMDevice(name: deviceName, rate: mono.values.first?.sampleRate ?? 48_000)
            device = opened
            clips = Self.prepare(mono, for: opened.format)
            queue.reportOpen(.success(opened.format))
        } catch {
            queue.reportOpen(.failure(error))
            queue.markFinished()
            return
        }
        while let request = queue.next() {
            play(request)
            queue.doneWithCurrent()
        }
        if let device, device.state == SND_PCM_STATE_RUNNING, device.queuedFrames > 0 {
            device.drain()
        }
        device = nil
        queue.markFinished()
    }

    private func play(_ request: ClickRequest) {
        guard let device = openDevice(), let samples = clips[request.kind] else {
            queue.count(failed: 1)
            return
        }
        guard startFresh(device) else { return lose(device) }
        let channels = device.format.channels
        let total = samples.count / channels
        let giveUp = MonotonicClock.nanoseconds() + UInt64(total) * 1_000_000_000 / UInt64(device.format.rate) + 500_000_000
        var offset = 0
        var first = true
        samples.withUnsafeBufferPointer { buffer in
            while offset < total {
                let n = device.write(buffer, frameOffset: offset, frames: total - offset)
                if n > 0 {
                    if first {
                        queue.recordLatency(MonotonicClock.nanoseconds() &- request.requestedAt)
                        first = false
                    }
                    offset += n
                    continue
                }
                // No progress. Stop for a newer click or close; give up on a device that
                // neither takes the click nor fails outright within its length plus half a second.
                if queue.shouldStop { return }
                if MonotonicClock.nanoseconds() > giveUp { queue.count(failed: 1); return }
                if n == -Int(EAGAIN) || n == 0 { // the buffer is full: wait a little for room
                    let w = device.waitForRoom(milliseconds: 10)
                    if w < 0, device.recover(w) < 0 { return lose(device) }
                    continue
                }
                if device.recover(Int32(n)) < 0 { return lose(device) } // underrun, suspend: go on
            }
        }
    }

    /// Cuts a click still playing and makes the device ready to start; false when it cannot.
    private func startFresh(_ device: PCMDevice) -> Bool {
        switch device.state {
        case SND_PCM_STATE_RUNNING, SND_PCM_STATE_DRAINING, SND_PCM_STATE_PAUSED:
            if device.queuedFrames > 0 {
                device.drop()
                queue.count(cut: 1)
                return device.prepare() >= 0
            }
            return true
        case SND_PCM_STATE_PREPARED:
            return true
        case SND_PCM_STATE_SUSPENDED:
            return device.recover(-Int32(ESTRPIPE)) >= 0
        case SND_PCM_STATE_DISCONNECTED:
            return false
        default: // XRUN after the last click ran out, SETUP, OPEN
            return device.prepare() >= 0
        }
    }

    /// The device failed beyond recovery: close it and leave it alone for a while.
    private func lose(_ failed: PCMDevice) {
        queue.count(failed: 1)
        if device === failed { device = nil }
        retryAt = MonotonicClock.nanoseconds() + retryInterval
    }

    /// The open device, reopening a lost one when its rest is over; nil while there is none.
    private func openDevice() -> PCMDevice? {
        if let device { return device }
        guard MonotonicClock.nanoseconds() >= retryAt, let rate = mono.values.first?.sampleRate else { return nil }
        guard let reopened = try? PCMDevice(name: deviceName, rate: rate) else {
            retryAt = MonotonicClock.nanoseconds() + retryInterval
            return nil
        }
        clips = Self.prepare(mono, for: reopened.format)
        device = reopened
        return reopened
    }
}
