import Foundation
import StackboardBus
import StackboardCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A test window that speaks the line protocol of Tests/Tools/focus-target.py (a GTK 3 window by
/// default; qt-target.py, gtk4-target.py and xterm-target.py speak it too): once viewable it prints
/// `ready xid=N NAME=X,Y,W,H ...` (its X window id, each widget's root-window rectangle), then
/// `changed NAME LENGTH TEXT` on each change of a field.
struct FocusTarget {
    let child: Child
    /// The toplevel's X window id.
    let xid: UInt
    /// Widget name (text, password, digits, number, button) to its root-window rectangle.
    let widgets: [String: Rect]

    /// Starts the GTK 3 window on `bus`'s display and session bus (see `start(_:_:name:on:env:)`).
    /// With `at`, the window asks to be put there (root pixels: on that monitor). With `spin`, it
    /// has a GtkSpinButton `number` too. Each widget that gets the focus prints `focus NAME T`
    /// (`--stamp-focus`): see `focusCount`.
    /// With `initial`, the text entry holds that text at the start.
    static func start(on bus: BusSession, env extra: [String: String] = [:], at: Point? = nil, spin: Bool = false,
                      initial: String? = nil) throws -> FocusTarget {
        let script = Tools.repoRoot + "/Tests/Tools/focus-target.py"
        let place = at.map { ["--at=\($0.x),\($0.y)"] } ?? [] // "=": a negative X is not an option
        let text = initial.map { ["--initial=\($0)"] } ?? []
        return try start("/usr/bin/python3", [script, "--stamp-focus"] + place + (spin ? ["--spin"] : []) + text,
                         name: "the GTK focus target", on: bus, env: extra)
    }

    /// Starts `path ARGS` on `bus`'s display and session bus and waits for its `ready` line, then
    /// until the window is viewable (its frame mapped too: a toolkit's map event comes when the
    /// window manager maps the client, and a click before the frame is up lands on what is below).
    static func start(_ path: String, _ args: [String], name: String, on bus: BusSession, env extra: [String: String] = [:],
                      timeout: Double = 60) throws -> FocusTarget {
        let child = try bus.x.spawn(path, args, env: bus.environment.merging(extra) { $1 })
        let line = try child.requireLine(timeout: timeout, "\(name)'s ready line") { $0.hasPrefix("ready ") }
        var widgets: [String: Rect] = [:]
        var xid: UInt = 0
        for part in line.dropFirst("ready ".count).split(separator: " ") {
            let kv = part.split(separator: "=")
            guard kv.count == 2 else { continue }
            if kv[0] == "xid" { xid = UInt(kv[1]) ?? 0; continue }
            let n = kv[1].split(separator: ",").compactMap { Int($0) }
            if n.count == 4 { widgets[String(kv[0])] = Rect(x: n[0], y: n[1], width: n[2], height: n[3]) }
        }
        try child.waitUntil(timeout: 20, "\(name)'s window \(xid) to be viewable") {
            RunningKeyboard.windowInfo(bus.x, id: String(xid))?.viewable == true
        }
        return FocusTarget(child: child, xid: xid, widgets: widgets)
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

    /// The text of field `name` as its last complete `changed NAME LENGTH TEXT` line says (LENGTH
    /// in Unicode scalars, as Python counts), nil before its first change.
    func text(_ name: String) -> String? {
        let prefix = "changed \(name) "
        var last: String?
        for line in child.stdout.split(separator: "\n", omittingEmptySubsequences: false) where line.hasPrefix(prefix) {
            let rest = line.dropFirst(prefix.count)
            guard let space = rest.firstIndex(of: " "), let length = Int(rest[..<space]) else { continue }
            let text = String(rest[rest.index(after: space)...])
            if text.unicodeScalars.count == length { last = text }
        }
        return last
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
