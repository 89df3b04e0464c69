import Foundation
import Testing

/// The keyboard never takes the focus: the application that has it keeps it through the
/// keyboard's map and through taps on it, floating or docked, under two window managers.
@Suite struct WindowFocusTests {
    @Test(arguments: [
        (XSession.WindowManager.openbox, [String]()),
        (XSession.WindowManager.openbox, ["--dock", "bottom"]),
        (XSession.WindowManager.matchbox, [String]()),
        (XSession.WindowManager.matchbox, ["--dock", "bottom"]),
    ])
    func targetKeepsFocusThroughMapAndTaps(wm: XSession.WindowManager, extra: [String]) throws {
        let session = try XSession(wm: wm)
        defer { session.close() }
        let sink = try session.spawn(try Tools.cTool("keysink"), [])
        let ready = sink.waitForLine(timeout: 10) { $0.hasPrefix("READY") }
        let focused = sink.waitForLine(timeout: 10) { $0.hasPrefix("FOCUSIN") && $0.contains("Nonlinear") }
        try #require(ready != nil && focused != nil, "keysink did not get the focus: \(sink.stdout)")
        let sinkID = session.normalizedID(String(ready?.split(separator: " ").last ?? ""))
        let before = sink.stdout.split(separator: "\n").count

        let kb = try RunningKeyboard(session, ["--print"] + extra)
        try kb.tap(labels: ["h", "i"])
        #expect(kb.waitForPrinted(["h", "i"]) == ["h", "i"])
        // A round trip through the window manager's view of the focus after the taps.
        let active = session.rootWindowList("_NET_ACTIVE_WINDOW")
        #expect(active == [sinkID])

        try session.roundTrip(sink) // every focus change so far is printed by now
        let after = sink.stdout.split(separator: "\n").dropFirst(before)
        #expect(!after.contains { $0.hasPrefix("FOCUSOUT") }, "keysink lost the focus: \(Array(after))")
    }
}
