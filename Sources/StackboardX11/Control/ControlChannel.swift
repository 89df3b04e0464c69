import CX11

/// The running keyboard's end of the control protocol (see `ControlAtomName`): it owns the
/// `_STACKBOARD_S<screen>` selection on a small unmapped window of its own, so there is one
/// keyboard per display, and it decodes the commands other `stackboard` processes send there.
///
/// Works on a `Display *` that the keyboard opened: add it to the loop's `XEventPump` (or pass
/// every event a reader of its own reads to `handle(event:)`). Its `deinit` destroys the window (which gives the selection up), so the
/// display must still be open then: pass the object that closes it as `owner`, and the channel
/// keeps it alive.
public final class ControlChannel {
    /// The control window (owner of the selection), as an X resource id.
    public let window: UInt
    /// The selection's atom.
    private let selection: Atom
    private let messageType: Atom
    private let layoutRequest: Atom
    private let stateProperty: Atom
    private let layoutProperty: Atom
    private let display: OpaquePointer
    /// Whatever closes the display (an `XConnection`), kept alive until the window is destroyed.
    private let owner: AnyObject?
    private var properties: XPropertyAccess { XPropertyAccess(display: display) }

    /// Claims the selection of `screen` on `display`, keeping `owner` (the object that closes
    /// the display) alive as long as the channel. Throws `.alreadyRunning` with the owner's
    /// window when another keyboard holds it (also when one wins a race with this one).
    public init(display: OpaquePointer, screen: Int32, owner: AnyObject?) throws(ControlError) {
        let access = XPropertyAccess(display: display)
        let name = displayName(display)
        let selection = access.atom(ControlAtomName.selection(screen: screen))
        let current = XGetSelectionOwner(display, selection)
        if current != 0 { throw .alreadyRunning(window: UInt(current), display: name) }

        let root = XRootWindow(display, screen)
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.event_mask = PropertyChangeMask
        let window = XCreateWindow(display, root, -1, -1, 1, 1, 0, 0, UInt32(InputOnly), nil,
                                   UInt(CWOverrideRedirect | CWEventMask), &attributes)
        // No name, class or pid on it: tools that look for the keyboard by those must not find it.
        // ICCCM: take the selection with a real server timestamp, got from a PropertyNotify.
        let time = serverTime(display, window, property: access.atom(ControlAtomName.state))
        XSetSelectionOwner(display, selection, window, time)
        let winner = XGetSelectionOwner(display, selection)
        guard winner == window else {
            XDestroyWindow(display, window)
            XFlush(display)
            throw .alreadyRunning(window: UInt(winner), display: name)
        }
        // No more PropertyNotify: commands arrive as ClientMessages, which need no mask.
        XSelectInput(display, window, NoEventMask)
        announce(display, root: root, selection: selection, owner: window, time: time)
        XFlush(display)

        self.display = display
        self.owner = owner
        self.window = UInt(window)
        self.selection = selection
        self.messageType = access.atom(ControlAtomName.message)
        self.layoutRequest = access.atom(ControlAtomName.layoutRequest)
        self.stateProperty = access.atom(ControlAtomName.state)
        self.layoutProperty = access.atom(ControlAtomName.layout)
    }

    /// The command an event carries, or nil when the event is not for this channel (pass the
    /// event on) or asks for nothing valid. A `SelectionClear` (another program took the
    /// selection, as `--replace` style managers do) is `.quit`.
    public func handle(event: UnsafeMutablePointer<XEvent>) -> ControlCommand? {
        switch event.pointee.type {
        case ClientMessage:
            let message = event.pointee.xclient
            guard message.window == Window(window), message.message_type == messageType, message.format == 32 else {
                return nil
            }
            return ControlCommand.decode(code: message.data.l.0, argument: message.data.l.1) {
                properties.text(on: Window(window), property: layoutRequest, delete: true).flatMap { $0.isEmpty ? nil : $0 }
            }
        case SelectionClear:
            let clear = event.pointee.xselectionclear
            guard clear.window == Window(window), clear.selection == selection else { return nil }
            return .quit
        case SelectionRequest:
            refuse(event.pointee.xselectionrequest)
            return nil
        default:
            return nil
        }
    }

    /// Publishes the keyboard's state ("shown" or "hidden") as `_STACKBOARD_STATE`, for
    /// `stackboard status` and scripts. Call it after every change of visibility.
    public func publish(state: String) {
        properties.setText(state, on: Window(window), property: stateProperty)
        XFlush(display)
    }

    /// Publishes the name of the layout on screen as `_STACKBOARD_LAYOUT`. Call it at start
    /// and after every layout change.
    public func publish(layout: String) {
        properties.setText(layout, on: Window(window), property: layoutProperty)
        XFlush(display)
    }

    /// Publishes the keyboard's monitor (`NAME WxH+X+Y`) as `_STACKBOARD_MONITOR`, for
    /// `stackboard status --monitor`. Call it at start and whenever the monitor changes.
    public func publish(monitor: String) {
        properties.setText(monitor, on: Window(window), property: properties.atom(ControlAtomName.monitor))
        XFlush(display)
    }

    /// Publishes the keyboard's window as `_STACKBOARD_WINDOW`, whose geometry
    /// `stackboard status --geometry` reads. Call it once, at start.
    public func publish(keyboardWindow: UInt) {
        let ids = [Int(keyboardWindow)] // format 32 is C longs
        _ = ids.withUnsafeBytes { raw in
            XChangeProperty(display, Window(window), properties.atom(ControlAtomName.keyboardWindow), Atom(XA_WINDOW), 32,
                            PropModeReplace, raw.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
        XFlush(display)
    }

    /// Publishes dwell clicking's rest in milliseconds as `_STACKBOARD_DWELL_CLICK` (so that
    /// `stackboard click` can tell a keyboard that does not dwell-click). Call it once it is on.
    public func publish(dwellClickMilliseconds: Int) {
        properties.setText(String(dwellClickMilliseconds), on: Window(window), property: properties.atom(ControlAtomName.dwellClick))
        XFlush(display)
    }

    /// Publishes what switch scanning highlights as `_STACKBOARD_SCAN` (`stackboard status
    /// --scan`): `ScanMarks.published`.
    public func publish(scan: String) {
        properties.setText(scan, on: Window(window), property: properties.atom(ControlAtomName.scan))
        XFlush(display)
    }

    /// Nobody can read the selection's contents (it only marks ownership): say so (ICCCM 2.2).
    private func refuse(_ request: XSelectionRequestEvent) {
        guard request.owner == Window(window), request.selection == selection else { return }
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.display = display
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = request.target
        reply.xselection.property = 0
        reply.xselection.time = request.time
        XSendEvent(display, request.requestor, 0, NoEventMask, &reply)
        XFlush(display)
    }

    deinit {
        XDestroyWindow(display, Window(window))
        XFlush(display)
    }
}

extension ControlChannel: XEventHandler {
    /// The events of the control window: commands, the selection's requests and its loss.
    public var routes: [XEventRoute] { [.window(window)] }

    /// Reports a command as `.control`.
    public func handle(_ event: XEventRef, in batch: inout XEventBatch) -> Bool {
        guard let command = handle(event: event.pointer) else { return false }
        batch.append(.control(command))
        return true
    }
}

/// The name Xlib resolved for `display` (`:1`).
func displayName(_ display: OpaquePointer) -> String {
    guard let name = XDisplayString(display) else { return "the display" }
    return String(cString: name)
}

/// A server timestamp: appends nothing to `property` on `window` (which selects
/// PropertyChangeMask) and takes the time of the PropertyNotify that follows.
private func serverTime(_ display: OpaquePointer, _ window: Window, property: Atom) -> Time {
    var nothing: UInt8 = 0
    XChangeProperty(display, window, property, XPropertyAccess(display: display).atom("UTF8_STRING"), 8,
                    PropModeAppend, &nothing, 0)
    return XEventPump.propertyChangeTime(display, window: window, property: property)
}

/// ICCCM 2.8: tells clients on the root window that the selection has a new owner (MANAGER).
private func announce(_ display: OpaquePointer, root: Window, selection: Atom, owner: Window, time: Time) {
    var event = XEvent()
    event.xclient.type = ClientMessage
    event.xclient.display = display
    event.xclient.window = root
    event.xclient.message_type = XPropertyAccess(display: display).atom("MANAGER")
    event.xclient.format = 32
    event.xclient.data.l.0 = Int(time)
    event.xclient.data.l.1 = Int(selection)
    event.xclient.data.l.2 = Int(owner)
    XSendEvent(display, root, 0, StructureNotifyMask, &event)
}
