import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The window manager killed and started again: the keyboard keeps typing (also while there is
/// no window manager), is managed again by the new one, stays above a window raised over it,
/// and never takes the focus.
@Suite struct FaultWindowManagerTests {
    @Test func theKeyboardStaysUsableAndAboveWhenTheWindowManagerRestarts() throws {
        let rig = try TypingRig()
        let session = rig.session
        let kb = try RunningKeyboard(session, [])
        try kb.tap(labels: ["o", "n", "e"])
        #expect(rig.waitForText("one") == "one")

        let wm = FaultSupport.pids(named: "openbox", display: session.display)
        try #require(wm.count == 1, "the session's openbox: \(wm)")
        for pid in wm { kill(pid, SIGKILL) }
        try session.waitUntil(timeout: 10, "openbox to go away") {
            FaultSupport.pids(named: "openbox", display: session.display).isEmpty
        }
        try session.waitUntil(timeout: 10, "the keyboard back on the root window") {
            RunningKeyboard.windowInfo(session, name: "Stackboard")?.viewable == true
        }
        // Without a window manager the focus may have fallen back to the root (PointerRoot, so
        // keys would go to whatever is under the pointer): give it to the application, as its
        // user would, then type.
        let sinkWindow = try #require(RunningKeyboard.windowInfo(session, name: "keysink"))
        _ = session.run("xdotool", ["windowfocus", "--sync", sinkWindow.id])
        try kb.refresh()
        try kb.tap(labels: ["t", "w", "o"])
        #expect(rig.waitForText("onetwo") == "onetwo", "typing without a window manager")

        try session.spawn("openbox", [])
        try session.waitUntil(timeout: 15, "openbox to manage the keyboard again") {
            session.rootWindowList("_NET_CLIENT_LIST").contains(session.normalizedID(kb.info.id))
        }
        #expect(kb.xprop(["_NET_WM_STATE"]).contains("_NET_WM_STATE_ABOVE"), "\(kb.xprop(["_NET_WM_STATE"]))")

        // A window raised over the keyboard after the restart stays below it.
        let cover = try session.spawn(try Tools.cTool("keysink"), ["-n", "-g", "900x500+100+250"])
        // Waits for the cover itself: a count of managed windows is reached before it is managed
        // while the new openbox is still taking the old windows back one by one.
        var coverID = ""
        try session.waitUntil(timeout: 20, "openbox to manage the covering window: clients \(session.rootWindowList("_NET_CLIENT_LIST").map { "\($0) \(RunningKeyboard.windowInfo(session, id: $0)?.width ?? -1) wide" })") {
            coverID = session.rootWindowList("_NET_CLIENT_LIST").first {
                $0 != session.normalizedID(kb.info.id) && RunningKeyboard.windowInfo(session, id: $0)?.width == 900
            } ?? ""
            return !coverID.isEmpty
        }
        _ = session.run("xdotool", ["windowraise", coverID])
        try session.waitUntil(timeout: 5, "the stacking order to settle") {
            let stack = session.rootWindowList("_NET_CLIENT_LIST_STACKING")
            guard let k = stack.firstIndex(of: session.normalizedID(kb.info.id)), let c = stack.firstIndex(of: coverID) else { return false }
            return k > c
        }
        _ = cover

        // Still typing into the application that has the focus, and never holding it itself.
        let focus = session.run("xdotool", ["getwindowfocus"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        if let id = UInt(focus), session.normalizedID("0x" + String(id, radix: 16)) == session.normalizedID(kb.info.id) {
            Issue.record("the keyboard window has the focus")
        }
        let sink = try #require(session.rootWindowList("_NET_CLIENT_LIST").first {
            RunningKeyboard.windowInfo(session, id: $0)?.width == 600
        })
        _ = session.run("xdotool", ["windowactivate", "--sync", sink])
        try kb.refresh()
        let start = rig.presses().count
        try kb.tap(labels: ["s", "i", "x"])
        #expect(rig.waitForText("six", from: start) == "six", "typing after the window manager came back")
        #expect(kb.child.poll() == nil, "the keyboard is still running")
        #expect(kb.child.stderr.isEmpty, "\(kb.child.stderr)")
    }
}
