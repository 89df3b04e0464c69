import Testing
import StackboardCore
@testable import StackboardSound

/// Builds WAV bytes by hand (independently of the decoder) for the tests.
enum WAVBytes {
    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
    static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16((v >> 16) & 0xFFFF) }

    static func chunk(_ id: String, _ body: [UInt8], declaredSize: Int? = nil) -> [UInt8] {
        Array(id.utf8) + le32(declaredSize ?? body.count) + body + (body.count % 2 == 1 ? [0] : [])
    }

    static func fmt(tag: Int = 1, channels: Int = 1, rate: Int = 48_000, bits: Int = 16) -> [UInt8] {
        let align = channels * bits / 8
        return chunk("fmt ", le16(tag) + le16(channels) + le32(rate) + le32(rate * align) + le16(align) + le16(bits))
    }

    static func data(_ samples: [Int16]) -> [UInt8] {
        chunk("data", samples.flatMap { le16(Int(UInt16(bitPattern: $0))) })
    }

    static func riff(_ chunks: [UInt8]...) -> [UInt8] {
        let body = Array("WAVE".utf8) + chunks.flatMap { $0 }
        return Array("RIFF".utf8) + le32(body.count) + body
    }
}

@Suite struct WAVDecoderTests {
    let samples: [Int16] = [0, 1, -1, 32767, -32768, 1234, -4321, 0]

    @Test func decodesMonoPCM16() throws {
        let audio = try WAVDecoder.decode(WAVBytes.riff(WAVBytes.fmt(), WAVBytes.data(samples)))
        #expect(audio.sampleRate == 48_000)
        #expect(audio.channels == 1)
        #expect(audio.samples == samples)
        #expect(audio.frameCount == 8)
    }

    @Test func decodesStereoAndMixesToMono() throws {
        let stereo: [Int16] = [100, 300, -100, -301, 32767, 32767, -32768, -32768]
        let audio = try WAVDecoder.decode(WAVBytes.riff(WAVBytes.fmt(channels: 2, rate: 44_100), WAVBytes.data(stereo)))
        #expect(audio.channels == 2)
        #expect(audio.sampleRate == 44_100)
        #expect(audio.frameCount == 4)
        let mono = audio.mixedToMono()
        #expect(mono.channels == 1)
        #expect(mono.samples == [200, -200, 32767, -32768])
    }

    @Test func skipsOtherChunksWithOddSizesAndAcceptsAnyOrder() throws {
        let list = WAVBytes.chunk("LIST", Array("INFOISFT\u{3}\0\0\0abc".utf8)) // odd body: padded
        #expect(list.count % 2 == 0)
        let wav = WAVBytes.riff(list, WAVBytes.data(samples), WAVBytes.chunk("fact", WAVBytes.le32(8)), WAVBytes.fmt())
        #expect(try WAVDecoder.decode(wav).samples == samples)
    }

    @Test func acceptsExtensiblePCM() throws {
        // WAVE_FORMAT_EXTENSIBLE: 40-byte fmt with cbSize 22, valid bits, channel mask, sub-format GUID (PCM).
        let base = WAVBytes.le16(0xFFFE) + WAVBytes.le16(1) + WAVBytes.le32(48_000) + WAVBytes.le32(96_000)
            + WAVBytes.le16(2) + WAVBytes.le16(16)
        let ext = WAVBytes.le16(22) + WAVBytes.le16(16) + WAVBytes.le32(4)
            + WAVBytes.le16(1) + [0, 0, 0, 0, 0x10, 0, 0x80, 0, 0, 0xAA, 0, 0x38, 0x9B, 0x71]
        let wav = WAVBytes.riff(WAVBytes.chunk("fmt ", base + ext), WAVBytes.data(samples))
        #expect(try WAVDecoder.decode(wav).samples == samples)
    }

    @Test(arguments: [
        ([UInt8](), "not a WAV file"),
        (Array("RIFF\u{4}\0\0\0AVI ".utf8), "not a WAV file"),
        (Array("hello, this is not audio at all".utf8), "not a WAV file"),
    ])
    func rejectsWhatIsNotWAV(bytes: [UInt8], expected: String) {
        #expect(throws: WAVError.self) { try WAVDecoder.decode(bytes) }
        #expect(message(bytes).contains(expected))
    }

    @Test func rejectsTruncatedFiles() {
        let good = WAVBytes.riff(WAVBytes.fmt(), WAVBytes.data(samples))
        let cut = Array(good.dropLast(3))
        #expect(message(cut).contains("truncated"))
        #expect(message(cut).contains("the data chunk says 16 bytes but only 13 follow"))
        let oddStereo = WAVBytes.riff(WAVBytes.fmt(channels: 2), WAVBytes.data([1, 2, 3]))
        #expect(message(oddStereo).contains("not a whole number of 4-byte frames"))
        #expect(message(WAVBytes.riff(WAVBytes.fmt())).contains("no data chunk"))
        #expect(message(WAVBytes.riff(WAVBytes.data(samples))).contains("no fmt chunk"))
        let shortFmt = WAVBytes.riff(WAVBytes.chunk("fmt ", WAVBytes.le16(1) + WAVBytes.le16(1)), WAVBytes.data(samples))
        #expect(message(shortFmt).contains("too short"))
    }

    @Test(arguments: [
        (WAVBytes.fmt(bits: 8), "8-bit"),
        (WAVBytes.fmt(bits: 24), "24-bit"),
        (WAVBytes.fmt(tag: 3, bits: 32), "floating-point"),
        (WAVBytes.fmt(tag: 2), "compressed format 2"),
        (WAVBytes.fmt(channels: 6), "channel count (6)"),
        (WAVBytes.fmt(channels: 0), "channel count (0)"),
        (WAVBytes.fmt(rate: 0), "sample rate (0 Hz)"),
    ])
    func rejectsOtherFormatsAndSaysWhatToDo(fmt: [UInt8], expected: String) {
        let text = message(WAVBytes.riff(fmt, WAVBytes.data(samples)))
        #expect(text.contains(expected), "\(text)")
        #expect(text.contains("16-bit") || text.contains("48000"), "the message says what to use: \(text)")
    }

    @Test func everyPrefixAndEveryByteFlipIsHandled() {
        let good = WAVBytes.riff(WAVBytes.chunk("LIST", [1, 2, 3]), WAVBytes.fmt(channels: 2), WAVBytes.data(samples))
        var decoded = 0
        for n in 0..<good.count {
            if (try? WAVDecoder.decode(Array(good[0..<n]))) != nil { decoded += 1 }
        }
        #expect(decoded == 0, "a strict prefix never decodes: the data chunk is last and sized")
        for i in 0..<good.count {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var bad = good
                bad[i] ^= flip
                _ = try? WAVDecoder.decode(bad) // must return or throw, never trap
            }
        }
    }

    private func message(_ bytes: [UInt8]) -> String {
        do {
            _ = try WAVDecoder.decode(bytes)
            return "(decoded)"
        } catch {
            return error.message
        }
    }
}
