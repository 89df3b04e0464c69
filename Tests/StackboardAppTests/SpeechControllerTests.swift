@testable import StackboardApp
import StackboardCore
import StackboardScan
import StackboardSpeech
import StackboardX11
import Testing

/// Spoken scanning in the keyboard: after each turn the highlight that moved is said; nothing
/// is said while a password field has the focus; hiding silences it.
@Suite struct SpeechControllerTests {
    final class FakeSpeaker: Speaking {
        var said: [String] = []
        var silenced = 0
        func say(_ text: String) { said.append(text) }
        func silence() { silenced += 1 }
        func collect() {}
    }

    /// Two rows, a b / enter backspace, scanned every second; the controller speaks to a fake.
    func fixture() throws -> (ControllerFixture, FakeSpeaker) {
        var config = KeyboardConfig()
        config.timing.scan = ScanConfig(interval: 1, loops: 3)
        let rows = [TestLayouts.row([Key(label: "a", action: .text("a")), Key(label: "b", action: .text("b"))]),
                    TestLayouts.row([Key(label: "⏎", action: .key(.returnKey)), Key(label: "⌫", action: .key(.backspace))])]
        let layout = Layout(name: "two", description: "two", layers: [Layer(name: "main", root: Stack(axis: .vertical, items: rows))])
        let f = try ControllerFixture(layouts: [layout], config: config)
        f.controller.setScanning(ScanSetup(mode: .auto, pattern: .rowKey, timing: ScanTiming(interval: 1), switches: [:], device: nil),
                                 now: 0)
        let speaker = FakeSpeaker()
        f.controller.speech = ScanSpeaker(words: SpokenText(), speaker: speaker)
        return (f, speaker)
    }

    /// One loop turn at `now`, as the keyboard application ends it.
    func turn(_ f: ControllerFixture, _ now: Double) {
        f.controller.advance(to: now)
        f.controller.runtime.advance(to: now)
        f.controller.advanceScan(to: now)
        f.controller.speakHighlightIfChanged()
    }

    /// Switch 1 (select) pressed and let go at `now`.
    func press(_ f: ControllerFixture, at now: Double) {
        f.controller.handle(.switched(SwitchEvent(number: 1, pressed: true)), now: now)
        f.controller.handle(.switched(SwitchEvent(number: 1, pressed: false)), now: now + 0.01)
    }

    @Test func theRowThenItsKeysAreSpokenAsTheHighlightMoves() throws {
        let (f, speaker) = try fixture()
        f.controller.start(hidden: false, now: 0)
        turn(f, 0)
        turn(f, 0.5)
        #expect(speaker.said == ["row: a b"])
        turn(f, 1)
        #expect(speaker.said == ["row: a b", "row: enter backspace"])
        press(f, at: 1.5)
        turn(f, 1.5)
        turn(f, 2.5)
        #expect(speaker.said == ["row: a b", "row: enter backspace", "enter", "backspace"])
    }

    @Test func nothingIsSpokenWhileAPasswordFieldHasTheFocus() throws {
        let (f, speaker) = try fixture()
        f.controller.secureFieldChanged(true)
        f.controller.start(hidden: false, now: 0)
        for now in [0, 1, 2, 3] { turn(f, Double(now)) }
        press(f, at: 3.5)
        turn(f, 3.5)
        turn(f, 4.5)
        #expect(speaker.said.isEmpty)
        // Out of the password field: the next move is spoken again.
        f.controller.secureFieldChanged(false)
        turn(f, 5.5)
        #expect(speaker.said.count == 1)
    }

    @Test func withoutScanningTheKeyADwellRestsOnIsSpoken() throws {
        var config = KeyboardConfig()
        config.timing.dwell = 1
        let f = try ControllerFixture(layouts: [TestLayouts.letters], config: config)
        let speaker = FakeSpeaker()
        f.controller.speech = ScanSpeaker(words: SpokenText(), speaker: speaker)
        f.controller.start(hidden: false, now: 0)
        f.controller.handle(.input(.hover(pointer: 0, at: try f.centre(of: "b"))), now: 0.1)
        turn(f, 0.1)
        turn(f, 0.2)
        f.controller.handle(.input(.hover(pointer: 0, at: try f.centre(of: "⏎"))), now: 0.3)
        turn(f, 0.3)
        #expect(speaker.said == ["b", "enter"])
    }

    @Test func aScannerWithABackStepHandsItsHighlightIn() throws {
        let (f, speaker) = try fixture()
        f.controller.speakHighlight(keys: [2, 3])
        f.controller.speakHighlight(keys: [2, 3], back: true)
        f.controller.speakHighlight(keys: [2, 3], back: true)
        f.controller.speakHighlight(keys: [2])
        f.controller.speakHighlight(keys: [])
        f.controller.speakHighlight(keys: [2])
        #expect(speaker.said == ["row: enter backspace", "back", "enter", "enter"])
    }

    @Test func hidingSilencesTheSpeech() throws {
        let (f, speaker) = try fixture()
        f.controller.start(hidden: false, now: 0)
        turn(f, 0)
        f.controller.hide(now: 0.5)
        turn(f, 0.5)
        #expect(speaker.silenced >= 1)
        #expect(speaker.said == ["row: a b"])
    }
}

/// The options of spoken scanning.
@Suite struct SpeechOptionsTests {
    @Test func speakTakesRateVolumeAndCommandButNeverInAPlug() throws {
        #expect(try KeyboardOptions([]).speech == nil)
        #expect(try KeyboardOptions(["--speak"]).speech == SpeechSettings())
        #expect(try KeyboardOptions(["--speak", "--speech-rate", "150", "--speech-volume", "30", "--speak-command", "say"]).speech
                == SpeechSettings(rate: 150, volume: 30, command: "say"))
        #expect(try KeyboardOptions(["--speak", "--xid"]).speech == nil)
        #expect(throws: UsageError.self) { try KeyboardOptions(["--speak", "--speech-rate", "20"]) }
    }
}
