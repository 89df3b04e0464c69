import Foundation
@testable import StackboardSpeech
import Testing

/// The speaker with real processes: a shell command in place of the engine (what
/// `--speak-command` does), and espeak-ng writing a WAV file where it is installed.
@Suite struct SpeakerTests {
    /// A fresh file for what is said, and a command that appends each text to it as one line.
    static func said() -> (file: String, command: String) {
        let file = NSTemporaryDirectory() + "/stackboard-said-\(UUID().uuidString).txt"
        return (file, "printf '%s\\n' >>'\(file)'")
    }

    static func lines(_ file: String) -> [String] {
        ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Waits (polling, at most `seconds`) until `condition` holds; whether it did.
    static func waitUntil(_ seconds: Double = 10, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    @Test func aSpeakCommandGetsEachText() {
        let (file, command) = Self.said()
        defer { unlink(file) }
        let speaker = Speaker(settings: SpeechSettings(command: command), report: { Issue.record("reported \($0)") })
        speaker.say("row: q w e")
        #expect(Self.waitUntil { Self.lines(file) == ["row: q w e"] }, "\(Self.lines(file))")
        speaker.say("capital B")
        #expect(Self.waitUntil { Self.lines(file) == ["row: q w e", "capital B"] }, "\(Self.lines(file))")
    }

    @Test func aNewTextCutsOffTheOneStillSpeaking() {
        let (file, command) = Self.said()
        defer { unlink(file) }
        // Each text takes half a second to "say": the first is cut off before it is written.
        let speaker = Speaker(settings: SpeechSettings(command: "sleep 0.5; " + command), report: { Issue.record("reported \($0)") })
        speaker.say("stale")
        speaker.say("fresh")
        #expect(Self.waitUntil { Self.lines(file).contains("fresh") })
        #expect(Self.lines(file) == ["fresh"])
    }

    @Test func noEngineIsSaidOnceWithThePackageToInstall() {
        var reports: [String] = []
        let speaker = Speaker(settings: SpeechSettings(), report: { reports.append($0) }, find: { _ in nil })
        #expect(reports.isEmpty, "nothing is looked for before the first text")
        speaker.say("a")
        speaker.say("b")
        #expect(reports == [SpeechEngine.missingMessage])
        #expect(speaker.engineInUse == nil)
    }

    @Test func anEngineThatFailsIsReportedOnceAndNeverWithTheText() {
        var reports: [String] = []
        let speaker = Speaker(settings: SpeechSettings(command: "exit 3"), report: { reports.append($0) })
        speaker.say("secret words")
        #expect(Self.waitUntil {
            speaker.collect()
            return !reports.isEmpty
        })
        speaker.say("more")
        _ = Self.waitUntil(1) { speaker.collect(); return false }
        #expect(reports == ["the speech engine (--speak-command) ended with status 3"])
    }

    @Test(.enabled(if: Speaker.program(named: "espeak-ng") != nil, "espeak-ng is not installed (scripts/setup.sh installs it)"))
    func espeakSpeaksWithOurArgumentsIntoAWavFile() throws {
        let path = try #require(Speaker.program(named: "espeak-ng"))
        let wav = NSTemporaryDirectory() + "/stackboard-speech-\(UUID().uuidString).wav"
        defer { unlink(wav) }
        for settings in [SpeechSettings(), SpeechSettings(rate: 250, volume: 20, language: "de")] {
            let words = SpeechEngine.espeak(path).commandLine(saying: "capital B", settings: settings, cutOff: false, wav: wav)
            let pid = try Speaker.spawn(words)
            var status: Int32 = -1
            #expect(Self.waitUntil { waitpid(pid, &status, WNOHANG) == pid }, "espeak-ng did not end")
            #expect(status == 0, "espeak-ng \(words.dropFirst()) ended with status \(status)")
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: wav))) ?? Data()
            #expect(bytes.count > 1000 && bytes.prefix(4) == Data("RIFF".utf8), "\(bytes.count) bytes")
        }
    }
}
