import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A Stackboard process killed with SIGKILL while it holds borrowed keycodes cannot restore
/// them; the next Stackboard process that touches the keymap does (its slot selection went
/// with its connection), and only keycodes that still hold what the record says.
@Suite struct FaultKillTests {
    /// The next command is `type` of plain text, or `type --restore-keymap`.
    @Test(arguments: [["type", "hello"], ["type", "--restore-keymap"]])
    func aKilledTyperIsCleanedUpByTheNextCommand(next: [String]) throws {
        let rig = try TypingRig(layout: "us", sinkArgs: ["-r", "-p"])
        let before = rig.keymapDump()
        let text = String(MissingCharacters.cyrillic)
        let typer = try rig.session.spawn(Tools.stackboard, ["type", "--delay", "200", "--file", try rig.file("killed.txt", text)])
        try rig.session.waitUntil(timeout: 20, "the first letters") { rig.presses().count >= 3 }
        typer.signal(SIGKILL)
        _ = typer.wait(timeout: 10)
        #expect(rig.keymapDump() != before, "nothing was borrowed when the typer was killed")
        #expect(rig.keymapRecord != "")
        let r = rig.session.run(Tools.stackboard, next)
        #expect(r.status == 0, "\(next): \(r.stderr)")
        #expect(rig.keymapDump() == before)
        #expect(rig.keymapRecord == "")
    }

    /// A keycode the killed typer had borrowed but someone else changed since is theirs: it is
    /// left as it is (and dropped from the record); the others are restored.
    @Test func aKeycodeSomeoneElseChangedSinceIsLeftAlone() throws {
        let rig = try TypingRig(layout: "us", sinkArgs: ["-r", "-p"])
        let before = rig.keymapDump()
        let text = String(MissingCharacters.greek)
        let typer = try rig.session.spawn(Tools.stackboard, ["type", "--delay", "200", "--file", try rig.file("killed.txt", text)])
        try rig.session.waitUntil(timeout: 20, "the first letters") { rig.presses().count >= 2 }
        typer.signal(SIGKILL)
        _ = typer.wait(timeout: 10)
        let borrowed = try #require(rig.presses().first).keycode
        #expect(rig.session.run("xmodmap", ["-e", "keycode \(borrowed) = F18"]).status == 0)
        #expect(rig.session.run(Tools.stackboard, ["type", "--restore-keymap"]).status == 0)
        #expect(rig.coreKeysyms(borrowed).hasPrefix("F18"), "someone else's change was undone")
        #expect(rig.keymapRecord == "")
        // Only xmodmap's change is left: undone by hand, the map is the one from before.
        #expect(rig.session.run("xmodmap", ["-e", "keycode \(borrowed) ="]).status == 0)
        #expect(rig.keymapDump() == before)
    }

    /// The keyboard killed while it holds keycodes for its accent keys: starting it again
    /// restores them before anything else.
    @Test func aKilledKeyboardIsCleanedUpByTheNextKeyboard() throws {
        let rig = try TypingRig(layout: "us", sinkArgs: ["-r", "-p"])
        let before = rig.keymapDump()
        let layout = try FaultSupport.burstLayout(in: rig.session.dir)
        let kb = try RunningKeyboard(rig.session, ["--layout", layout])
        try kb.tap(labels: ["€", "ж", "ä"])
        #expect(rig.waitForText("€жä", timeout: 20) == "€жä")
        #expect(rig.keymapDump() != before, "the keyboard borrowed nothing")
        kb.child.signal(SIGKILL)
        _ = kb.child.wait(timeout: 10)
        #expect(rig.keymapRecord != "")
        let again = try RunningKeyboard(rig.session, ["--layout", layout])
        try rig.session.waitUntil(timeout: 20, "the keymap restored by the new keyboard") { rig.keymapDump() == before }
        #expect(rig.keymapRecord == "")
        kill(again.child.pid, SIGTERM)
        FaultSupport.expectCleanExit(again.child.wait(timeout: 20), stderr: again.child.stderr, "the second keyboard")
        #expect(rig.keymapDump() == before)
    }
}
