import Foundation
import StackboardCore
import Testing

/// The keys that edit rather than type, on a GTK 3 entry under Xvfb and openbox: the space bar
/// held and slid as a trackpad moves the entry's caret (a letter typed afterwards lands where
/// the caret went, and no space is typed), and qwerty's editing panel selects all, cuts and
/// pastes with the application's own shortcuts.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/gi"),
                "python3-gi is not installed (scripts/setup.sh installs it)"))
struct EditingKeysTests {
    @Test func theTrackpadMovesTheCaretAndThePanelCutsAndPastes() throws {
        let x = try XSession()
        defer { x.close() }
        // A session bus for GTK, without the accessibility bus: nothing here needs the field read.
        let bus = try BusSession(x: x, accessibility: false, activation: false)
        let kb = try RunningKeyboard(x, ["--layout", "qwerty", "--geometry", "1280x300+0+500", "--print",
                                         "--no-autocapitalize", "--no-autocorrect", "--no-learn"], env: bus.environment)
        let app = try FocusTarget.start(on: bus)
        app.click("text", on: x)
        try InputMethodTests.tap("hello", on: kb)
        try app.child.waitUntil(timeout: 20, "hello in the entry") { app.text("text") == "hello" }

        // Hold space until the long press makes it a trackpad (the first arrow it sends), then
        // slide far left: the caret goes to the entry's start. The release types no space.
        let space = try #require(try kb.keys().first { $0.action == "space" })
        let (cx, cy) = (space.center.x, space.center.y)
        kb.pointer([kb.at(cx, cy), "press"])
        var left = false
        try kb.child.waitUntil(timeout: 20, "an arrow from the space bar held and slid") {
            kb.pointer([kb.at(left ? cx - 40 : cx, cy)])
            left.toggle()
            return kb.printed.contains { $0 == "<Left>" || $0 == "<Right>" }
        }
        kb.pointer([kb.at(0, cy), "up"])
        try InputMethodTests.tap("x", on: kb)
        try app.child.waitUntil(timeout: 20, "x at the entry's start (\(app.transcript); printed \(kb.printed))") {
            app.text("text") == "xhello"
        }
        #expect(!kb.printed.contains(" "), "the trackpad's release typed a space: \(kb.printed)")

        // The editing panel: ?123, #+=, then ✂. Select all and cut empty the entry; paste twice.
        try kb.tap(labels: ["?123"])
        try kb.tap(labels: ["#+="], layer: "numbers")
        try kb.tap(labels: ["✂"], layer: "symbols")
        try kb.tap(labels: ["select all", "cut"], layer: "edit")
        try app.child.waitUntil(timeout: 20, "the entry emptied by select all and cut (\(app.transcript))") {
            app.text("text") == ""
        }
        try kb.tap(labels: ["paste", "paste"], layer: "edit")
        try app.child.waitUntil(timeout: 20, "the cut text pasted twice (\(app.transcript); printed \(kb.printed))") {
            app.text("text") == "xhelloxhello"
        }
        #expect(kb.printed.suffix(4) == ["<ctrl+a>", "<ctrl+x>", "<ctrl+v>", "<ctrl+v>"], "\(kb.printed)")

        kb.child.signal(SIGTERM)
        #expect(kb.child.wait(timeout: 20) == 0, "\(kb.child.stderr)")
    }
}
