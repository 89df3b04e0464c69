import Foundation
import Testing

/// `--summon-button`: the round button that brings a hidden keyboard back, under openbox. It is
/// on screen exactly while the keyboard is hidden, a tap on it shows the keyboard, a drag moves
/// it (and it comes back there the next time), and neither takes the focus from the application
/// that has it.
@Suite(.enabled(if: RunningKeyboard.available, "the keyboard command is not built"))
struct SummonButtonKeyboardTests {
    static let title = "Stackboard: show the keyboard"

    @Test func aTapShowsTheKeyboardAndTheButtonComesBackWhenItIsHidden() throws {
        let session = try XSession(wm: .openbox)
        defer { session.close() }
        let sink = try session.spawn(try Tools.cTool("keysink"), [])
        let ready = sink.waitForLine(timeout: 10) { $0.hasPrefix("READY") }
        let focused = sink.waitForLine(timeout: 10) { $0.hasPrefix("FOCUSIN") && $0.contains("Nonlinear") }
        try #require(ready != nil && focused != nil, "keysink did not get the focus: \(sink.stdout)")
        let sinkID = session.normalizedID(String(ready?.split(separator: " ").last ?? ""))
        let before = sink.stdout.split(separator: "\n").count

        let kb = try RunningKeyboard(session, ["--summon-button", "--hidden", "--print"], until: "hidden")
        var button = try waitForButton(session, kb, viewable: true)
        #expect(kb.session.run("xprop", ["-id", button.id, "WM_HINTS", "_NET_WM_STATE"]).stdout.contains("_NET_WM_STATE_ABOVE"))
        #expect(kb.session.run("xprop", ["-id", button.id, "WM_HINTS"]).stdout.contains("Client accepts input or input focus: False"))

        // A tap on the button: the keyboard shows, the button goes.
        kb.pointer(["\(button.x + button.width / 2),\(button.y + button.height / 2)", "tap"])
        try kb.waitForState("shown")
        _ = try waitForButton(session, kb, viewable: false)
        #expect(session.rootWindowList("_NET_ACTIVE_WINDOW") == [sinkID])
        try kb.tap(labels: ["h"]) // the keyboard types where the focus is
        #expect(kb.waitForPrinted(["h"]) == ["h"])

        // Hidden again: the button is back where it was.
        #expect(kb.stackboard(["hide"]).status == 0)
        try kb.waitForState("hidden")
        let back = try waitForButton(session, kb, viewable: true)
        #expect((back.x, back.y) == (button.x, button.y))

        // A drag moves it and shows nothing; it is remembered for this monitor.
        kb.pointer(["\(back.x + 20),\(back.y + 20)", "press", "\(back.x - 100),\(back.y - 50)", "pause:30",
                    "\(back.x - 400),\(back.y - 300)", "pause:30", "up"])
        try session.waitUntil(timeout: 10, "the button dragged (it is \(String(describing: button)))") {
            button = RunningKeyboard.windowInfo(session, name: Self.title) ?? button
            return button.x == back.x - 420 && button.y == back.y - 320
        }
        #expect(kb.stackboard(["status"]).stdout == "hidden\n")
        let remembered = session.dir + "/.local/state/stackboard/summon-button.json"
        try session.waitUntil(timeout: 10, "\(remembered) written") {
            (try? String(contentsOfFile: remembered, encoding: .utf8))?.contains("\"x\":\(button.x)") == true
        }
        #expect(session.rootWindowList("_NET_ACTIVE_WINDOW") == [sinkID])
        try session.roundTrip(sink) // every focus change so far is printed by now
        let after = sink.stdout.split(separator: "\n").dropFirst(before)
        #expect(!after.contains { $0.hasPrefix("FOCUSOUT") }, "keysink lost the focus: \(Array(after))")
    }

    /// Waits until the button's window is (or is not) viewable; returns it as it is then.
    private func waitForButton(_ session: XSession, _ kb: RunningKeyboard, viewable: Bool) throws -> WindowInfo {
        var found: WindowInfo?
        try kb.child.waitUntil(timeout: 20, "the summon button \(viewable ? "shown" : "hidden") (it is \(String(describing: found)))") {
            found = RunningKeyboard.windowInfo(session, name: Self.title)
            return found?.viewable == viewable
        }
        return try #require(found)
    }
}
