import Foundation
import StackboardCore
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The click of every tap, end to end: the keyboard under Xvfb plays through ALSA into a
/// `type file` PCM (no sound card), and after N taps the file holds exactly N clicks, each the
/// sample of its kind of key.
@Suite struct KeyboardSoundTests {
    @Test func everyTapClicksWithTheSoundOfItsKind() throws {
        let fx = try SoundFixture()
        // The device's period (clicks are padded to whole periods), as the player reports it.
        let check = try fx.stackboard(["sound-check", "--sound-device", "stackboardtest", "--count", "1", "--volume", "100"])
        try #require(check.status == 0, "sound-check: \(check.stderr)")
        let period = SoundCheckReport(check.stdout).periodFrames
        try #require(period > 0)
        try FileManager.default.removeItem(atPath: fx.output)

        let session = try XSession()
        defer { session.close() }
        let sink = try session.spawn(try Tools.cTool("keysink"), [])
        #expect(sink.waitForLine(timeout: 10) { $0.hasPrefix("FOCUSIN") } != nil)
        let keyboard = try RunningKeyboard(session, ["--sound-device", "stackboardtest", "--volume", "100"],
                                           sound: true, env: ["ALSA_CONFIG_PATH": fx.environment["ALSA_CONFIG_PATH"] ?? ""])
        let keys = try keyboard.keys()
        func key(action: String) throws -> ReportedKey {
            try #require(keys.first { $0.action == action && $0.style != "blank" }, "no \(action) key")
        }
        let taps: [(ReportedKey, ClickKind)] = [
            (try #require(keys.first { $0.text == "a" }), .character),
            (try key(action: "backspace"), .delete),
            (try #require(keys.first { $0.text == "s" }), .character),
            (try key(action: "shift"), .modifier),
            (try key(action: "return"), .returnKey),
        ]
        var expected: [UInt8] = []
        for (k, kind) in taps {
            // One click at a time: a request the sound thread has not taken yet is replaced by
            // the next one (latest wins), so the next tap waits until this click was taken.
            let before = try SoundThread(pid: keyboard.child.pid)
            keyboard.tap(k)
            expected += try SoundFixture.expectedClick(kind, volume: 100, period: period)
            try session.waitUntilTaken("\(kind)", by: keyboard.child.pid, since: before)
        }
        // ALSA's file plugin writes what it buffered when the device is closed: end the
        // keyboard the way a session does (SIGTERM), then read the recording.
        keyboard.child.signal(SIGTERM)
        #expect(keyboard.child.wait(timeout: 10) == 0)
        let recorded = try fx.recorded()
        #expect(firstDifference(recorded, expected) == nil, "\(firstDifference(recorded, expected) ?? "")")
        #expect(keyboard.child.stderr.isEmpty, "\(keyboard.child.stderr)")
        // The typing itself went through: a, BackSpace, s (shift latched) ... Return.
        #expect(sink.waitForLine(timeout: 5) { $0.contains("Return") } != nil)
    }
}

