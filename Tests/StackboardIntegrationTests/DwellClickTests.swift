import Foundation
import StackboardX11
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Dwell clicking anywhere (`--dwell-click`) end to end, against a GTK 3 window that prints the
/// buttons it gets (Tests/Tools/click-target.py): a rest clicks left at the rest point, `stackboard
/// click` and the click panel choose a right click, a double click and a drag (press at one
/// rest, release at the next), and a keyboard killed with SIGKILL in the middle of a drag
/// leaves no button down once the next `stackboard` command has run. Then the same clicks in
/// xterm, read from the mouse reports xterm sends to the program running in it
/// (Tests/Tools/xterm-target.py --mouse: SGR reports in pixels); Chromium's are in
/// RealBrowserDwellClickTests (`make test-apps`).
@Suite struct DwellClickTests {
    /// A button event the target printed: `press|double|release BUTTON X Y`.
    private struct Seen: Equatable, CustomStringConvertible {
        var kind: String
        var button: Int
        var x: Int
        var y: Int
        init?(_ line: String) {
            let p = line.split(separator: " ")
            guard p.count == 4, let b = Int(p[1]), let x = Int(p[2]), let y = Int(p[3]) else { return nil }
            (kind, button, self.x, self.y) = (String(p[0]), b, x, y)
        }
        func at(_ x: Int, _ y: Int) -> Bool { abs(self.x - x) <= 2 && abs(self.y - y) <= 2 }
        var description: String { "\(kind) \(button) \(x),\(y)" }
    }

    @Test func restsClickAndTheClickTypeIsChosenFromOutside() throws {
        let session = try XSession()
        let target = try session.spawn("/usr/bin/python3", [Tools.repoRoot + "/Tests/Tools/click-target.py",
                                                            "--at", "0,0", "--size", "900x440"])
        _ = try target.requireLine(timeout: 60, "the click target's ready line") { $0.hasPrefix("ready ") }
        let kb = try RunningKeyboard(session, ["--layout", "clicks", "--dwell-click", "300", "--geometry", "1280x260+0+540"])
        // Dwell clicking is set up after the first frame; it says so on the control window.
        try session.waitUntil(timeout: 20, "dwell clicking to be set up") {
            (try? ControlClient.status(displayName: session.display))?.dwellClick == 300
        }
        var events: [Seen] { target.lines.compactMap(Seen.init) }
        func waitFor(_ what: String, _ kind: String, _ button: Int, _ x: Int, _ y: Int) throws {
            try session.waitUntil(timeout: 20, "\(what) at \(x),\(y) (the target got \(events))") {
                events.contains { $0.kind == kind && $0.button == button && $0.at(x, y) }
            }
        }
        func click(_ type: String) {
            let r = session.run(Tools.stackboard, ["click", type])
            #expect(r.status == 0, "stackboard click \(type): \(r.stderr)")
        }

        // The window manager may put the target a little lower (its title bar): rest well inside.
        kb.pointer(["200,200"])
        try waitFor("a left click", "release", 1, 200, 200)
        #expect(events.filter { $0.kind == "press" }.count == 1, "one click per rest: \(events)")

        // The pointer still after its click: nothing wakes the keyboard (no polling, no ring
        // timer). A second of stillness (the pointer tool's pause, no motion) is counted; the
        // click's own news (the target's focus, on the root) may still come in it.
        let before = try PhysicalKeyTests.wakeUps(kb.child.pid)
        kb.pointer(["pause:1000"])
        let woken = try PhysicalKeyTests.wakeUps(kb.child.pid) - before
        #expect(woken <= 2, "the keyboard woke \(woken) times while the pointer was still")
        #expect(events.filter { $0.kind == "press" }.count == 1, "one click per rest: \(events)")

        click("right")
        kb.pointer(["320,240"])
        try waitFor("a right click", "release", 3, 320, 240)

        // The click panel (the clicks layout) chooses too.
        try kb.tap(labels: ["double click"])
        kb.pointer(["420,260"])
        try waitFor("a double click", "double", 1, 420, 260)

        click("drag")
        kb.pointer(["300,150"])
        try waitFor("a drag's press", "press", 1, 300, 150)
        kb.pointer(["500,300"])
        try waitFor("a drag's release", "release", 1, 500, 300)

        // Resting over the keyboard (three dwell times) clicks none of its keys: its hide key,
        // clicked, would hide it before the press of the drag below is seen.
        let hide = try kb.key("hide")
        kb.pointer([kb.at(hide.center.x, hide.center.y), "pause:900"])

        // Killed in the middle of a drag: the next command releases the button.
        click("drag")
        kb.pointer(["250,350"])
        try waitFor("the second drag's press", "press", 1, 250, 350)
        #expect(kb.stackboard(["status"]).stdout == "shown\n", "a rest on the keyboard clicked its hide key")
        #expect(session.run("xprop", ["-root", "_STACKBOARD_HELD_BUTTON"]).stdout.contains("= 1,"))
        kb.child.signal(SIGKILL)
        _ = kb.child.wait(timeout: 10)
        #expect(events.last?.kind == "press", "the button is down after the kill")
        let next = session.run(Tools.stackboard, ["status"])
        #expect(next.status == 1, "no keyboard runs: \(next.stdout) \(next.stderr)")
        try waitFor("the release by the next command", "release", 1, 250, 350)
        #expect(!session.run("xprop", ["-root", "_STACKBOARD_HELD_BUTTON"]).stdout.contains("= 1,"), "the record is gone")

        // A keyboard that does not dwell-click is not told a click type: the command says so.
        let plain = try RunningKeyboard(session, [])
        let refused = session.run(Tools.stackboard, ["click", "right"])
        #expect(refused.status == 1 && refused.stderr.contains("--dwell-click"), "\(refused.status): \(refused.stderr)")
        // Nor scan switches, when it does not scan.
        let noScan = session.run(Tools.stackboard, ["switch", "1", "press"])
        #expect(noScan.status == 1 && noScan.stderr.contains("--scan"), "\(noScan.status): \(noScan.stderr)")
        plain.child.stop()
        target.stop()
    }

    /// xterm with mouse tracking on (button events, SGR reports in pixels): a right click, a
    /// double click (two presses) and a drag (press at one rest, release at the next) reach the
    /// program running in it at the rest point, and a drag cut by SIGKILL is released by the next
    /// command. xterm's report is turned into root coordinates by xterm-target.py.
    @Test(.enabled(if: RealApp.Kind.xterm.isInstalled))
    func xtermReportsTheClicksAtTheRestPoint() throws {
        let session = try XSession()
        defer { session.close() }
        // Placed at the top left (openbox keeps a position the user gave), above the keyboard.
        let target = try session.spawn("/usr/bin/python3", [Tools.repoRoot + "/Tests/Tools/xterm-target.py",
                                                            "--mouse", "--geometry", "100x24+0+0"])
        let ready = try target.requireLine(timeout: 30, "xterm's ready line") { $0.hasPrefix("ready ") }
        try #require(ready.hasSuffix(" units=pixels"), "xterm did not take SGR-Pixels (DECSET 1016): \(ready)")
        let text = try #require(ready.split(separator: " ").first { $0.hasPrefix("text=") })
        let rect = text.dropFirst(5).split(separator: ",").compactMap { Int($0) }
        try #require(rect.count == 4 && rect[2] > 500 && rect[1] + rect[3] < 540, "xterm's window: \(ready)")
        func inside(_ x: Int, _ y: Int) -> (Int, Int) { (rect[0] + x, rect[1] + y) }
        let kb = try RunningKeyboard(session, ["--layout", "clicks", "--dwell-click", "300", "--geometry", "1280x260+0+540"])
        try session.waitUntil(timeout: 20, "dwell clicking to be set up") {
            (try? ControlClient.status(displayName: session.display))?.dwellClick == 300
        }
        var events: [Seen] { target.lines.compactMap(Seen.init) }
        func count(_ kind: String, _ button: Int, _ p: (Int, Int)) -> Int {
            events.filter { $0.kind == kind && $0.button == button && $0.at(p.0, p.1) }.count
        }
        func waitFor(_ what: String, _ kind: String, _ button: Int, _ p: (Int, Int), times: Int = 1) throws {
            try session.waitUntil(timeout: 20, "\(what) at \(p.0),\(p.1) (xterm sent \(target.lines.suffix(12)))") {
                count(kind, button, p) >= times
            }
        }
        func click(_ type: String) {
            let r = session.run(Tools.stackboard, ["click", type])
            #expect(r.status == 0, "stackboard click \(type): \(r.stderr)")
        }
        func rest(_ p: (Int, Int)) { kb.pointer(["\(p.0),\(p.1)"]) }

        click("right")
        let right = inside(123, 57)
        rest(right)
        try waitFor("a right click's release", "release", 3, right)
        #expect(count("press", 3, right) == 1, "\(events)")

        click("double")
        let double = inside(351, 101)
        rest(double)
        try waitFor("a double click's second release", "release", 1, double, times: 2)
        #expect(count("press", 1, double) == 2, "a double click is two presses: \(events)")

        click("drag")
        let (from, to) = (inside(201, 151), inside(447, 263))
        rest(from)
        try waitFor("a drag's press", "press", 1, from)
        rest(to)
        try waitFor("a drag's release", "release", 1, to)
        #expect(count("release", 1, from) == 0, "the drag was let go where it began: \(events)")

        // Killed in the middle of a drag: the next command releases the button, and xterm says so.
        click("drag")
        let held = inside(302, 203)
        rest(held)
        try waitFor("the second drag's press", "press", 1, held)
        kb.child.signal(SIGKILL)
        _ = kb.child.wait(timeout: 10)
        #expect(events.last?.kind == "press", "the button is down after the kill: \(events)")
        let next = session.run(Tools.stackboard, ["status"])
        #expect(next.status == 1, "no keyboard runs: \(next.stdout) \(next.stderr)")
        try waitFor("the release by the next command", "release", 1, held)
        target.stop()
    }
}
