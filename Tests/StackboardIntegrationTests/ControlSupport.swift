import Foundation
import Testing
import CX11
import StackboardX11
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Xlib prepared for use from several test threads at once: `XInitThreads` before any other
/// Xlib call, and protocol errors ignored (the default handler would end the test process).
enum ControlXlib {
    /// Touch this before any Xlib call in the test process.
    static let ready: Bool = {
        XInitThreads()
        _ = XSetErrorHandler { _, _ in 0 }
        return true
    }()
}

/// An in-process X connection (`Display *`), closed by `close()` or in `deinit`.
final class ControlTestConnection {
    let display: OpaquePointer
    private var open = true
    init(_ display: OpaquePointer) { self.display = display }
    /// Closes the connection (once).
    func close() {
        if open { XCloseDisplay(display) }
        open = false
    }
    deinit { close() }
}

/// An in-process X connection to a test server that can play the running keyboard's part:
/// it claims the control channel and reads the commands other processes send it. It keeps
/// the session alive: do not close the session while a host is in use (Xlib ends the process
/// when its server goes away).
final class ControlHost {
    let connection: ControlTestConnection
    var display: OpaquePointer { connection.display }
    let screen: Int32
    /// Kept so that the server outlives this connection (a lost server ends the process).
    let session: XSession
    /// The channel, once claimed (released before the display closes).
    private(set) var channel: ControlChannel?

    /// Opens the session's display.
    init(_ session: XSession) throws {
        _ = ControlXlib.ready
        guard let display = XOpenDisplay(session.display) else {
            throw XSession.Failure(description: "cannot open \(session.display) in the test process")
        }
        self.connection = ControlTestConnection(display)
        self.session = session
        screen = XDefaultScreen(display)
    }

    /// Claims the control selection; returns the control window.
    @discardableResult
    func claim() throws(ControlError) -> UInt {
        let made = try ControlChannel(display: display, screen: screen, owner: connection)
        channel = made
        return made.window
    }

    /// Gives the channel up (destroys its window).
    func release() {
        channel = nil
        XSync(display, 0)
    }

    /// Reads events for up to `timeout` seconds, handing each to the channel, until `count`
    /// commands have come; returns them in order.
    func commands(count: Int, timeout: Double = 10) -> [ControlCommand] {
        var out: [ControlCommand] = []
        let deadline = Date().addingTimeInterval(timeout)
        var event = XEvent()
        while out.count < count && Date() < deadline {
            while XPending(display) > 0 {
                XNextEvent(display, &event)
                if let command = channel?.handle(event: &event) { out.append(command) }
            }
            if out.count >= count { break }
            var pfd = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
            _ = poll(&pfd, 1, 20)
        }
        return out
    }

    /// The atom called `name`.
    func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }

    /// Sends `window` a format-32 ClientMessage of `type` with `code` in `data.l[0]`.
    func sendMessage(to window: UInt, type: String, code: Int) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = Window(window)
        event.xclient.message_type = atom(type)
        event.xclient.format = 32
        event.xclient.data.l.0 = code
        XSendEvent(display, Window(window), 0, NoEventMask, &event)
        XSync(display, 0)
    }

    /// Whether `window` has `property` set.
    func hasProperty(_ property: String, on window: UInt) -> Bool {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, Window(window), atom(property), 0, 64, 0, Atom(AnyPropertyType),
                                        &type, &format, &count, &after, &data)
        if let data { XFree(data) }
        return status == Success && type != 0
    }

    /// Makes a new window of this connection the owner of `selection` (as another program would).
    func takeSelection(_ selection: String) {
        let window = XCreateSimpleWindow(display, XRootWindow(display, screen), 0, 0, 1, 1, 0, 0, 0)
        XSetSelectionOwner(display, atom(selection), window, UInt(CurrentTime))
        XSync(display, 0)
    }

    deinit {
        channel = nil       // destroys the control window while the display is open
        connection.close()  // and closes it while the server (kept by `session`) still runs
    }
}

/// A real `stackboard` keyboard in an `XSession`, seen from outside: its window's map state and
/// place (xwininfo), its keys (`stackboard keys`), and the control commands.
final class ControlledKeyboard {
    let session: XSession
    let child: Child

    /// Whether the built program has the keyboard command (the window issue) at all.
    static let available: Bool = PackageBuild.commands.contains("keyboard")
    /// Whether `stackboard keyboard` takes `--hidden`.
    static let hasHiddenOption: Bool = available
        && PackageBuild.run(Tools.stackboard, ["keyboard", "--help"]).stdout.contains("--hidden")

    /// Starts `stackboard ARGS` (with `env` added to the session's environment) and waits until
    /// it answers `stackboard status` with `state`.
    init(_ session: XSession, _ args: [String] = [], until state: String = "shown", env: [String: String] = [:]) throws {
        self.session = session
        try ControlledKeyboard.waitForWindowManager(session)
        child = try session.spawn(Tools.stackboard, args, env: env)
        try waitForState(state)
    }

    /// Waits until the window manager really manages new windows: a probe window gets WM_STATE.
    /// (openbox sets _NET_SUPPORTING_WM_CHECK, which XSession waits for, before it is ready, and
    /// a window mapped in between is never mapped: 5 in 25 keyboard starts here.)
    static func waitForWindowManager(_ session: XSession) throws {
        let host = try ControlHost(session)
        let display = host.display
        let probe = XCreateSimpleWindow(display, XRootWindow(display, host.screen), 0, 0, 10, 10, 0, 0, 0)
        defer { XDestroyWindow(display, probe); XSync(display, 0) }
        // A map request made while the WM starts up is lost: ask again every half second.
        var asked = Date.distantPast
        try session.waitUntil(timeout: 15, "the window manager to manage a probe window") {
            if host.hasProperty("WM_STATE", on: UInt(probe)) { return true }
            if Date().timeIntervalSince(asked) > 0.5 {
                XMapWindow(display, probe)
                XSync(display, 0)
                asked = Date()
            }
            return false
        }
    }

    /// Writes a small layout named "ctl" (a ctrl key, c, a next-layout and a hide key) into the
    /// session's folder; returns its path.
    static func writeLayout(in session: XSession) throws -> String {
        let path = session.dir + "/ctl.json"
        try """
        {"name": "ctl", "description": "test: a modifier and the keys that act on the keyboard",
         "layers": [{"name": "main", "rows": [[{"label": "ctrl", "action": "ctrl"}, "c"],
            [{"label": "next", "action": "next-layout"}, {"label": "hide", "action": "hide"}]]}]}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `stackboard ARGS` run to completion on this display.
    func stackboard(_ args: [String]) -> (status: Int32, stdout: String, stderr: String) {
        session.run(Tools.stackboard, args)
    }

    /// Waits until `stackboard status` prints `state` and the window's map state agrees.
    func waitForState(_ state: String) throws {
        try session.waitUntil(timeout: 20, "state '\(state)' (status: \(stackboard(["status"]).stdout)"
                              + "\(stackboard(["status"]).stderr), window: \(String(describing: geometry())), "
                              + "keyboard exit: \(String(describing: child.poll())), stderr: \(child.stderr))") {
            stackboard(["status"]).stdout == state + "\n" && (geometry()?.viewable ?? false) == (state == "shown")
        }
    }

    /// Waits until `stackboard status --layout` prints `name`.
    func waitForLayout(_ name: String) throws {
        try session.waitUntil(timeout: 20, "layout '\(name)' (now: \(stackboard(["status", "--layout"]).stdout))") {
            stackboard(["status", "--layout"]).stdout == name + "\n"
        }
    }

    /// The keyboard window ("Stackboard"): root position, size and whether it is viewable.
    func geometry() -> (x: Int, y: Int, width: Int, height: Int, viewable: Bool)? {
        let r = session.run("xwininfo", ["-name", "Stackboard"])
        guard r.status == 0 else { return nil }
        var values: [String: String] = [:]
        for line in r.stdout.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2 { values[parts[0]] = parts[1] }
        }
        guard let x = values["Absolute upper-left X"].flatMap(Int.init), let y = values["Absolute upper-left Y"].flatMap(Int.init),
              let w = values["Width"].flatMap(Int.init), let h = values["Height"].flatMap(Int.init) else { return nil }
        return (x, y, w, h, values["Map State"] == "IsViewable")
    }

    /// Clicks the centre of the first key of `layout` (at the window's size) for which `match` holds.
    func tap(layout: String = "qwerty", _ match: ([String: Any]) -> Bool) throws {
        let frame = try #require(geometry())
        let r = stackboard(["keys", "--layout", layout, "--size", "\(frame.width)x\(frame.height)"])
        try #require(r.status == 0, "stackboard keys: \(r.stderr)")
        let keys = r.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let found = keys.first(where: match)
        let key = try #require(found, "no such key in \(layout)")
        let x = frame.x + ((key["x"] as? Int) ?? 0) + ((key["width"] as? Int) ?? 0) / 2
        let y = frame.y + ((key["y"] as? Int) ?? 0) + ((key["height"] as? Int) ?? 0) / 2
        // Through the pointer tool: XTest moves and clicks, each click delivered before the next
        // move (xdotool's warp can overtake a click that a window manager's grab holds back).
        let click = session.run(try Tools.cTool("pointer", libs: ["-lX11", "-lXtst"]), ["\(x),\(y)", "tap"])
        try #require(click.status == 0, "pointer: \(click.stderr)")
    }

    /// Waits until the keyboard has printed (`--print`) `count` lines; returns them.
    func printed(count: Int) throws -> [String] {
        var lines: [String] = []
        try session.waitUntil(timeout: 10, "\(count) printed keys (have \(lines))") {
            lines = child.stdout.split(separator: "\n").map(String.init)
            return lines.count >= count
        }
        return lines
    }
}
