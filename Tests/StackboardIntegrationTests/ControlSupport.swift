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

/// The keyboard seen from outside through its control commands: its state and layout
/// (`stackboard status`), taps by key attributes, what it printed.
extension RunningKeyboard {
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

    /// Whether `stackboard status` prints `state` and the window's map state agrees.
    func isIn(state: String) -> Bool {
        stackboard(["status"]).stdout == state + "\n" && (geometry()?.viewable ?? false) == (state == "shown")
    }

    /// Waits until `isIn(state:)`.
    func waitForState(_ state: String) throws {
        try child.waitUntil(timeout: 20, "state '\(state)' (status says '\(stackboard(["status"]).stdout)', "
                            + "window: \(String(describing: geometry())))") {
            isIn(state: state)
        }
    }

    /// Waits until `stackboard status --layout` prints `name`.
    func waitForLayout(_ name: String) throws {
        var now = ""
        try child.waitUntil(timeout: 20, "layout '\(name)' (now: \(now))") {
            now = stackboard(["status", "--layout"]).stdout
            return now == name + "\n"
        }
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
        try child.waitUntil(timeout: 10, "\(count) printed keys (have \(lines))") {
            lines = child.stdout.split(separator: "\n").map(String.init)
            return lines.count >= count
        }
        return lines
    }
}
