import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The X server killed while a tap is in progress (WindowLifecycleTests covers an idle keyboard):
/// the keyboard exits with its one-line message and status 1, without hanging, whatever it was
/// doing: repeating a held key (typing on a timer), or showing a long press's alternates popup.
@Suite struct FaultXServerTests {
    enum Moment: String, CaseIterable { case repeatingBackspace, alternatesOpen }

    @Test(arguments: Moment.allCases)
    func theServerKilledMidTapEndsTheKeyboardWithAMessage(moment: Moment) throws {
        let rig = try TypingRig()
        let kb = try RunningKeyboard(rig.session, [])
        let keys = try kb.keys()
        switch moment {
        case .repeatingBackspace:
            let backspace = try #require(keys.first { $0.action == "backspace" })
            kb.pointer([kb.at(backspace.center.x, backspace.center.y), "down"])
            try rig.session.waitUntil(timeout: 10, "backspace to repeat") {
                rig.presses().filter { $0.keysym == "BackSpace" }.count >= 3
            }
        case .alternatesOpen:
            let e = try #require(keys.first { $0.label == "e" })
            kb.pointer([kb.at(e.center.x, e.center.y), "down"])
            try rig.session.waitUntil(timeout: 10, "the alternates popup") {
                rig.session.run("xwininfo", ["-root", "-tree"]).stdout.contains("\"stackboard-popup\"")
            }
        }
        let server = try #require(rig.session.serverPID)
        kill(server, SIGKILL)
        let status = kb.child.wait(timeout: 15)
        #expect(status == 1, "exit status \(String(describing: status)); stderr: \(kb.child.stderr)")
        #expect(kb.child.stderr == "stackboard: lost the connection to the X server '\(rig.session.display)'; exiting\n")
    }
}
