import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A busy application (keysink -s 150: every key event handled 150 ms late), with and without
/// `_NET_WM_PING` (-p, answered in event order as GTK and Qt do), gets exactly the characters
/// that are not in the keymap, also when there are far more of them than free keycodes: the
/// keymap is crowded to three free keycodes (twelve characters at a time on four levels), so
/// that borrowed characters are replaced again and again. The keymap is the same afterwards and
/// the record on the root window is gone.
@Suite struct TypingBusyTests {
    static let sinks = [["-r", "-s", "150"], ["-r", "-p", "-s", "150"]]

    @Test(arguments: sinks)
    func typeIsExactForABusyApplicationThroughACrowdedKeymap(sinkArgs: [String]) throws {
        let rig = try TypingRig(layout: "us", sinkArgs: sinkArgs)
        try rig.crowd(leaving: 3)
        let before = rig.keymapDump()
        let text = MissingCharacters.text(distinct: 24, repeats: 6)
        let r = rig.type(["--file", try rig.file("busy.txt", text)], timeout: 400)
        #expect(r.status == 0, "\(r.stderr)")
        // Without pings, the long wait before exiting is told (once), not a silent hang.
        let told = r.stderr.split(separator: "\n").filter { $0.contains("does not answer _NET_WM_PING") }
        #expect(told.count == (sinkArgs.contains("-p") ? 0 : 1), "\(r.stderr)")
        #expect(rig.waitForText(text, timeout: 120) == text)
        #expect(rig.releaseMismatches() == [])
        #expect(rig.state().keys == [])
        #expect(rig.keymapDump() == before)
        #expect(rig.keymapRecord == "")
    }

    /// A text whose characters that are not in the keymap all come first: once the text is
    /// out, each borrowed keycode is given back when the application has had the time for its
    /// own key events, not for every key of the text (here 0.2 s × 6 events against 0.2 s × 66).
    /// Exact all the same for an application that handles each event 150 ms late and never
    /// answers a ping; the wait is short enough not to be told.
    @Test func typeGivesBackEachKeycodeOnceItsOwnKeysAreHandled() throws {
        let rig = try TypingRig(layout: "us", sinkArgs: ["-r", "-s", "150"])
        let before = rig.keymapDump()
        let text = MissingCharacters.text(distinct: 3) + " and thirty characters of us ok"
        let r = rig.type([text], timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("does not answer _NET_WM_PING"), "\(r.stderr)")
        #expect(rig.waitForText(text, timeout: 60) == text)
        #expect(rig.releaseMismatches() == [])
        #expect(rig.state().keys == [])
        #expect(rig.keymapDump() == before)
        #expect(rig.keymapRecord == "")
    }

    /// The keyboard's taps: a layout of 14 characters the keymap lacks, two free keycodes (eight
    /// characters at a time), every key tapped twice as fast as the pointer tool goes. The
    /// keyboard queues what the application is not ready for and stays responsive: SIGTERM
    /// ends it at once, with nothing left behind.
    @Test(arguments: sinks)
    func keyboardTapsAreExactForABusyApplication(sinkArgs: [String]) throws {
        let rig = try TypingRig(layout: "us", sinkArgs: sinkArgs)
        try rig.crowd(leaving: 2)
        let before = rig.keymapDump()
        let chars = Array(MissingCharacters.text(distinct: 14))
        let rows = stride(from: 0, to: chars.count, by: 5).map { start in
            "[" + chars[start..<min(start + 5, chars.count)].map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        }
        let layout = try rig.file("busy-layout.json", """
            {"name": "busy", "description": "characters the us keymap lacks",
             "layers": [{"name": "main", "rows": [\(rows.joined(separator: ",\n"))]}]}
            """)
        let kb = try RunningKeyboard(rig.session, ["--layout", layout])
        let labels = chars.map(String.init)
        try kb.tap(labels: labels + labels)
        let expected = String(chars + chars)
        #expect(rig.waitForText(expected, timeout: 180) == expected)
        #expect(rig.releaseMismatches() == [])
        kill(kb.child.pid, SIGTERM)
        FaultSupport.expectCleanExit(kb.child.wait(timeout: 20), stderr: kb.child.stderr, "SIGTERM after the taps")
        #expect(rig.state().keys == [])
        #expect(rig.keymapDump() == before)
        #expect(rig.keymapRecord == "")
    }

    /// Keys the keyboard holds for a busy application go to its window or nowhere: a click into
    /// another window while they wait drops them (counted on stderr, never with the text), and the
    /// other window gets none of them. What reached the first window is a prefix of the taps.
    @Test func keysHeldForABusyApplicationNeverReachTheWindowClickedNext() throws {
        let rig = try TypingRig(layout: "us", sinkArgs: ["-r", "-s", "150"])
        try rig.crowd(leaving: 2)
        let before = rig.keymapDump()
        let other = try otherWindow(rig)
        let chars = Array(MissingCharacters.text(distinct: 20))
        let layout = try rig.file("busy-layout.json", """
            {"name": "busy", "description": "characters the us keymap lacks",
             "layers": [{"name": "main", "rows": [[\(chars.prefix(10).map { "\"\($0)\"" }.joined(separator: ", "))],
                                                 [\(chars.dropFirst(10).map { "\"\($0)\"" }.joined(separator: ", "))]]}]}
            """)
        let kb = try RunningKeyboard(rig.session, ["--layout", layout])
        var steps: [String] = []
        for c in chars {
            let k = try kb.key(String(c))
            steps += [kb.at(k.center.x, k.center.y), "tap"]
        }
        kb.pointer(steps + ["1100,90", "tap"]) // then a click into the other window
        try rig.session.waitUntil(timeout: 60, "the keyboard saying that keys were dropped") {
            kb.child.stderr.contains("were not typed") || kb.child.stderr.contains("was not typed")
        }
        try rig.settle()
        try rig.session.roundTrip(other, timeout: 30)
        let otherKeys = other.stdout.split(separator: "\n").filter { $0.hasPrefix("KEY ") }
        let focus = { (out: String) in out.split(separator: "\n").filter { $0.hasPrefix("FOCUS") || $0.hasPrefix("READY") } }
        #expect(otherKeys.isEmpty, """
            keys for the busy window reached the one clicked next: \(otherKeys.prefix(5)); \
            busy: \(focus(rig.sink.stdout)); other: \(focus(other.stdout)); keyboard: \(kb.child.stderr)
            """)
        let typed = rig.text()
        #expect(String(chars).hasPrefix(typed) && typed.count < chars.count, "typed \(typed)")
        #expect(rig.releaseMismatches() == [])
        #expect(!kb.child.stderr.contains(String(chars.prefix(3))))
        kill(kb.child.pid, SIGTERM)
        #expect(kb.child.wait(timeout: 20) == 0, "\(kb.child.stderr)")
        let lines = kb.child.stderr.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.contains("not typed") }, "\(kb.child.stderr)")
        #expect(rig.state().keys == [])
        #expect(rig.keymapDump() == before)
    }

    /// A keyboard that reads its taps late (a loaded machine: here it is stopped while they
    /// happen) does not type them into the window clicked after them, neither a key of the keymap
    /// (sent the moment its release is read) nor one it must borrow: they are dropped and told.
    /// The next tap, read on time, types into the window focused then.
    @Test func tapsReadAfterAClickIntoAnotherWindowAreNotTypedThere() throws {
        let rig = try TypingRig(layout: "us", sinkArgs: ["-r"])
        let before = rig.keymapDump()
        let other = try otherWindow(rig)
        let layout = try rig.file("late-layout.json", """
            {"name": "late", "description": "keys of the keymap and keys it lacks",
             "layers": [{"name": "main", "rows": [["a", "b", "α", "б"]]}]}
            """)
        let kb = try RunningKeyboard(rig.session, ["--layout", layout])
        var steps: [String] = []
        for label in ["a", "α", "b", "б"] {
            let k = try kb.key(label)
            steps += [kb.at(k.center.x, k.center.y), "tap"]
        }
        let otherFocusIns = other.stdout.components(separatedBy: "FOCUSIN").count
        kill(kb.child.pid, SIGSTOP)
        kb.pointer(steps + ["1100,90", "tap"])
        try rig.session.waitUntil(timeout: 15, "the other window focused by the click") {
            other.stdout.components(separatedBy: "FOCUSIN").count > otherFocusIns
        }
        // And announced: the keyboard knows of a new active window from the window manager's
        // _NET_ACTIVE_WINDOW, which openbox may set a moment after the focus (under load, after
        // the keyboard went on). A tap read before that news cannot be told from one made before
        // the click; the race is the window manager's, not what this test is about.
        let otherID = try #require(other.stdout.split(separator: "\n").first { $0.hasPrefix("READY") }?.split(separator: " ").last)
        try rig.session.waitUntil(timeout: 15, "the other window announced active") {
            rig.session.rootWindowList("_NET_ACTIVE_WINDOW") == [rig.session.normalizedID(String(otherID))]
        }
        kill(kb.child.pid, SIGCONT)
        try rig.session.waitUntil(timeout: 30, "the keyboard saying that keys were dropped") {
            kb.child.stderr.contains("were not typed") || kb.child.stderr.contains("was not typed")
        }
        let a = try kb.key("a")
        kb.pointer([kb.at(a.center.x, a.center.y), "tap"])
        try rig.session.waitUntil(timeout: 15, "the next tap typed into the window focused now") {
            other.stdout.split(separator: "\n").contains { $0.hasPrefix("KEY ") }
        }
        try rig.session.roundTrip(other, timeout: 30)
        let otherText = other.stdout.split(separator: "\n").compactMap { SinkKeyEvent(line: String($0)) }
            .filter { !$0.isRelease }.map(\.text).joined()
        #expect(otherText == "a", "the other window got \(otherText); keyboard: \(kb.child.stderr)")
        #expect(rig.text() == "")
        #expect(!kb.child.stderr.contains("б") && !kb.child.stderr.contains("α"))
        kill(kb.child.pid, SIGTERM)
        #expect(kb.child.wait(timeout: 20) == 0, "\(kb.child.stderr)")
        #expect(rig.state().keys == [])
        #expect(rig.keymapDump() == before)
    }

    /// A second keysink at the right (200x150+1000+20), with the focus given back to the rig's
    /// sink (openbox focuses a new window).
    private func otherWindow(_ rig: TypingRig) throws -> Child {
        let other = try rig.session.spawn(try Tools.cTool("keysink"), ["-r", "-n", "-g", "200x150+1000+20"])
        #expect(other.waitForLine(timeout: 15) { $0.hasPrefix("READY") } != nil)
        let first = try #require(rig.sink.stdout.split(separator: "\n").first { $0.hasPrefix("READY") }?.split(separator: " ").last)
        let focusIns = rig.sink.stdout.components(separatedBy: "FOCUSIN").count
        _ = rig.session.run("xdotool", ["windowactivate", "--sync", String(first)])
        try rig.session.waitUntil(timeout: 15, "the first window focused again") {
            rig.sink.stdout.components(separatedBy: "FOCUSIN").count > focusIns
        }
        return other
    }

    /// A layer of characters the keymap lacks, typed into an application that handles each key
    /// event 150 ms late and does not answer pings (as xterm): the first tap borrows keycodes for
    /// the whole layer (both shift states) in one keymap change, so the taps after it change
    /// nothing, and nothing waits for the application to catch up before a change. Exact; the
    /// keymap is the same afterwards.
    @Test func aLayersMissingCharactersAreBorrowedInOneChange() throws {
        let rig = try TypingRig(layout: "us", sinkArgs: ["-r", "-s", "150"])
        let before = rig.keymapDump()
        let chars = Array("абвгдежзийкл")
        let layout = try rig.file("cyrillic-layout.json", """
            {"name": "cyr", "description": "twelve Cyrillic letters",
             "layers": [{"name": "main", "rows": [\(chars.map { "[\"\($0)\"]" }.joined(separator: ", "))]}]}
            """)
        let kb = try RunningKeyboard(rig.session, ["--layout", layout])
        let watch = try rig.startWatch()
        try kb.tap(labels: chars.map(String.init))
        let expected = String(chars)
        #expect(rig.waitForText(expected, timeout: 120) == expected)
        #expect(rig.releaseMismatches() == [])
        try rig.session.roundTrip(watch)
        // One change is two XkbMapNotify of the XTEST keyboard (its key types, then its symbols);
        // the core keyboard copies the XTEST keyboard's map when keys come from it.
        let watched = watch.stdout.split(separator: "\n").prefix { !$0.hasPrefix("MARK") }
        let device = try #require(watched.first { $0.hasPrefix("XKBMAP ") }?.split(separator: " ")[1], "\(watch.stdout)")
        let notices = watched.filter { $0.hasPrefix("XKBMAP \(device) ") }
        #expect(notices.count <= 2, "one keymap change for the whole layer: \(watch.stdout)")
        kill(kb.child.pid, SIGTERM)
        FaultSupport.expectCleanExit(kb.child.wait(timeout: 20), stderr: kb.child.stderr, "SIGTERM after the taps")
        #expect(rig.keymapDump() == before)
        #expect(rig.keymapRecord == "")
    }
}
