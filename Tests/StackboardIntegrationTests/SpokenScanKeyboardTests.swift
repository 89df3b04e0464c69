import Foundation
import Testing

/// Spoken scanning end to end: the keyboard with `--scan --speak` and a `--speak-command` that
/// writes each text as a line; the scan's interval is long (10 s), so what is said follows the
/// switch alone. (Nothing said in a password field: SpeechControllerTests, on fakes.)
@Suite struct SpokenScanKeyboardTests {
    /// What was said so far, one text a line.
    static func lines(_ file: String) -> [String] {
        ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// The display's active window (_NET_ACTIVE_WINDOW), 0 for none.
    static func activeWindow(_ session: XSession) -> UInt {
        let out = session.run("xprop", ["-root", "_NET_ACTIVE_WINDOW"]).stdout
        guard let hex = out.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) else { return 0 }
        return UInt(hex.dropFirst(2), radix: 16) ?? 0
    }

    @Test func theFirstRowThenItsFirstKeyAreSpoken() throws {
        let session = try XSession()
        defer { session.close() }
        let said = session.dir + "/said.txt"
        func lines() -> [String] { Self.lines(said) }
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

    @Test func nothingIsSpokenWhileASecureEntryWindowIsActive() throws {
        let rig = try TypingRig() // a focused application window, no secret
        let session = rig.session
        let said = session.dir + "/said.txt"
        // No suggestion bar: the first row is tab q w e r…, and a pick of tab is printed. The
        // keyboard at the bottom, below the entry window.
        let kb = try RunningKeyboard(session, ["--print", "--suggestions", "0", "--geometry", "1280x240+0+560",
                                               "--scan", "--scan-interval", "10000", "--scan-switch", "button3", "--speak",
                                               "--speak-command", "printf '%s\\n' >>'\(said)'"])
        try session.waitUntil(timeout: 15, "the first row spoken (said: \(Self.lines(said)))") { !Self.lines(said).isEmpty }
        #expect(Self.lines(said) == ["row: tab q w e r"])
        let entry = try RunningEntry(session, ["--secure", "--size", "400x240"])
        let entryWindow = try #require(UInt(entry.info.id.dropFirst(2), radix: 16))
        try session.waitUntil(timeout: 15, "the secure entry window active") { Self.activeWindow(session) == entryWindow }
        // Into the row, then a pick of tab: two moves of the highlight, neither said.
        let m = try kb.key("m")
        kb.pointer([kb.at(m.center.x, m.center.y)])
        kb.xdotool(["click", "3"])
        kb.xdotool(["click", "3"])
        #expect(kb.waitForPrinted(["<Tab>"]) == ["<Tab>"])
        // The entry window goes: the focus is back in the application, and the next move is said.
        entry.child.signal(SIGTERM)
        #expect(entry.exitStatus() != nil)
        try session.waitUntil(timeout: 15, "the entry window no longer active") { Self.activeWindow(session) != entryWindow }
        kb.xdotool(["click", "3"])
        try session.waitUntil(timeout: 15, "the first key spoken (said: \(Self.lines(said)))") { Self.lines(said).count >= 2 }
        #expect(Self.lines(said) == ["row: tab q w e r", "tab"], "only what was highlighted outside the secure entry is said")
    }

    @Test func withoutASpeechEngineOneLineSaysWhatToInstallAndTheKeyboardGoesOn() throws {
        let session = try XSession()
        defer { session.close() }
        let empty = session.dir + "/no-programs"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let kb = try RunningKeyboard(session, ["--print", "--suggestions", "0", "--scan", "--scan-interval", "10000",
                                               "--scan-switch", "button3", "--speak"], env: ["PATH": empty])
        try session.waitUntil(timeout: 15, "the missing engine said (stderr: \(kb.child.stderr))") {
            kb.child.stderr.contains("apt install speech-dispatcher")
        }
        // Scanning goes on: into the row, tab picked; the message is not said again.
        let m = try kb.key("m")
        kb.pointer([kb.at(m.center.x, m.center.y)])
        kb.xdotool(["click", "3"])
        kb.xdotool(["click", "3"])
        #expect(kb.waitForPrinted(["<Tab>"]) == ["<Tab>"])
        let lines = kb.child.stderr.split(separator: "\n").filter { $0.contains("speech") }
        #expect(lines == ["stackboard: " + "cannot speak (--speak): neither speech-dispatcher nor espeak-ng is installed; "
                          + "install one, e.g. 'sudo apt install speech-dispatcher' (or 'sudo apt install espeak-ng')"], "\(lines)")
    }

    @Test func keyNamesAreSpokenInTheDesktopsLanguage() throws {
        let session = try XSession()
        defer { session.close() }
        let said = session.dir + "/said.txt"
        let kb = try RunningKeyboard(session, ["--layout", "qwerty", "--suggestions", "0", "--scan", "--scan-interval", "10000",
                                               "--scan-switch", "button3", "--speak",
                                               "--speak-command", "printf '%s\\n' >>'\(said)'"],
                                     env: ["LANGUAGE": "de", "LANG": "C.UTF-8"])
        try session.waitUntil(timeout: 15, "the first row spoken (said: \(Self.lines(said)))") { !Self.lines(said).isEmpty }
        #expect(Self.lines(said) == ["Reihe: Tabulator q w e r"], "the German catalog (po/de.po)")
        #expect(!kb.child.stderr.contains("Reihe"), "\(kb.child.stderr)")
    }
}
