import Foundation
import StackboardCore
import Testing

/// Xorg (the dummy driver, which can change its screen size, unlike Xvfb) with monitors made
/// with `xrandr`, openbox, the touchscreen, and helpers to read what the keyboard and openbox
/// say about monitors and struts.
final class MonitorSession {
    let xorg: XorgTouchSession
    /// The dummy driver's one output (`DUMMY0`).
    let output: String

    /// A screen of `width`x`height` with `modes` for `xrandr -s`; with `sideBySide`, two
    /// monitors LEFT (primary) and RIGHT each half of the screen (`xrandr --setmonitor`), made
    /// before openbox starts; else the output's own monitor.
    init(width: Int = 1280, height: Int = 800, modes: [Size] = [], sideBySide: Bool = false) throws {
        xorg = try XorgTouchSession(width: width, height: height, modes: modes, windowManager: false)
        let listing = xorg.run("xrandr", []).stdout
        guard let line = listing.split(separator: "\n").first(where: { $0.contains(" connected") }),
              let name = line.split(separator: " ").first else {
            throw XSession.Failure(description: "xrandr lists no connected output: \(listing)")
        }
        output = String(name)
        if sideBySide {
            let half = width / 2
            try xrandr(["--setmonitor", "*LEFT", "\(half)/300x\(height)/200+0+0", output])
            try xrandr(["--setmonitor", "RIGHT", "\(half)/300x\(height)/200+\(half)+0", "none"])
            try waitForMonitors(["LEFT", "RIGHT"])
        }
        try xorg.startWindowManager(.openbox)
    }

    func close() { xorg.close() }

    /// Runs xrandr with `args`; throws when it fails.
    func xrandr(_ args: [String]) throws {
        let r = xorg.run("xrandr", args)
        guard r.status == 0 else { throw XSession.Failure(description: "xrandr \(args): \(r.stderr)") }
    }

    /// The monitors' names as `xrandr --listmonitors` gives them, in order.
    func monitorNames() -> [String] {
        xorg.run("xrandr", ["--listmonitors"]).stdout.split(separator: "\n").dropFirst().compactMap { line in
            line.split(separator: " ").dropFirst().first.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "+*")) }
        }
    }

    /// Waits until the server has exactly these monitors.
    func waitForMonitors(_ names: [String]) throws {
        try xorg.waitUntil(timeout: 10, "monitors \(names) (\(monitorNames()))") { monitorNames() == names }
    }

    /// `xrandr -s WxH`, and the touchscreen's axes follow (they span the whole screen).
    func resize(to size: Size) throws {
        try xrandr(["-s", size.description])
        xorg.touchscreen.screenResized(width: size.width, height: size.height)
    }

    /// openbox's `_NET_WORKAREA` of the first desktop: x, y, width, height.
    func workArea() -> [Int] {
        let out = xorg.run("xprop", ["-root", "_NET_WORKAREA"]).stdout
        guard let eq = out.range(of: "=") else { return [] }
        return out[eq.upperBound...].split(separator: ",").prefix(4).compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// A cardinal list property of the keyboard window, or [] when absent.
    func cardinals(_ keyboard: RunningKeyboard, _ property: String) -> [Int] {
        let out = keyboard.xprop([property])
        guard out.contains("(CARDINAL)"), let eq = out.range(of: "=") else { return [] }
        return out[eq.upperBound...].split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// `stackboard status ARGS`' line.
    func status(_ args: [String]) -> String {
        xorg.run(Tools.stackboard, ["status"] + args).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Where openbox maximizes a window placed at `x`,`y` (so on that monitor), root pixels:
    /// the monitor's work area, what its struts leave (the title bar included).
    func maximizedArea(at x: Int, _ y: Int) throws -> Rect {
        let app = try xorg.spawn(try Tools.cTool("fullscreen"), ["-M", "\(x),\(y)"])
        var area: Rect?
        var window: String?
        defer {
            app.stop()
            // The next probe's window gets the same id (the server hands the next client the
            // same id base): until openbox has let go of this one, it would take the new window
            // for the old and keep it in the old frame, on the old monitor.
            if let window {
                try? xorg.waitUntil(timeout: 10, "openbox to let go of probe \(window)") {
                    !xorg.rootWindowList("_NET_CLIENT_LIST").contains(window)
                }
            }
        }
        try app.waitUntil(timeout: 10, "a maximized window at \(x),\(y) (stdout: \(app.stdout))") {
            // The last CONFIGURE once READY (mapped and maximized), with the title bar above it.
            if window == nil, let ready = app.stdout.split(separator: "\n").first(where: { $0.hasPrefix("READY ") }) {
                window = xorg.normalizedID(String(ready.dropFirst(6)))
            }
            guard window != nil,
                  let last = app.stdout.split(separator: "\n").last(where: { $0.hasPrefix("CONFIGURE ") }),
                  let geometry = WindowGeometry(parsing: String(last.dropFirst(10))),
                  let gx = geometry.x, let gy = geometry.y, geometry.size.width > 300 else { return false }
            area = Rect(x: gx, y: gy, width: geometry.size.width, height: geometry.size.height)
            return true
        }
        return area ?? Rect(x: 0, y: 0, width: 0, height: 0)
    }

    /// The alternates popup (WM_CLASS "stackboard-popup") if it is viewable.
    func viewablePopup() -> WindowInfo? {
        let tree = xorg.run("xwininfo", ["-root", "-tree"]).stdout
        for line in tree.split(separator: "\n") where line.contains("(\"stackboard-popup\" \"Stackboard\")") {
            guard let id = line.split(separator: " ").first(where: { $0.hasPrefix("0x") }) else { continue }
            if let info = RunningKeyboard.windowInfo(xorg, id: String(id)), info.viewable { return info }
        }
        return nil
    }

    /// The screen centres of the keys of the layout shown first, by text (or action name).
    static func keyCentres(_ keyboard: RunningKeyboard) throws -> [String: (x: Int, y: Int)] {
        var centres: [String: (x: Int, y: Int)] = [:]
        for key in try keyboard.keys() where centres[key.text ?? key.action] == nil {
            centres[key.text ?? key.action] = (keyboard.info.x + key.center.x, keyboard.info.y + key.center.y)
        }
        return centres
    }

    /// Taps each text with a finger of its own, in order, and waits until the server has them.
    func touch(_ texts: [String], on keyboard: RunningKeyboard, firstID: UInt32 = 1) throws {
        let centres = try Self.keyCentres(keyboard)
        let screen = xorg.touchscreen
        for (i, text) in texts.enumerated() {
            guard let c = centres[text] else { throw XSession.Failure(description: "no key \(text)") }
            try screen.down(firstID + UInt32(i), x: c.x, y: c.y)
            try screen.up(firstID + UInt32(i), x: c.x, y: c.y)
        }
        try screen.sync()
    }
}
