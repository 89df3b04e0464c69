import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Another program replaces the keymap while the keyboard runs (setxkbmap, as a layout switcher
/// does): taps keep typing exactly what the keys say, on each new map (TypingBehaviourTests
/// covers `stackboard type`; this is the keyboard window and its long-lived injector).
@Suite struct FaultKeymapTests {
    @Test func tapsStayExactWhenAnotherProgramChangesTheKeymap() throws {
        let rig = try TypingRig(layout: "us")
        let kb = try RunningKeyboard(rig.session, [])
        // Keys whose keycodes differ between these maps: z/y (de), a/q, z/w, punctuation (fr),
        // and every Latin letter (ru, where they are not in the map at all).
        let labels = ["z", "y", "q", "w", "a", "m", ",", ".", "'", "?"]
        let text = "zyqwam,.'?"
        try kb.tap(labels: labels)
        #expect(rig.waitForText(text) == text)
        var typed = text
        for layout in ["de", "fr", "ru", "us"] {
            let r = rig.session.run("setxkbmap", ["-layout", layout])
            try #require(r.status == 0, "setxkbmap -layout \(layout): \(r.stderr)")
            try kb.tap(labels: labels)
            typed += text
            #expect(rig.waitForText(typed) == typed, "after setxkbmap -layout \(layout)")
        }
        #expect(rig.releaseMismatches() == [])
        #expect(!rig.focusLost)
        kill(kb.child.pid, SIGTERM)
        FaultSupport.expectCleanExit(kb.child.wait(timeout: 10), stderr: kb.child.stderr, "SIGTERM after the keymap changes")
        #expect(rig.state().keys == [], "no key left down")
        // What is left is the us map exactly as setxkbmap makes it: nothing borrowed remains.
        let left = rig.keymapDump()
        #expect(rig.session.run("setxkbmap", ["-layout", "us"]).status == 0)
        #expect(left == rig.keymapDump())
    }
}
