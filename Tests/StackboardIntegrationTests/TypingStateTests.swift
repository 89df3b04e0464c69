import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The keyboard follows the group and the locked modifiers from XkbStateNotify events instead
/// of asking the server before every key: another client (a physical keyboard, a layout
/// switcher) changes Caps Lock or the group just before a tap, and the tap types exactly what
/// its key says, with the state left as that client set it.
@Suite struct TypingStateTests {
    @Test func capsLockAndGroupChangedJustBeforeATap() throws {
        let rig = try TypingRig(layout: "us,ru")
        let kb = try RunningKeyboard(rig.session, [])
        var typed = ""
        func tapA(_ context: String) throws {
            try kb.tap(labels: ["a"])
            typed += "a"
            #expect(rig.waitForText(typed) == typed, "\(context)")
        }
        try tapA("nothing changed")
        #expect(rig.session.run(rig.xkbtool, ["lock-mods", "2", "2"]).status == 0)
        try tapA("Caps Lock locked just before")
        #expect(rig.state().locked & 0x2 == 0x2, "Caps Lock still on")
        #expect(rig.session.run(rig.xkbtool, ["lock-mods", "2", "0"]).status == 0)
        try tapA("Caps Lock unlocked just before")
        #expect(rig.state().locked & 0x2 == 0, "Caps Lock still off")
        #expect(rig.session.run(rig.xkbtool, ["lock-group", "1"]).status == 0)
        try tapA("the Russian group locked just before")
        #expect(rig.presses().last?.keycode != 38, "the latin a key types ф in the Russian group")
        #expect(rig.state().group == 1)
        #expect(rig.session.run(rig.xkbtool, ["lock-group", "0"]).status == 0)
        try tapA("back to the us group")
        #expect(rig.presses().last?.keycode == 38)
        #expect(rig.releaseMismatches() == [])
        kill(kb.child.pid, SIGTERM)
        FaultSupport.expectCleanExit(kb.child.wait(timeout: 20), stderr: kb.child.stderr, "SIGTERM")
        #expect(rig.state().keys == [])
    }
}
