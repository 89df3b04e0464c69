import Testing
import StackboardCore
@testable import StackboardSound

@Suite struct WAVAudioTests {
    let audio = WAVAudio(sampleRate: 48_000, channels: 1, samples: [0, 1, -1, 3, -3, 1000, -1000, 32767, -32768])

    @Test func fullVolumeKeepsTheSamplesAndZeroSilences() {
        #expect(audio.scaled(volume: 100) == audio)
        #expect(audio.scaled(volume: 250) == audio, "clamped to 100")
        #expect(audio.scaled(volume: 0).samples.allSatisfy { $0 == 0 })
        #expect(audio.scaled(volume: -5).samples.allSatisfy { $0 == 0 })
    }

    @Test func volumeScalesBySquareRoundingTowardZero() {
        // 50 → ×0.25; 60 → ×0.36; 37 → ×0.1369, each truncated toward zero.
        #expect(audio.scaled(volume: 50).samples == [0, 0, 0, 0, 0, 250, -250, 8191, -8192])
        #expect(audio.scaled(volume: 60).samples == [0, 0, 0, 1, -1, 360, -360, 11796, -11796])
        #expect(audio.scaled(volume: 37).samples == [0, 0, 0, 0, 0, 136, -136, 4485, -4485])
    }

    @Test func padsToWholePeriodsWithSilence() {
        let seven = WAVAudio(sampleRate: 48_000, channels: 1, samples: [1, 2, 3, 4, 5, 6, 7])
        #expect(seven.padded(toMultipleOf: 4).samples == [1, 2, 3, 4, 5, 6, 7, 0])
        #expect(seven.padded(toMultipleOf: 7) == seven)
        #expect(seven.padded(toMultipleOf: 1) == seven)
        #expect(seven.padded(toMultipleOf: 10).frameCount == 10)
        let stereo = WAVAudio(sampleRate: 48_000, channels: 2, samples: [1, 1, 2, 2, 3, 3])
        #expect(stereo.padded(toMultipleOf: 2).samples == [1, 1, 2, 2, 3, 3, 0, 0])
    }

    @Test func spreadsMonoAcrossChannels() {
        let mono = WAVAudio(sampleRate: 48_000, channels: 1, samples: [5, -6])
        let stereo = mono.spread(toChannels: 2)
        #expect(stereo.channels == 2)
        #expect(stereo.samples == [5, 5, -6, -6])
        #expect(stereo.frameCount == 2)
        #expect(stereo.spread(toChannels: 4) == stereo, "only mono is spread")
    }

    @Test func bytesAreLittleEndian() {
        let a = WAVAudio(sampleRate: 48_000, channels: 1, samples: [1, -2, 0x1234])
        #expect(a.littleEndianBytes == [0x01, 0x00, 0xFE, 0xFF, 0x34, 0x12])
        #expect(a.durationMilliseconds == 3.0 / 48)
    }
}
