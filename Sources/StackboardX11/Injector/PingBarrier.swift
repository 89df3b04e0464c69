import CX11
import StackboardSystem

/// Proves that the focused application has handled the keys sent so far, before a borrowed
/// keycode it may still look up is changed: a `_NET_WM_PING` sent to it after the keys, when
/// its WM_PROTOCOLS lists that protocol. GTK and Qt applications answer in event order, so the
/// pong (sent to the root window) means every key before the ping was looked up. It runs on a
/// connection of its own, opened on first use, so that selecting the root window's substructure
/// events for the pong changes nothing on the keyboard window's connection; the keys must have
/// been sent and synced on the injector's connection before `ping`.
///
/// A pong is a `ClientMessage` the application sends to the root window with an event mask of its
/// choice, and only clients selecting one of those events on the root get it: GTK and Chromium
/// send it with `SubstructureNotify | SubstructureRedirect`, Qt 5 and 6 with `StructureNotify |
/// SubstructureRedirect`. Redirect belongs to the window manager, so the barrier selects both
/// notify masks (`pongMask`), which between them receive every toolkit's pong.
final class PingBarrier {
    /// A ping waiting for its pong.
    private struct Pending {
        var stamp: UInt
        var client: Window
        var send: Int
    }

    private let displayName: String
    private var dpy: OpaquePointer?
    private var protocols: Atom = 0, pingAtom: Atom = 0, wmState: Atom = 0
    private var pending: [Pending] = []
    private var counter = UInt.random(in: 1...0x3fff_ffff)

    /// A barrier on `displayName` (opened when first needed).
    init(displayName: String) { self.displayName = displayName }

    /// What the barrier selects on the root window while a ping waits: a pong sent with either
    /// notify mask reaches it.
    static let pongMask = Int(SubstructureNotifyMask | StructureNotifyMask)

    /// Whether a ping is waiting for its pong.
    var isWaiting: Bool { !pending.isEmpty }

    /// The connection's descriptor while a ping is waiting (poll it for the pong).
    var fileDescriptor: Int32? {
        guard let dpy, !pending.isEmpty else { return nil }
        return XConnectionNumber(dpy)
    }

    /// What asking for a pong came to.
    enum Outcome {
        /// A ping is on its way (or already was, for these keys).
        case sent
        /// No window has the focus, or its application does not list `_NET_WM_PING`: time has to do.
        case unsupported
        /// The display cannot be reached (the server is gone): there is nothing left to protect.
        case unreachable
    }

    /// Pings the focused application for every send up to `send`.
    func ping(covering send: Int) -> Outcome {
        guard let dpy = open() else { return .unreachable }
        guard let client = focusedClient(dpy), supportsPing(dpy, client) else { return .unsupported }
        if pending.contains(where: { $0.client == client && $0.send >= send }) { return .sent }
        let root = XDefaultRootWindow(dpy)
        if pending.isEmpty { XSelectInput(dpy, root, PingBarrier.pongMask) }
        counter &+= 1
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = client
        event.xclient.message_type = protocols
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(pingAtom)
        event.xclient.data.l.1 = Int(counter)
        event.xclient.data.l.2 = Int(client)
        XSendEvent(dpy, client, 0, NoEventMask, &event)
        XFlush(dpy)
        pending.append(Pending(stamp: counter, client: client, send: send))
        return .sent
    }

    /// Reads what has arrived, without waiting: the highest send a pong confirms (nil: none yet).
    func readPongs() -> Int? {
        guard let dpy, !pending.isEmpty else { return nil }
        var confirmed: Int?
        var event = XEvent()
        while XPending(dpy) > 0 {
            XNextEvent(dpy, &event)
            guard event.type == ClientMessage, event.xclient.message_type == protocols,
                  Atom(event.xclient.data.l.0) == pingAtom else { continue }
            let stamp = UInt(bitPattern: event.xclient.data.l.1)
            guard let i = pending.firstIndex(where: { $0.stamp == stamp }) else { continue }
            confirmed = max(confirmed ?? pending[i].send, pending[i].send)
            let send = pending[i].send
            pending.removeAll { $0.send <= send }
        }
        if pending.isEmpty { XSelectInput(dpy, XDefaultRootWindow(dpy), NoEventMask); XFlush(dpy) }
        return confirmed
    }

    /// Waits until a pong arrives or `deadline` passes (on `clock`); the send it confirms.
    func wait(until deadline: Double, clock: () -> Double) -> Int? {
        while true {
            if let confirmed = readPongs() { return confirmed }
            guard let fd = fileDescriptor else { return nil }
            let left = deadline - clock()
            guard left > 0 else { return nil }
            // A failed poll ends the wait, with what has arrived by then.
            if EventLoop.block(on: [PollRequest(fd: fd)], timeout: Int32(min(left, 1) * 1000) + 1) != nil {
                return readPongs()
            }
        }
    }

    /// Forgets the pings waiting (an application that did not answer in time).
    func giveUp() {
        pending.removeAll()
        if let dpy { XSelectInput(dpy, XDefaultRootWindow(dpy), NoEventMask); XFlush(dpy) }
    }

    /// Closes the connection.
    func close() {
        pending.removeAll()
        if let dpy { XCloseDisplay(dpy) }
        dpy = nil
    }

    deinit { close() }

    private func open() -> OpaquePointer? {
        if let dpy { return dpy }
        XErrorTrap.install()
        guard let opened = XOpenDisplay(displayName) else { return nil }
        protocols = XInternAtom(opened, "WM_PROTOCOLS", 0)
        pingAtom = XInternAtom(opened, "_NET_WM_PING", 0)
        wmState = XInternAtom(opened, "WM_STATE", 0)
        dpy = opened
        return opened
    }

    /// The top-level client window of the focus: the focus window or the nearest ancestor with
    /// WM_STATE (or, under no window manager, the child of the root it is in).
    private func focusedClient(_ dpy: OpaquePointer) -> Window? {
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(dpy, &focus, &revert)
        let root = XDefaultRootWindow(dpy)
        guard focus > 1, focus != root else { return nil } // None, PointerRoot
        var window = focus
        var topLevel = focus
        for _ in 0..<32 {
            if hasProperty(dpy, window, wmState) { return window }
            var rootReturn: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(dpy, window, &rootReturn, &parent, &children, &count) != 0 else { return nil }
            if let children { XFree(children) }
            topLevel = window
            if parent == 0 || parent == root { break }
            window = parent
        }
        return clientBelow(dpy, topLevel, depth: 3) ?? topLevel
    }

    /// A window with WM_STATE inside `window` (a window manager's frame), breadth first.
    private func clientBelow(_ dpy: OpaquePointer, _ window: Window, depth: Int) -> Window? {
        var level = [window]
        for _ in 0..<depth {
            var next: [Window] = []
            for w in level {
                var rootReturn: Window = 0, parent: Window = 0
                var children: UnsafeMutablePointer<Window>?
                var count: UInt32 = 0
                guard XQueryTree(dpy, w, &rootReturn, &parent, &children, &count) != 0, let children else { continue }
                next += (0..<Int(count)).map { children[$0] }
                XFree(children)
            }
            if let client = next.first(where: { hasProperty(dpy, $0, wmState) }) { return client }
            level = next
        }
        return nil
    }

    private func hasProperty(_ dpy: OpaquePointer, _ window: Window, _ atom: Atom) -> Bool {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(dpy, window, atom, 0, 0, 0, 0 /* AnyPropertyType */, &type, &format,
                                        &count, &after, &data)
        if let data { XFree(data) }
        return status == Success && type != 0
    }

    private func supportsPing(_ dpy: OpaquePointer, _ client: Window) -> Bool {
        var list: UnsafeMutablePointer<Atom>?
        var count: Int32 = 0
        guard XGetWMProtocols(dpy, client, &list, &count) != 0, let list else { return false }
        defer { XFree(list) }
        return (0..<Int(count)).contains { list[$0] == pingAtom }
    }
}
