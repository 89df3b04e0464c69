import CLazy
import CALSA
import CShims

/// What an opened device plays: the format the samples are prepared in.
public struct SoundDeviceFormat: Equatable, Sendable {
    /// Frames per second (the samples' rate).
    public var rate: Int
    /// Channels per frame (1, or 2 when the device only plays stereo).
    public var channels: Int
    /// Frames per period (the device's wake-up unit; every click is padded to a whole number of them).
    public var periodFrames: Int
    /// Frames the device's ring buffer holds.
    public var bufferFrames: Int
}

/// An open ALSA playback PCM (`snd_pcm_t`), non-blocking, 16-bit in the host byte order (S16_LE on
/// every little-endian machine), interleaved. Closed in `deinit`.
/// After the player starts, only its playback thread touches it.
final class PCMDevice: @unchecked Sendable {
    /// The PCM name it was opened with.
    let name: String
    /// The negotiated format.
    let format: SoundDeviceFormat
    private let pcm: OpaquePointer

    /// Wanted period: 10 ms. Wanted buffer: 100 ms, so that the longest click fits in one write.
    static let periodMicroseconds: UInt32 = 10_000
    static let bufferMicroseconds: UInt32 = 100_000

    /// Opens `name` (`snd_pcm_open` with SND_PCM_NONBLOCK, so a busy device never waits) and sets it
    /// up for `rate` Hz 16-bit audio, mono if it can, else stereo. ALSA's own messages are silenced.
    init(name: String, rate: Int) throws(SoundError) {
        // ALSA opens on first use (Sources/CLazy): here, and only with sound on.
        if let why = stackboard_lazy_open(STACKBOARD_LAZY_ALSA) {
            throw SoundError.device(String(cString: why))
        }
        stackboard_alsa_silence_errors()
        var handle: OpaquePointer?
        let rc = snd_pcm_open(&handle, name, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
        guard rc >= 0, let handle else {
            let hint = rc == -ENOENT ? " (no sound card, or no PCM of that name)" : ""
            throw .device("cannot open ALSA device \"\(name)\": \(Self.describe(rc))\(hint)")
        }
        do {
            format = try Self.configure(handle, name: name, rate: rate)
        } catch {
            snd_pcm_close(handle)
            throw error
        }
        self.name = name
        self.pcm = handle
    }

    deinit { snd_pcm_close(pcm) }

    /// Hardware and software parameters; the negotiated format.
    private static func configure(_ pcm: OpaquePointer, name: String, rate: Int) throws(SoundError) -> SoundDeviceFormat {
        var hwp: OpaquePointer?
        guard snd_pcm_hw_params_malloc(&hwp) >= 0, let hw = hwp else { throw .device("out of memory setting up \"\(name)\"") }
        defer { snd_pcm_hw_params_free(hw) }
        let unsupported = SoundError.device(
            "ALSA device \"\(name)\" cannot play \(rate) Hz 16-bit audio; pick a converting device such as \"default\" or \"plughw:0\"")
        guard snd_pcm_hw_params_any(pcm, hw) >= 0,
              snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED) >= 0,
              snd_pcm_hw_params_set_format(pcm, hw, SND_PCM_FORMAT_S16) >= 0 else { throw unsupported }
        _ = snd_pcm_hw_params_set_rate_resample(pcm, hw, 1)
        let channels: UInt32 = snd_pcm_hw_params_test_channels(pcm, hw, 1) == 0 ? 1 : 2
        guard snd_pcm_hw_params_set_channels(pcm, hw, channels) >= 0,
              snd_pcm_hw_params_set_rate(pcm, hw, UInt32(rate), 0) >= 0 else { throw unsupported }
        var period = periodMicroseconds
        var buffer = bufferMicroseconds
        _ = snd_pcm_hw_params_set_period_time_near(pcm, hw, &period, nil)
        _ = snd_pcm_hw_params_set_buffer_time_near(pcm, hw, &buffer, nil)
        let applied = snd_pcm_hw_params(pcm, hw)
        guard applied >= 0 else {
            throw .device("cannot set up ALSA device \"\(name)\" for \(rate) Hz 16-bit audio: \(describe(applied))")
        }
        var periodFrames: snd_pcm_uframes_t = 0
        var bufferFrames: snd_pcm_uframes_t = 0
        _ = snd_pcm_hw_params_get_period_size(hw, &periodFrames, nil)
        _ = snd_pcm_hw_params_get_buffer_size(hw, &bufferFrames)

        // Start as soon as the first frame arrives; wake when a period is free.
        var swp: OpaquePointer?
        if snd_pcm_sw_params_malloc(&swp) >= 0, let sw = swp {
            defer { snd_pcm_sw_params_free(sw) }
            if snd_pcm_sw_params_current(pcm, sw) >= 0 {
                _ = snd_pcm_sw_params_set_start_threshold(pcm, sw, 1)
                _ = snd_pcm_sw_params_set_avail_min(pcm, sw, max(1, periodFrames))
                _ = snd_pcm_sw_params(pcm, sw)
            }
        }
        return SoundDeviceFormat(rate: rate, channels: Int(channels),
                                 periodFrames: max(1, Int(periodFrames)), bufferFrames: Int(bufferFrames))
    }

    /// `snd_pcm_writei`: frames written, or a negative errno (-EAGAIN when the buffer is full).
    func write(_ samples: UnsafeBufferPointer<Int16>, frameOffset: Int, frames: Int) -> Int {
        guard let base = samples.baseAddress else { return 0 }
        return Int(snd_pcm_writei(pcm, base + frameOffset * format.channels, snd_pcm_uframes_t(frames)))
    }

    /// `snd_pcm_state`.
    var state: snd_pcm_state_t { snd_pcm_state(pcm) }

    /// Frames written but not yet played (`snd_pcm_delay`); 0 when unknown.
    var queuedFrames: Int {
        var delay: snd_pcm_sframes_t = 0
        return snd_pcm_delay(pcm, &delay) >= 0 ? max(0, Int(delay)) : 0
    }

    /// `snd_pcm_drop`: stops at once, discarding what is queued.
    func drop() { _ = snd_pcm_drop(pcm) }

    /// `snd_pcm_prepare`: ready to start again; a negative errno on failure.
    func prepare() -> Int32 { snd_pcm_prepare(pcm) }

    /// `snd_pcm_recover` (silently) after a failed call; a negative errno if it could not.
    func recover(_ error: Int32) -> Int32 { snd_pcm_recover(pcm, error, 1) }

    /// `snd_pcm_wait`: waits up to `milliseconds` for room; 1 ready, 0 time-out, negative errno.
    func waitForRoom(milliseconds: Int32) -> Int32 { snd_pcm_wait(pcm, milliseconds) }

    /// Lets queued audio play out (blocking `snd_pcm_drain`), used when closing.
    func drain() {
        _ = snd_pcm_nonblock(pcm, 0)
        _ = snd_pcm_drain(pcm)
    }

    /// `snd_strerror` for a negative errno.
    static func describe(_ code: Int32) -> String { String(cString: snd_strerror(code)) }
}
