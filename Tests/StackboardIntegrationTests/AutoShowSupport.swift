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

    /// Starts the window on `bus`'s display and session bus and waits for its `ready` line.
    /// With `at`, the window asks to be put there (root pixels: on that monitor).
    static func start(on bus: BusSession, env extra: [String: String] = [:], at: Point? = nil) throws -> FocusTarget {
        let script = Tools.repoRoot + "/Tests/Tools/focus-target.py"
        let place = at.map { ["--at", "\($0.x),\($0.y)"] } ?? []
        let child = try bus.x.spawn("/usr/bin/python3", [script] + place, env: bus.environment.merging(extra) { $1 })
        guard let line = child.waitForLine(timeout: 60, { $0.hasPrefix("ready ") }) else {
            throw XSession.Failure(description: "the GTK focus target did not start: \(child.stderr.suffix(500))")
        }
        var widgets: [String: Rect] = [:]
        for part in line.dropFirst("ready ".count).split(separator: " ") {
            let kv = part.split(separator: "=")
            let n = kv.count == 2 ? kv[1].split(separator: ",").compactMap { Int($0) } : []
            if n.count == 4 { widgets[String(kv[0])] = Rect(x: n[0], y: n[1], width: n[2], height: n[3]) }
        }
        return FocusTarget(child: child, widgets: widgets)
    }

    /// Clicks the middle of `name` with xdotool (XTest), which gives it the focus.
    func click(_ name: String, on x: XSession) {
        guard let r = widgets[name] else { return }
        _ = x.run("xdotool", ["mousemove", "\(r.x + r.width / 2)", "\(r.y + r.height / 2)", "click", "1"])
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
