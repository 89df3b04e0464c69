import StackboardCore
/// Why a WAV file could not be decoded, in words that say what to do.
public struct WAVError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The reason, one sentence.
    public var message: String
    /// An error with `message`.
    public init(_ message: String) { self.message = message }
    /// The reason.
    public var description: String { message }
}

/// A small WAV reader: RIFF/WAVE with `fmt ` and `data` chunks, 16-bit integer PCM, mono or stereo.
/// Other chunks (LIST, fact, ...) are skipped; anything else is an error, never a crash.
public enum WAVDecoder {
    /// The fix suggested for every unsupported format.
    static let hint = "save it as 16-bit PCM WAV, mono or stereo (e.g. sox IN.wav -b 16 OUT.wav)"

    /// Decodes a whole WAV file held in `bytes`.
    public static func decode(_ bytes: [UInt8]) throws(WAVError) -> WAVAudio {
        guard bytes.count >= 12, ascii(bytes, 0, 4) == "RIFF", ascii(bytes, 8, 4) == "WAVE" else {
            throw WAVError("not a WAV file (no RIFF/WAVE header); \(hint)")
        }
        var format: (channels: Int, rate: Int)?
        var data: ArraySlice<UInt8>?
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = ascii(bytes, offset, 4)
            let size = Int(le32(bytes, offset + 4))
            let body = offset + 8
            if id == "data" {
                guard body + size <= bytes.count else {
                    throw WAVError("truncated: the data chunk says \(size) bytes but only \(bytes.count - body) follow; the file was cut short, make it again")
                }
                data = bytes[body..<(body + size)]
            } else if id == "fmt " {
                guard body + size <= bytes.count else {
                    throw WAVError("truncated: the fmt chunk is cut short; the file is damaged, make it again")
                }
                format = try parseFormat(bytes, at: body, size: size)
            }
            offset = body + size + (size & 1) // chunks are padded to an even size
        }
        guard let format else { throw WAVError("no fmt chunk: the file says nothing about its format; \(hint)") }
        guard let data else { throw WAVError("no data chunk: the file holds no samples; the file was cut short, make it again") }
        let blockAlign = 2 * format.channels
        guard data.count % blockAlign == 0 else {
            throw WAVError("truncated: the data chunk holds \(data.count) bytes, not a whole number of \(blockAlign)-byte frames")
        }
        var samples = [Int16]()
        samples.reserveCapacity(data.count / 2)
        var i = data.startIndex
        while i < data.endIndex {
            samples.append(Int16(bitPattern: UInt16(data[i]) | UInt16(data[i + 1]) << 8))
            i += 2
        }
        return WAVAudio(sampleRate: format.rate, channels: format.channels, samples: samples)
    }

    /// Reads the `fmt ` chunk and checks that it is 16-bit PCM with one or two channels.
    private static func parseFormat(_ b: [UInt8], at o: Int, size: Int) throws(WAVError) -> (channels: Int, rate: Int) {
        guard size >= 16 else { throw WAVError("the fmt chunk is \(size) bytes, too short to describe a format; \(hint)") }
        var tag = Int(le16(b, o))
        let channels = Int(le16(b, o + 2))
        let rate = Int(le32(b, o + 4))
        let bits = Int(le16(b, o + 14))
        if tag == 0xFFFE, size >= 40 { tag = Int(le16(b, o + 24)) } // WAVE_FORMAT_EXTENSIBLE: the sub-format GUID
        guard tag == 1 else {
            let name = tag == 3 ? "floating-point samples" : "compressed format \(tag)"
            throw WAVError("unsupported encoding (\(name)); \(hint)")
        }
        guard bits == 16 else { throw WAVError("unsupported sample size (\(bits)-bit); \(hint)") }
        guard channels == 1 || channels == 2 else { throw WAVError("unsupported channel count (\(channels)); \(hint)") }
        guard (8000...192_000).contains(rate) else {
            throw WAVError("unsupported sample rate (\(rate) Hz); use 8000 to 192000 Hz, e.g. 48000")
        }
        return (channels, rate)
    }

    private static func ascii(_ b: [UInt8], _ o: Int, _ n: Int) -> String {
        String(decoding: b[o..<(o + n)], as: UTF8.self)
    }

    private static func le16(_ b: [UInt8], _ o: Int) -> UInt16 { UInt16(b[o]) | UInt16(b[o + 1]) << 8 }

    private static func le32(_ b: [UInt8], _ o: Int) -> UInt32 {
        UInt32(b[o]) | UInt32(b[o + 1]) << 8 | UInt32(b[o + 2]) << 16 | UInt32(b[o + 3]) << 24
    }
}
