import CCairoPango
import CX11
import StackboardCore
#if canImport(Glibc)
import Glibc
#endif

/// The keyboard's icon in an XEmbed system tray (the freedesktop.org System Tray protocol): the
/// fallback for panels without a StatusNotifierWatcher. The tray manager owns the selection
/// `_NET_SYSTEM_TRAY_S<screen>`; the icon asks it to dock with a `_NET_SYSTEM_TRAY_OPCODE`
/// SYSTEM_TRAY_REQUEST_DOCK message, and the manager reparents and maps it (`_XEMBED_INFO` says
/// XEMBED_MAPPED) at the size it chooses. A manager that starts later announces itself with a
/// `MANAGER` message to the root, and the icon docks then; one that goes away leaves the icon
/// unmapped. The icon is cut to a disc (X Shape), so the panel shows around it; a click (button 1)
/// reports `.trayClicked`. It has no menu: nothing here grabs the pointer or opens a window.
public final class TrayIconWindow {
    /// The icon's window.
    public let windowID: UInt
    private let connection: XConnection
    private let gc: GC
    private var buffer: BackBuffer
    private let paint: (OpaquePointer, Size) -> Void
    private let selection: Atom
    private let opcode: Atom
    private let manager: Atom
    /// The tray manager's window the icon docked with (0: none).
    public private(set) var trayWindow: Window = 0
    /// Whether the icon should be in a tray (it follows managers that come and go while it is).
    public private(set) var wanted = false
    private var pressed = false
    /// Whether the back buffer holds the picture (painted when the icon first docks: a keyboard
    /// whose panel shows the StatusNotifierItem never paints it).
    private var painted = false

    /// An icon window (not docked yet), first `side` pixels square; `paint` draws it on a cairo
    /// surface (`cairo_surface_t *`, a reference it owns) of the size the tray gives it.
    public init(connection: XConnection, side: Int, paint: @escaping (OpaquePointer, Size) -> Void) throws(WindowError) {
        let display = connection.display
        let size = Size(width: max(8, side), height: max(8, side))
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = 1 // ParentRelative: the panel shows around the disc
        attributes.event_mask = ExposureMask | StructureNotifyMask | ButtonPressMask | ButtonReleaseMask
        let id = XCreateWindow(display, connection.root, 0, 0, UInt32(size.width), UInt32(size.height), 0, 0,
                               UInt32(InputOutput), nil, UInt(CWBackPixmap | CWEventMask), &attributes)
        guard id != 0 else { throw WindowError(description: "cannot create the tray icon's window on '\(connection.name)'") }
        (gc, buffer) = try makeCopyTarget(connection, window: id, size: size, what: "the tray icon's window")
        self.connection = connection
        self.windowID = id
        self.paint = paint
        let wanted: [String] = ["_NET_SYSTEM_TRAY_S\(connection.screen)", "_NET_SYSTEM_TRAY_OPCODE", "MANAGER"]
        var names = wanted.map { strdup($0) }
        defer { names.forEach { free($0) } }
        var atoms = [Atom](repeating: 0, count: 3)
        _ = XInternAtoms(display, &names, 3, 0, &atoms)
        (selection, opcode, manager) = (atoms[0], atoms[1], atoms[2])
        let p = WindowProperties(display: display, window: id, atoms: connection.atoms)
        p.setTitle("Stackboard tray icon")
        p.setClass(instance: "stackboard-tray", className: "Stackboard")
        p.setInputHint(false, withState: false)
        // The size the icon asks for: GTK's tray (GtkSocket) reads the minimum, else gives 1x1.
        p.setNormalHints(frame: Rect(size: size), userSpecified: false, minimum: size)
        XEmbed.setInfo(display: display, window: id)
    }

    /// Asks the tray manager, if there is one, to dock the icon; returns whether there is one.
    /// From now on a manager that appears later gets the icon too.
    @discardableResult
    public func dock() -> Bool {
        wanted = true
        connection.selectRootEvents(StructureNotifyMask)
        return requestDock()
    }

    /// Takes the icon out of the tray (the panel shows the StatusNotifierItem instead).
    public func undock() {
        wanted = false
        guard trayWindow != 0 else { return }
        trayWindow = 0
        XUnmapWindow(connection.display, windowID)
        XReparentWindow(connection.display, windowID, connection.root, 0, 0)
    }

    private func requestDock() -> Bool {
        let display = connection.display
        let owner = XGetSelectionOwner(display, selection)
        guard owner != 0 else { return false }
        if !painted { repaint() }
        trayWindow = owner
        // Its destruction is the tray's end.
        connection.trappingErrors { _ = XSelectInput(display, owner, StructureNotifyMask) }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = owner
        event.xclient.message_type = opcode
        event.xclient.format = 32
        event.xclient.data.l.0 = 0 // CurrentTime
        event.xclient.data.l.1 = 0 // SYSTEM_TRAY_REQUEST_DOCK
        event.xclient.data.l.2 = Int(windowID)
        XSendEvent(display, owner, 0, NoEventMask, &event)
        connection.flush()
        return true
    }

    private func repaint() {
        painted = true
        paint(cairo_surface_reference(buffer.surface), buffer.size)
        buffer.flush()
        let side = min(buffer.size.width, buffer.size.height)
        DiscShape.apply(display: connection.display, window: windowID, diameter: side,
                        origin: Point(x: (buffer.size.width - side) / 2, y: (buffer.size.height - side) / 2))
    }

    deinit {
        XFreeGC(connection.display, gc)
        XDestroyWindow(connection.display, windowID)
        connection.flush()
    }
}

extension TrayIconWindow: XEventHandler {
    /// The icon's events, the root's (a `MANAGER` message) and every DestroyNotify (the tray's).
    public var routes: [XEventRoute] { [.window(windowID), .window(UInt(connection.root)), .type(DestroyNotify)] }

    /// Reports a click as `.trayClicked`; docks with a new tray manager; repaints at a new size.
    public func handle(_ event: XEventRef, in batch: inout XEventBatch) -> Bool {
        let e = event.pointer.pointee
        switch e.type {
        case ClientMessage where e.xclient.window == connection.root && e.xclient.message_type == manager:
            guard Atom(e.xclient.data.l.1) == selection else { return false }
            if wanted { _ = requestDock() }
        case DestroyNotify where trayWindow != 0 && e.xdestroywindow.window == trayWindow:
            trayWindow = 0
            XUnmapWindow(connection.display, windowID) // the server put it back on the root
        case ButtonPress where e.xbutton.window == windowID:
            pressed = e.xbutton.button == UInt32(Button1)
        case ButtonRelease where e.xbutton.window == windowID:
            if pressed, e.xbutton.button == UInt32(Button1) { batch.append(.trayClicked) }
            pressed = false
        case Expose where e.xexpose.window == windowID:
            buffer.copy([Rect(x: Int(e.xexpose.x), y: Int(e.xexpose.y), width: Int(e.xexpose.width),
                              height: Int(e.xexpose.height))], to: windowID, gc: gc)
        case ConfigureNotify where e.xconfigure.window == windowID:
            let size = Size(width: max(1, Int(e.xconfigure.width)), height: max(1, Int(e.xconfigure.height)))
            if size != buffer.size, let fresh = try? BackBuffer(display: connection.display, owner: connection, window: windowID,
                                                                screen: connection.screen, size: size) {
                buffer = fresh
                repaint()
                buffer.copy([Rect(size: size)], to: windowID, gc: gc)
            }
        case MapNotify where e.xany.window == windowID, UnmapNotify where e.xany.window == windowID,
             ReparentNotify where e.xany.window == windowID, DestroyNotify where e.xany.window == windowID:
            break
        default:
            return false
        }
        return true
    }
}
