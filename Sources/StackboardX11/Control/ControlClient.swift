import CX11
import StackboardCore
#if canImport(Glibc)
import Glibc
#endif

/// The sending end of the control protocol (see `ControlAtomName`): finds the keyboard that
/// owns the display's selection and sends it a command. No daemon: it works wherever the X
/// display does.
public enum ControlClient {
    /// Sends `command` to the keyboard running on `displayName` (nil: `$DISPLAY`). Returns once
    /// the server has the message; throws `.notRunning` when no keyboard owns the selection.
    public static func send(_ command: ControlCommand, displayName: String?) throws(ControlError) {
        if case .layout(let name) = command {
            guard !name.isEmpty else { throw .invalidRequest("the layout name is empty") }
            guard name.utf8.count <= maxControlTextBytes else {
                throw .invalidRequest("the layout name is longer than \(maxControlTextBytes) bytes")
            }
        }
        let connection = try ClientConnection(displayName: displayName)
        try connection.withErrorsIgnored { () throws(ControlError) in
            let owner = try connection.owner()
            let access = XPropertyAccess(display: connection.display)
            if case .layout(let name) = command {
                access.setText(name, on: owner, property: access.atom(ControlAtomName.layoutRequest))
            }
            var event = XEvent()
            event.xclient.type = ClientMessage
            event.xclient.display = connection.display
            event.xclient.window = owner
            event.xclient.message_type = access.atom(ControlAtomName.message)
            event.xclient.format = 32
            event.xclient.data.l.0 = command.wireCode
            event.xclient.data.l.1 = command.wireArgument
            let failed = XErrorTrap.failed(on: connection.display) {
                XSendEvent(connection.display, owner, 0, NoEventMask, &event)
            }
            // BadWindow: the keyboard exited between the lookup and the send. (Checking the owner
            // again instead would be wrong: after `quit` it is rightly gone already.)
            guard !failed else { throw .notRunning(display: connection.name) }
        }
    }

    /// The running keyboard's control window and what it has published; throws `.notRunning`.
    public static func status(displayName: String?) throws(ControlError) -> ControlStatus {
        let connection = try ClientConnection(displayName: displayName)
        return try connection.withErrorsIgnored { () throws(ControlError) in
            let owner = try connection.owner()
            let access = XPropertyAccess(display: connection.display)
            let state = access.text(on: owner, property: access.atom(ControlAtomName.state))
            let layout = access.text(on: owner, property: access.atom(ControlAtomName.layout))
            let monitor = access.text(on: owner, property: access.atom(ControlAtomName.monitor))
            let keyboard = PropertyReader(display: connection.display)
                .values(access.atom(ControlAtomName.keyboardWindow), of: owner, type: Atom(XA_WINDOW)).first
            var status = ControlStatus(window: UInt(owner), state: state, layout: layout, monitor: monitor,
                                       geometry: keyboard.flatMap { connection.rootFrame(of: Window($0)) })
            status.dwellClick = access.text(on: owner, property: access.atom(ControlAtomName.dwellClick)).flatMap { Int($0) }
            status.scan = access.text(on: owner, property: access.atom(ControlAtomName.scan))
            return status
        }
    }

    /// The control window of the keyboard running on `displayName`, or nil when none runs.
    public static func runningKeyboard(displayName: String?) throws(ControlError) -> UInt? {
        let connection = try ClientConnection(displayName: displayName)
        do {
            return UInt(try connection.owner())
        } catch .notRunning {
            return nil
        }
    }
}

/// A short-lived connection of the client, closed in `deinit`.
private final class ClientConnection {
    let display: OpaquePointer
    let name: String
    private let screen: Int32

    /// Opens `displayName`, or `$DISPLAY` when nil or empty. Never falls back to another display.
    init(displayName: String?) throws(ControlError) {
        let requested: String
        if let given = displayName, !given.isEmpty {
            requested = given
        } else if let env = getenv("DISPLAY"), env.pointee != 0 {
            requested = String(cString: env)
        } else {
            throw .noDisplay
        }
        XErrorTrap.install()
        guard let display = XOpenDisplay(requested) else { throw .cannotOpenDisplay(requested) }
        self.display = display
        self.name = requested
        self.screen = XDefaultScreen(display)
        // A button a killed keyboard's drag left down is released by the next command.
        HeldButton.releaseAbandoned(display)
    }

    /// The window owning the keyboard selection of the default screen; `.notRunning` if none.
    func owner() throws(ControlError) -> Window {
        let access = XPropertyAccess(display: display)
        let selection = access.atom(ControlAtomName.selection(screen: screen), onlyIfExists: true)
        guard selection != 0 else { throw .notRunning(display: name) }
        let owner = XGetSelectionOwner(display, selection)
        guard owner != 0 else { throw .notRunning(display: name) }
        return owner
    }

    /// The frame of `window` on the root window (nil: gone).
    func rootFrame(of window: Window) -> Rect? {
        var root: Window = 0, child: Window = 0
        var x: Int32 = 0, y: Int32 = 0, rootX: Int32 = 0, rootY: Int32 = 0
        var width: UInt32 = 0, height: UInt32 = 0, border: UInt32 = 0, depth: UInt32 = 0
        guard window != 0, XGetGeometry(display, window, &root, &x, &y, &width, &height, &border, &depth) != 0,
              XTranslateCoordinates(display, window, root, 0, 0, &rootX, &rootY, &child) != 0 else { return nil }
        return Rect(x: Int(rootX), y: Int(rootY), width: Int(width), height: Int(height))
    }

    /// Runs `body` with X protocol errors recorded and then forgotten (the keyboard's window may
    /// vanish at any moment: `XErrorTrap.failed` tells where that matters).
    func withErrorsIgnored<T>(_ body: () throws(ControlError) -> T) throws(ControlError) -> T {
        XSync(display, 0)
        let before = XErrorTrap.count(display)
        defer {
            XSync(display, 0)
            XErrorTrap.drop(display, after: before)
        }
        return try body()
    }

    deinit {
        _ = XErrorTrap.take(display)
        XCloseDisplay(display)
    }
}
