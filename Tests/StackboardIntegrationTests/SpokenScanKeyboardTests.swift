import Foundation
import Testing

/// Spoken scanning end to end: the keyboard with `--scan --speak` and a `--speak-command` that
/// writes each text as a line; the scan's interval is long (10 s), so what is said follows the
/// switch alone. (Nothing said in a password field: SpeechControllerTests, on fakes.)
@Suite struct SpokenScanKeyboardTests {
    @Test func theFirstRowThenItsFirstKeyAreSpoken() throws {
        let session = try XSession()
        defer { session.close() }
        let said = session.dir + "/said.txt"
        func lines() -> [String] {
            ((try? String(contentsOfFile: said, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        let kb = try RunningKeyboard(session, ["--scan", "--scan-interval", "10000", "--scan-switch", "button3", "--speak",
                                               "--speak-command", "printf '%s\\n' >>'\(said)'"])
        // The suggestion bar is the first row: its words are said.
        try session.waitUntil(timeout: 15, "the first row spoken (said: \(lines()))") { !lines().isEmpty }
        let bar = try #require(lines().first)
        #expect(bar.hasPrefix("suggestions: ") && lines().count == 1, "\(lines())")
        let first = String(bar.dropFirst("suggestions: ".count).split(separator: ",").first ?? "")
        // The switch (button 3, the pointer on the keyboard) enters the row: its first word is said.
        let m = try kb.key("m")
        kb.pointer([kb.at(m.center.x, m.center.y)])
        kb.xdotool(["click", "3"])
        try session.waitUntil(timeout: 15, "the first key spoken (said: \(lines()))") { lines().count >= 2 }
        #expect(lines() == [bar, first], "\(lines())")
        // The pick types the word and the scan starts again at the bar, which is said again.
        kb.xdotool(["click", "3"])
        try session.waitUntil(timeout: 15, "the bar spoken again (said: \(lines()))") { lines().count >= 3 }
        #expect(lines().dropFirst(2).first?.hasPrefix("suggestions: ") == true, "\(lines())")
        // What was said is never in the keyboard's log.
        #expect(!kb.child.stderr.contains("suggestions:"), "\(kb.child.stderr)")
    }
}
