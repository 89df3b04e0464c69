import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Taps on the keyboard window type into the focused application (keysink) through the
/// injector on the window's own connection: exact text, on other keymaps too, the focus never
/// moves, and the keymap is as it was after the keyboard exits.
@Suite struct WindowInjectionTests {
    @Test func tapsTypeExactTextIntoTheFocusedApplication() throws {
        let rig = try TypingRig()
        let kb = try RunningKeyboard(rig.session, [])
        let keys = try kb.keys()
        let shift = try #require(keys.first { $0.action == "shift" })
        let space = try #require(keys.first { $0.action == "space" })
        let enter = try #require(keys.first { $0.action == "return" })
        let e = try #require(keys.first { $0.label == "e" })
        kb.tap(shift)
        try kb.tap(labels: ["h", "i"])
        kb.tap(space)
        // A long press on e, released where it started: the first alternate, é.
        kb.pointer([kb.at(e.center.x, e.center.y), "down"])
        try rig.session.waitUntil(timeout: 10, "the alternates popup") {
            rig.session.run("xwininfo", ["-root", "-tree"]).stdout.contains("\"stackboard-popup\"")
        }
        kb.pointer(["up"])
        kb.tap(enter)
        #expect(rig.waitForText("Hi é\r") == "Hi é\r")
        #expect(rig.releaseMismatches().isEmpty)
        #expect(!rig.focusLost)
    }

    @Test func onARussianKeymapLatinLettersTypeAndTheKeymapIsRestoredOnExit() throws {
        let rig = try TypingRig(layout: "ru")
        let before = rig.keymapDump()
        let kb = try RunningKeyboard(rig.session, [])
        try kb.tap(labels: ["q", "w", "e"])
        #expect(rig.waitForText("qwe") == "qwe")
        #expect(rig.releaseMismatches().isEmpty)
        #expect(!rig.focusLost)

        kill(kb.child.pid, SIGTERM)
        #expect(kb.child.wait(timeout: 10) == 0)
        #expect(rig.keymapDump() == before, "every borrowed keycode is given back on exit")
        #expect(rig.state().keys.isEmpty, "no key is left down")
    }

    @Test func ctrlCWithTheRussianGroupActiveSendsControlAndTheKeyOfC() throws {
        let rig = try TypingRig(layout: "us,ru", group: 1)
        let kb = try RunningKeyboard(rig.session, [])
        let ctrl = try #require(try kb.keys().first { $0.action == "ctrl" })
        kb.tap(ctrl)
        try kb.tap(labels: ["c"])
        // Control with the keycode that carries c in the us group (54 on the evdev map), no group switch.
        try rig.session.waitUntil(timeout: 10, "Ctrl+C at keysink (\(rig.presses().map { "\($0.keysym) kc=\($0.keycode) st=\($0.state)" }))") {
            rig.presses().contains { $0.state & 0x4 != 0 && $0.keycode == 54 }
        }
        #expect(rig.state().group == 1)
        #expect(!rig.focusLost)
    }
}
