import Foundation
import Testing
import StackboardCore
@testable import StackboardSound

/// The shipped click samples in Resources/sounds decode and fit the spec.
@Suite struct WAVClickSamplesTests {
    static let directory: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path + "/Resources/sounds"
    }()

    static func load(_ kind: ClickKind) throws -> WAVAudio {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + kind.rawValue + ".wav"))
        return try WAVDecoder.decode([UInt8](data))
    }

    @Test(arguments: ClickKind.allCases)
    func sampleIsShortMono48kAndStartsAndEndsOnSilence(kind: ClickKind) throws {
        let audio = try Self.load(kind)
        #expect(audio.sampleRate == 48_000)
        #expect(audio.channels == 1)
        let ms = audio.durationMilliseconds
        if kind == .error {
            #expect((70...90).contains(ms), "error buzz is about 80 ms, got \(ms)")
        } else {
            #expect((15...40).contains(ms), "\(kind) is 15–40 ms, got \(ms)")
        }
        #expect(audio.samples.first == 0 && audio.samples.last == 0)
        let peak = audio.samples.map { abs(Int($0)) }.max() ?? 0
        #expect(peak > 4000, "audible")
        #expect(peak < 32767, "not clipped")
    }

    @Test func theFiveSoundsAreDistinct() throws {
        let all = try ClickKind.allCases.map { try Self.load($0).samples }
        #expect(Set(all.map { $0 }).count == all.count)
        #expect(Set(all.map(\.count)).count == all.count, "even their lengths differ")
    }
}
