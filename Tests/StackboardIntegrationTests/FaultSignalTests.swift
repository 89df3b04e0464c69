import Foundation
import Testing
import StackboardCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// SIGTERM, SIGINT and SIGHUP at a random moment of a burst of taps on keys that borrow keycodes
/// (€, ж, 你, 😀...) ending in a held, repeating backspace: the keyboard exits with status 0,
/// nothing is left down, every press at the target has its release, and the keymap is what it
/// was before. The moment is drawn from a seed printed on failure (STACKBOARD_FAULT_SEED replays).
@Suite struct FaultSignalTests {
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalAtARandomMomentOfABurstLeavesNothingBehind(signal: Int32) throws {
        let seed = FaultSupport.seed()
        var rng = SplitMix64(seed: seed)
        let rig = try TypingRig(layout: "us")
        let before = rig.keymapDump()
        let layout = try FaultSupport.burstLayout(in: rig.session.dir)
        let kb = try RunningKeyboard(rig.session, ["--layout", layout])
        let keys = try kb.keys().filter { $0.action == "text" }
        let backspace = try #require(try kb.keys().first { $0.action == "backspace" })
        var steps: [String] = []
        for _ in 0..<40 {
            let k = try #require(keys.randomElement(using: &rng))
            steps += [kb.at(k.center.x, k.center.y), "tap"]
        }
        steps += [kb.at(backspace.center.x, backspace.center.y), "down"]
        let pointer = try rig.session.spawn(try Tools.cTool("pointer", libs: ["-lX11", "-lXtst"]), steps)
        // The signal's moment in the burst is the test's random choice (replayable from the
        // seed), not a wait for anything: nothing is asserted until the keyboard has exited.
        let delay = UInt32.random(in: 0...1_500_000, using: &rng)
        usleep(delay)
        kill(kb.child.pid, signal)
        let status = kb.child.wait(timeout: 15)
        let context = "seed \(seed), signal \(signal) after \(delay / 1000) ms, \(rig.presses().count) keys typed"
        FaultSupport.expectCleanExit(status, stderr: kb.child.stderr, context)
        #expect(pointer.wait(timeout: 15) != nil, "\(context): the pointer tool did not finish")
        _ = rig.session.run(try Tools.cTool("pointer", libs: ["-lX11", "-lXtst"]), ["up"])
        try rig.settle() // keysink has printed every key event of the burst
        #expect(rig.state().keys == [], "\(context): keys left down")
        #expect(rig.state().latched == 0 && rig.state().locked == 0, "\(context): modifiers left latched or locked")
        #expect(rig.releaseMismatches() == [], "\(context)")
        #expect(rig.keymapDump() == before, "\(context): the keymap was not restored")
    }
}
