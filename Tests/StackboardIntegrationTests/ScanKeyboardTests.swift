import Foundation
import Testing

/// Switch scanning end to end: rows, then keys, highlighted on screen (read back from the
/// window), and the switch (a mouse button, or a grabbed key) picks. The interval is long (10 s)
/// so that nothing moves on by itself while a test runs: no timing is relied on.
@Suite struct ScanKeyboardTests {
    /// What the tests look at: the first two keys of the first row (tab, q) and of the second
    /// (caps lock, a), in pairs of the same style.
    struct Probes {
        let tab: ReportedKey, q: ReportedKey, caps: ReportedKey, a: ReportedKey

        init(_ kb: RunningKeyboard) throws {
            let keys = try kb.keys()
            tab = try #require(keys.first { $0.action == "tab" })
            q = try #require(keys.first { $0.label == "q" })
            caps = try #require(keys.first { $0.action == "capslock" })
            a = try #require(keys.first { $0.label == "a" })
            try #require(tab.y == q.y && caps.y == a.y && tab.y < caps.y, "tab and q share the first row, caps lock and a the second")
        }

        /// A point on the key's left edge, halfway down: inside the scan highlight's outline.
        static func edge(_ key: ReportedKey) -> (Int, Int) { (key.x + 1, key.center.y) }

        /// The edge colours of tab, q, caps lock, a.
        func read(_ kb: RunningKeyboard) -> [String] {
            (try? kb.pixels([tab, q, caps, a].map(Probes.edge))) ?? []
        }
    }

    /// Waits until the first row is highlighted (tab and q outlined alike, unlike caps lock and a).
    private func waitForFirstRow(_ kb: RunningKeyboard, _ probes: Probes) throws {
        var seen: [String] = []
        try kb.session.waitUntil(timeout: 15, "the first row to be highlighted (tab, q, caps, a: \(seen))") {
            seen = probes.read(kb)
            return seen.count == 4 && seen[0] == seen[1] && seen[0] != seen[2] && seen[1] != seen[3]
        }
    }

    /// Waits until the first key alone is highlighted (tab unlike caps lock; q like a again).
    private func waitForFirstKey(_ kb: RunningKeyboard, _ probes: Probes) throws {
        var seen: [String] = []
        try kb.session.waitUntil(timeout: 15, "the first key alone to be highlighted (tab, q, caps, a: \(seen))") {
            seen = probes.read(kb)
            return seen.count == 4 && seen[0] != seen[2] && seen[1] == seen[3]
        }
    }

    @Test func aMouseButtonSwitchEntersTheRowThenTypesItsFirstKey() throws {
        let session = try XSession()
        let kb = try RunningKeyboard(session, ["--print", "--scan", "--scan-interval", "10000", "--scan-switch", "button3"])
        let probes = try Probes(kb)
        try waitForFirstRow(kb, probes)
        // The switch is pressed with the pointer on m: button 3 picks, it does not tap m.
        let m = try kb.key("m")
        kb.pointer([kb.at(m.center.x, m.center.y)])
        kb.xdotool(["click", "3"])
        try waitForFirstKey(kb, probes)
        kb.xdotool(["click", "3"])
        #expect(kb.waitForPrinted(["<Tab>"]) == ["<Tab>"])
        // Back to the rows, from the first.
        try waitForFirstRow(kb, probes)
        // Button 1 still taps.
        kb.tap(m)
        #expect(kb.waitForPrinted(["<Tab>", "m"]) == ["<Tab>", "m"])
    }

    @Test func scanningFromTheConfigFileWithTheSwitchGivenOnTheCommandLine() throws {
        let session = try XSession()
        let folder = session.dir + "/config/stackboard"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try #"{"scan": {"interval": 10000, "switch": "button2"}}"#.write(toFile: folder + "/config.json", atomically: true, encoding: .utf8)
        let kb = try RunningKeyboard(session, ["--print", "--scan-switch", "button1"])
        let probes = try Probes(kb)
        try waitForFirstRow(kb, probes)
        // Button 1 is the switch now: a click anywhere on the keyboard picks, never taps.
        let m = try kb.key("m")
        kb.tap(m)
        try waitForFirstKey(kb, probes)
        kb.tap(m)
        #expect(kb.waitForPrinted(["<Tab>"]) == ["<Tab>"])
    }

    @Test func aKeySwitchIsTakenFromTheFocusedApplicationButTheKeyboardCanStillTypeIt() throws {
        let rig = try TypingRig()
        let kb = try RunningKeyboard(rig.session, ["--print", "--scan-interval", "10000", "--scan-switch", "Tab"])
        let probes = try Probes(kb)
        try waitForFirstRow(kb, probes)
        // The physical Tab is the switch: keysink never sees it...
        kb.xdotool(["key", "Tab"])
        try waitForFirstKey(kb, probes)
        kb.xdotool(["key", "Tab"])
        #expect(kb.waitForPrinted(["<Tab>"]) == ["<Tab>"])
        // ...but the Tab the keyboard types reaches it, and is not taken for a switch press.
        #expect(rig.waitForText("\t") == "\t")
        #expect(rig.presses().map(\.keysym) == ["Tab"])
        try waitForFirstRow(kb, probes)
    }
}
