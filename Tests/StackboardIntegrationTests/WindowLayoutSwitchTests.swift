import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The keys that act on the keyboard itself: next-layout cycles through `--layouts`, hide
/// unmaps the window (SIGUSR2 brings it back).
@Suite struct WindowLayoutSwitchTests {
    /// A layout file with two letters, a next-layout key and a hide key.
    private func writeLayout(in session: XSession) throws -> String {
        let path = session.dir + "/two.json"
        try """
        {"name": "two", "description": "test: letters and layout keys",
         "layers": [{"name": "main", "rows": [["a", "b"],
            [{"label": "next", "action": "next-layout"}, {"label": "hide", "action": "hide"}]]}]}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func nextLayoutCyclesThroughTheLayoutsList() throws {
        let session = try XSession()
        defer { session.close() }
        let file = try writeLayout(in: session)
        let kb = try RunningKeyboard(session, ["--print", "--layouts", "\(file),numeric", "--geometry", "400x200+0-0"])
        try kb.tap(labels: ["a"])
        #expect(kb.waitForPrinted(["a"]) == ["a"])
        try kb.tap(labels: ["next"])
        // Now the numeric pad is shown, at the same size.
        let one = try #require(try kb.keys(layout: "numeric").first { $0.label == "1" })
        kb.tap(one)
        #expect(kb.waitForPrinted(["a", "1"]) == ["a", "1"])
    }

    @Test func theHideKeyHidesTheKeyboard() throws {
        let session = try XSession()
        defer { session.close() }
        let file = try writeLayout(in: session)
        let kb = try RunningKeyboard(session, ["--print", "--layout", file, "--geometry", "400x200+0-0"])
        try kb.tap(labels: ["hide"])
        try session.waitUntil(timeout: 10, "the keyboard to be hidden") {
            RunningKeyboard.windowInfo(session, id: kb.info.id)?.viewable == false
        }
        kill(kb.child.pid, SIGUSR2)
        try session.waitUntil(timeout: 10, "the keyboard to be shown again") {
            RunningKeyboard.windowInfo(session, id: kb.info.id)?.viewable == true
        }
        try kb.refresh()
        try kb.tap(labels: ["b"])
        #expect(kb.waitForPrinted(["b"]) == ["b"])
    }
}
