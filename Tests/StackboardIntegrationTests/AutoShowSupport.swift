import Foundation
import StackboardBus
import StackboardCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A GTK 3 window (Tests/Tools/focus-target.py) and where its widgets are on the screen.
struct FocusTarget {
    let child: Child
    /// Widget name (text, password, digits, button) to its root-window rectangle.
    let widgets: [String: Rect]

    /// Starts the window on `bus`'s display and session bus and waits for its `ready` line, then
    /// until the window is viewable (its frame mapped too: GTK's map event comes when the window
    /// manager maps the client, and a click before the frame is up lands on what is below).
    /// With `at`, the window asks to be put there (root pixels: on that monitor). Each widget
    /// that gets the focus prints `focus NAME T` (`--stamp-focus`): see `focusCount`.
    static func start(on bus: BusSession, env extra: [String: String] = [:], at: Point? = nil) throws -> FocusTarget {
        let script = Tools.repoRoot + "/Tests/Tools/focus-target.py"
        let place = at.map { ["--at", "\($0.x),\($0.y)"] } ?? []
        let child = try bus.x.spawn("/usr/bin/python3", [script, "--stamp-focus"] + place, env: bus.environment.merging(extra) { $1 })
        guard let line = child.waitForLine(timeout: 60, { $0.hasPrefix("ready ") }) else {
            throw XSession.Failure(description: "the GTK focus target did not start: \(child.stderr.suffix(500))")
        }
        var widgets: [String: Rect] = [:]
        var xid: UInt = 0
        for part in line.dropFirst("ready ".count).split(separator: " ") {
            let kv = part.split(separator: "=")
            guard kv.count == 2 else { continue }
            if kv[0] == "xid" { xid = UInt(kv[1]) ?? 0; continue }
            let n = kv[1].split(separator: ",").compactMap { Int($0) }
            if n.count == 4 { widgets[String(kv[0])] = Rect(x: n[0], y: n[1], width: n[2], height: n[3]) }
        }
        try bus.x.waitUntil(timeout: 20, "the GTK focus target's window \(xid) to be viewable") {
            RunningKeyboard.windowInfo(bus.x, id: String(xid))?.viewable == true
        }
        return FocusTarget(child: child, widgets: widgets)
    }

    /// Clicks the middle of `name` with xdotool (XTest), which gives it the focus.
    func click(_ name: String, on x: XSession) {
        guard let r = widgets[name] else { return }
        _ = x.run("xdotool", ["mousemove", "\(r.x + r.width / 2)", "\(r.y + r.height / 2)", "click", "1"])
    }

    /// How many times GTK has given `name` the focus so far (its `focus NAME T` lines).
    func focusCount(_ name: String) -> Int {
        child.stdout.split(separator: "\n").filter { $0.hasPrefix("focus \(name) ") }.count
    }

    /// What the window printed and logged: for a failure's message.
    var transcript: String {
        "stdout: \(child.stdout.suffix(400)) stderr: \(child.stderr.suffix(600))"
    }
}

/// A tracker for `bus` whose loop feeds a policy.
func trackerLoop(_ bus: BusSession, ownProcess: Int32? = nil, backoff: Backoff = Backoff(initial: 0.1, maximum: 1)) -> SourceLoop {
    let tracker = FocusTracker(options: .init(environment: bus.environment, ownProcess: ownProcess, backoff: backoff))
    let loop = SourceLoop(tracker: tracker)
    loop.policy = AutoShowPolicy(hideDelay: 0.3, ownProcess: ownProcess)
    return loop
}

extension SourceLoop {
    /// Waits until the last decision is a show of `kind`; returns its request.
    func waitForShow(_ kind: FieldKind, timeout: Double = 30) -> FieldRequest? {
        var found: FieldRequest?
        run(timeout: timeout) {
            if case .show(let r)? = lastDecision, r.kind == kind { found = r; return true }
            return false
        }
        return found
    }

    /// Waits until the last decision is a hide.
    func waitForHide(timeout: Double = 30) -> Bool {
        run(timeout: timeout) { lastDecision == .hide }
    }
}
