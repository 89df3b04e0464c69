import StackboardCore
/// Decoded 16-bit PCM audio (a click sample), with the few transforms a player needs.
public struct WAVAudio: Equatable, Sendable {
    /// Frames per second.
    public var sampleRate: Int
    /// Samples per frame (1 mono, 2 stereo).
    public var channels: Int
    /// The samples, frames one after another, channels interleaved within a frame.
    public var samples: [Int16]

    /// Audio with these properties (`samples.count` should be a multiple of `channels`).
    public init(sampleRate: Int, channels: Int, samples: [Int16]) {
        self.sampleRate = sampleRate
        self.channels = max(1, channels)
        self.samples = samples
    }

    /// Number of frames.
    public var frameCount: Int { samples.count / channels }

    /// Length in milliseconds.
    public var durationMilliseconds: Double { Double(frameCount) * 1000 / Double(sampleRate) }

    /// The same audio as one channel (stereo frames averaged, rounding toward zero).
    public func mixedToMono() -> WAVAudio {
        guard channels > 1 else { return self }
        var out = [Int16]()
        out.reserveCapacity(frameCount)
        for f in 0..<frameCount {
            var sum = 0
            for c in 0..<channels { sum += Int(samples[f * channels + c]) }
            out.append(Int16(sum / channels))
        }
        return WAVAudio(sampleRate: sampleRate, channels: 1, samples: out)
    }

    /// Every sample scaled for a volume of 0...100 (clamped): `sample × volume² / 10000`,
    /// integer arithmetic rounding toward zero, clipped to 16 bits. The square follows loudness
    /// as people hear it (50 is about half as loud as 100); 0 is silence, 100 the sample as made.
    public func scaled(volume: Int) -> WAVAudio {
        let v = min(100, max(0, volume))
        let factor = v * v
        let out = samples.map { Self.clip(Int($0) * factor / 10_000) }
        return WAVAudio(sampleRate: sampleRate, channels: channels, samples: out)
    }

    /// The same audio with every frame repeated across `count` channels (mono to stereo etc.);
    /// only for mono audio, anything else is returned unchanged.
    public func spread(toChannels count: Int) -> WAVAudio {
        guard channels == 1, count > 1 else { return self }
        var out = [Int16]()
        out.reserveCapacity(samples.count * count)
        for s in samples { for _ in 0..<count { out.append(s) } }
        return WAVAudio(sampleRate: sampleRate, channels: count, samples: out)
    }

    /// The audio followed by silent frames up to a whole number of `period` frames
    /// (a device then runs out of data exactly at a period boundary, on silence).
    public func padded(toMultipleOf period: Int) -> WAVAudio {
        guard period > 1 else { return self }
        let frames = (frameCount + period - 1) / period * period
        let extra = (frames - frameCount) * channels
        return WAVAudio(sampleRate: sampleRate, channels: channels,
                        samples: samples + [Int16](repeating: 0, count: extra))
    }

    /// The samples as little-endian bytes (the layout of S16_LE and of a WAV data chunk).
    public var littleEndianBytes: [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(samples.count * 2)
        for s in samples {
            let u = UInt16(bitPattern: s)
            out.append(UInt8(u & 0xFF))
            out.append(UInt8(u >> 8))
        }
        return out
    }

    private static func clip(_ x: Int) -> Int16 { Int16(min(Int(Int16.max), max(Int(Int16.min), x))) }
}
