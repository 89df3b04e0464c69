import Foundation
import StackboardX11
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Dwell clicking anywhere (`--dwell-click`) in Chromium in kiosk mode, on a page that puts every
/// mousedown, mouseup, dblclick and contextmenu with its clientX, clientY in its title
/// (Tests/Fixtures/dwell/clicks.html): a right click, a double click and a drag land at the rest
/// point, and a drag cut by SIGKILL is let go by the next `stackboard` command. The page fills the
/// window, so a client point plus the window's root corner is a root point.
extension RealBrowserTests {
    /// An event the page put in its title: `N:TYPE:BUTTON:X:Y`, in root coordinates here.
    private struct PageEvent: CustomStringConvertible {
        var type: String
        var button: Int
        var x: Int
        var y: Int

        func at(_ p: (Int, Int)) -> Bool { abs(x - p.0) <= 2 && abs(y - p.1) <= 2 }
        var description: String { "\(type) \(button) \(x),\(y)" }
    }

    @Test(.enabled(if: RealApp.Kind.chromium.isInstalled))
    func chromiumGetsDwellClicksAtTheRestPoint() throws {
        let x = try XSession()
        defer { x.close() }
        let bus = try BusSession(x: x, accessibility: false)
        let page = "file://" + Tools.repoRoot + "/Tests/Fixtures/dwell/clicks.html"
        let browser = try x.spawn("chromium", ["--no-sandbox", "--kiosk", "--no-first-run", "--disable-gpu",
                                               "--user-data-dir=\(x.dir)/chromium", page], env: bus.environment)
        var window: WindowInfo?
        try browser.waitUntil(timeout: 90, "Chromium's window with the page") {
            let ids = x.run("xdotool", ["search", "--onlyvisible", "--name", "^stackboard clicks"]).stdout
                .split(separator: "\n").compactMap { UInt($0) }
            window = ids.compactMap { RunningKeyboard.windowInfo(x, id: String($0)) }
                .filter(\.viewable).max { $0.width * $0.height < $1.width * $1.height }
            return window != nil
        }
        let win = try #require(window)
        var events: [PageEvent] {
            let out = x.run("xprop", ["-id", win.id, "_NET_WM_NAME"]).stdout
            return out.split(separator: " ").compactMap { token in
                let p = token.split(separator: ":")
                guard p.count == 5, let b = Int(p[2]), let cx = Int(p[3]), let cy = Int(p[4]) else { return nil }
                return PageEvent(type: String(p[1]), button: b, x: win.x + cx, y: win.y + cy)
            }
        }
        func count(_ type: String, _ button: Int, _ p: (Int, Int)) -> Int {
            events.filter { $0.type == type && $0.button == button && $0.at(p) }.count
        }
        func waitFor(_ what: String, _ type: String, _ button: Int, _ p: (Int, Int), times: Int = 1) throws {
            var last: [PageEvent] = []
            try x.waitUntil(timeout: 20, "\(what) at \(p.0),\(p.1) (the page got \(last))") {
                last = events
                return last.filter { $0.type == type && $0.button == button && $0.at(p) }.count >= times
            }
        }
        let kb = try RunningKeyboard(x, ["--layout", "clicks", "--dwell-click", "300", "--geometry", "1280x260+0+540"],
                                     env: bus.environment)
        try x.waitUntil(timeout: 20, "dwell clicking to be set up") {
            (try? ControlClient.status(displayName: x.display))?.dwellClick == 300
        }
        func click(_ type: String) {
            let r = x.run(Tools.stackboard, ["click", type], env: bus.environment)
            #expect(r.status == 0, "stackboard click \(type): \(r.stderr)")
        }
        func rest(_ p: (Int, Int)) { kb.pointer(["\(p.0),\(p.1)"]) }

        // DOM buttons: 0 left, 2 right.
        click("right")
        let right = (win.x + 323, win.y + 157)
        rest(right)
        try waitFor("a right click's contextmenu", "contextmenu", 2, right)
        try waitFor("a right click's mouseup", "mouseup", 2, right)
        #expect(count("mousedown", 2, right) == 1, "\(events)")

        click("double")
        let double = (win.x + 651, win.y + 201)
        rest(double)
        try waitFor("a double click's dblclick", "dblclick", 0, double)
        #expect(count("mousedown", 0, double) == 2 && count("mouseup", 0, double) == 2, "\(events)")

        click("drag")
        let (start, end) = ((win.x + 401, win.y + 251), (win.x + 847, win.y + 463))
        rest(start)
        try waitFor("a drag's mousedown", "mousedown", 0, start)
        rest(end)
        try waitFor("a drag's mouseup", "mouseup", 0, end)
        #expect(count("mouseup", 0, start) == 0, "the drag was let go where it began: \(events)")

        // Killed in the middle of a drag: the next command releases the button, and the page says so.
        click("drag")
        let held = (win.x + 502, win.y + 303)
        rest(held)
        try waitFor("the second drag's mousedown", "mousedown", 0, held)
        kb.child.signal(SIGKILL)
        _ = kb.child.wait(timeout: 10)
        #expect(events.last?.type == "mousedown", "the button is down after the kill: \(events)")
        let next = x.run(Tools.stackboard, ["status"], env: bus.environment)
        #expect(next.status == 1, "no keyboard runs: \(next.stdout) \(next.stderr)")
        try waitFor("the release by the next command", "mouseup", 0, held)
        browser.stop()
    }
}
