import CX11
import StackboardCore
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
/// notify masks (`pongMask`), which between them receive every toolkit's pong
/// (docs/x11-facts.md, 13).
///
/// Which ping a pong answers, and what it proves, is `TypingSchedule`'s: the barrier sends the
/// pings it is given and keeps each pong's stamp until the injector takes it (`takePongs`). Its
/// connection is a source of the loop while a ping waits, so that the pong wakes the loop:
/// nothing polls or waits for it.
final class PingBarrier: LoopSource {
    private let displayName: String
    private(set) var dpy: OpaquePointer?
    private(set) var protocols: Atom = 0, pingAtom: Atom = 0, wmState: Atom = 0
    /// The stamps of the pings sent and not answered yet.
    var pending: Set<UInt> = []
    /// Pongs read and not taken yet: their stamps and when they were read.
    var arrived: [(stamp: UInt, at: Double)] = []

    /// A barrier on `displayName` (opened when first needed).
    init(displayName: String) { self.displayName = displayName }

    /// What the barrier selects on the root window while a ping waits: a pong sent with either
    /// notify mask reaches it.
    static let pongMask = Int(SubstructureNotifyMask | StructureNotifyMask)

    // MARK: LoopSource

    /// The connection while a ping waits for its pong.
    var pollRequests: [PollRequest] {
        guard let dpy, !pending.isEmpty else { return [] }
        return [PollRequest(fd: XConnectionNumber(dpy))]
    }

    /// Never due by time: the schedule bounds a pong by the pace.
    var nextDeadline: Double? { nil }

    /// Reads the pongs that arrived.
    func dispatch(now: Double) { readPongs(now: now) }

    /// Sends the pings and says whether events are already in Xlib's queue.
    func prepareToWait() -> Bool {
        guard let dpy, !pending.isEmpty else { return false }
        XFlush(dpy)
        return XEventsQueued(dpy, QueuedAlready) > 0
    }

    /// What asking for a pong came to.
    enum Outcome {
        /// The ping is on its way.
        case sent
        /// No window has the focus, or its application does not list `_NET_WM_PING`: time has to do.
        case unsupported
        /// The display cannot be reached (the server is gone): there is nothing left to protect.
        case unreachable
    }

    /// Sends `request` to the focused application.
    func ping(_ request: PingRequest) -> Outcome {
        guard let dpy = open() else { return .unreachable }
        guard let client = focusedClient(dpy), supportsPing(dpy, client) else { return .unsupported }
        let root = XDefaultRootWindow(dpy)
        if pending.isEmpty { XSelectInput(dpy, root, PingBarrier.pongMask) }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = client
        event.xclient.message_type = protocols
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(pingAtom)
        event.xclient.data.l.1 = Int(bitPattern: request.stamp)
        event.xclient.data.l.2 = Int(client)
        XSendEvent(dpy, client, 0, NoEventMask, &event)
        XFlush(dpy)
        pending.insert(request.stamp)
        return .sent
    }

    /// Whether pongs were read that the injector has not taken.
    var hasPongs: Bool { !arrived.isEmpty }

    /// The pongs read since the last call, in order.
    func takePongs() -> [(stamp: UInt, at: Double)] {
        defer { arrived.removeAll() }
        return arrived
    }

    /// The stamp of `event` when it is a `_NET_WM_PING` pong (whichever mask it was sent with).
    static func pongStamp(of event: XEvent, protocols: Atom, ping: Atom) -> UInt? {
        guard event.type == ClientMessage, event.xclient.message_type == protocols,
              Atom(event.xclient.data.l.0) == ping else { return nil }
        return UInt(bitPattern: event.xclient.data.l.1)
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
