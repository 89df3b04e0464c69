import CCairoPango
import CX11
import StackboardCore

/// What the pointer does on the summon button, in root pixels (the button moves under a
/// dragging pointer, so its own pixels would move with it).
public enum SummonInput: Equatable, Sendable {
    /// Button 1 went down on the button.
    case press(Point)
    /// The pointer moved with button 1 down (X's implicit grab of a press keeps them coming
    /// when the pointer leaves the button; nothing is grabbed by the keyboard).
    case move(Point)
    /// Button 1 went up.
    case release(Point)
    /// The button was unmapped with a press under way: it comes to nothing.
    case cancel
}

/// The summon button's window: a small round window that brings the hidden keyboard back.
///
/// Like the keyboard it never takes the focus (WM_HINTS input False, no WM_TAKE_FOCUS, never
/// XSetInputFocus, no grabs), floats above other windows on every desktop and stays out of task
/// bars and pagers (a utility window, undecorated, `_NET_WM_STATE_ABOVE`, `STICKY`,
/// `SKIP_TASKBAR`, `SKIP_PAGER`). It is cut to a disc with the X Shape extension, both what is
/// drawn and what takes input, so it looks round without a compositor and a press beside the
/// disc goes to the window below. Its pixels live in a back buffer (exposes are copied from
/// it). Added to the pump, it reports `.summon` events for button 1 on it.
public final class SummonWindow {
    /// The X window id.
    public let windowID: UInt
    private let connection: XConnection
    private let gc: GC
    private var buffer: BackBuffer
    /// The side of the button in pixels.
    public let diameter: Int
    /// Whether the server has it mapped now.
    public private(set) var isMapped = false
    /// Whether a press is under way (between `.press` and `.release`).
    private var pressed = false
    /// Whether the server has the Shape extension (without it the button is a square).
    public let isShaped: Bool
    private var destroyed = false

    /// A button `diameter` pixels across, not mapped yet; `paint` draws it once on its back
    /// buffer (a `cairo_surface_t *` reference it owns, and the size).
    public init(connection: XConnection, diameter: Int, paint: (OpaquePointer, Size) -> Void) throws(WindowError) {
        let display = connection.display
        let side = max(8, diameter)
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = 0 // None: the back buffer is copied in on expose
        attributes.event_mask = ExposureMask | StructureNotifyMask | VisibilityChangeMask | ButtonPressMask | ButtonReleaseMask
            | Button1MotionMask
        let id = XCreateWindow(display, connection.root, 0, 0, UInt32(side), UInt32(side), 0, 0 /* CopyFromParent */,
                               UInt32(InputOutput), nil, UInt(CWBackPixmap | CWEventMask), &attributes)
        guard id != 0 else { throw WindowError(description: "cannot create the summon button's window on '\(connection.name)'") }
        let size = Size(width: side, height: side)
        (gc, buffer) = try makeCopyTarget(connection, window: id, size: size, what: "the summon button's window")
        self.connection = connection
        self.windowID = id
        self.diameter = side
        var event: Int32 = 0, error: Int32 = 0
        isShaped = XShapeQueryExtension(display, &event, &error) != 0
        if isShaped { shapeToDisc() }
        setProperties()
        paint(cairo_surface_reference(buffer.surface), size)
        buffer.flush()
    }

    private var properties: WindowProperties {
        WindowProperties(display: connection.display, window: windowID, atoms: connection.atoms)
    }

    private var wantedStates: [Atom] {
        let a = connection.atoms
        return [a.netWMStateAbove, a.netWMStateSticky, a.netWMStateSkipTaskbar, a.netWMStateSkipPager]
    }

    /// Both the bounding and the input shape: one rectangle per row of the disc.
    private func shapeToDisc() {
        DiscShape.apply(display: connection.display, window: windowID, diameter: diameter, origin: Point(x: 0, y: 0))
    }

    private func setProperties() {
        let p = properties
        p.setTitle("Stackboard: show the keyboard")
        p.setClass(instance: "stackboard-summon", className: "Stackboard")
        p.setProcess()
        p.setNoInputHints()
        p.setDeleteProtocolOnly()
        let frame = Rect(x: 0, y: 0, width: diameter, height: diameter)
        p.setNormalHints(frame: frame, userSpecified: true, minimum: Size(width: diameter, height: diameter))
        p.setUndecorated()
        p.setWindowType(connection.atoms.netWMWindowTypeUtility)
        p.setStates(wantedStates)
        p.setAllDesktops()
    }

    /// Maps the button at `frame`'s corner (root pixels), raised above other windows.
    public func show(at frame: Rect) {
        guard !destroyed else { return }
        if !isMapped {
            // The window manager deletes the states when a window is withdrawn (EWMH).
            properties.setStates(wantedStates)
            properties.setAllDesktops()
            let p = properties
            p.setNormalHints(frame: Rect(x: frame.x, y: frame.y, width: diameter, height: diameter), userSpecified: true,
                             minimum: Size(width: diameter, height: diameter))
        }
        XMoveWindow(connection.display, windowID, Int32(frame.x), Int32(frame.y))
        XMapRaised(connection.display, windowID)
    }

    /// Moves the button (a drag): its top-left corner to `frame`'s (root pixels).
    public func move(to frame: Rect) {
        guard !destroyed else { return }
        XMoveWindow(connection.display, windowID, Int32(frame.x), Int32(frame.y))
    }

    /// Unmaps the button.
    public func hide() {
        guard !destroyed else { return }
        XUnmapWindow(connection.display, windowID)
    }

    deinit {
        XFreeGC(connection.display, gc)
        if !destroyed { XDestroyWindow(connection.display, windowID) }
        connection.flush()
    }
}

extension SummonWindow: XEventHandler {
    /// The button's own events.
    public var routes: [XEventRoute] { [.window(windowID)] }

    /// Turns button 1 on the button into `.summon` events; answers exposes from the back buffer.
    public func handle(_ event: XEventRef, in batch: inout XEventBatch) -> Bool {
        let e = event.pointer.pointee
        switch e.type {
        case ButtonPress where e.xbutton.window == windowID:
            guard e.xbutton.button == UInt32(Button1) else { return true }
            pressed = true
            batch.append(.summon(.press(Point(x: Int(e.xbutton.x_root), y: Int(e.xbutton.y_root)))))
        case MotionNotify where e.xmotion.window == windowID:
            if pressed { batch.append(.summon(.move(Point(x: Int(e.xmotion.x_root), y: Int(e.xmotion.y_root))))) }
        case ButtonRelease where e.xbutton.window == windowID:
            guard e.xbutton.button == UInt32(Button1), pressed else { return true }
            pressed = false
            batch.append(.summon(.release(Point(x: Int(e.xbutton.x_root), y: Int(e.xbutton.y_root)))))
        case Expose where e.xexpose.window == windowID:
            buffer.copy([Rect(x: Int(e.xexpose.x), y: Int(e.xexpose.y), width: Int(e.xexpose.width),
                              height: Int(e.xexpose.height))], to: windowID, gc: gc)
        case MapNotify where e.xmap.window == windowID:
            isMapped = true
            // Some window managers read _NET_WM_STATE only from client messages once mapped.
            properties.requestStates(wantedStates, root: connection.root)
        case UnmapNotify where e.xunmap.window == windowID:
            isMapped = false
            if pressed {
                pressed = false
                batch.append(.summon(.cancel))
            }
        case VisibilityNotify where e.xvisibility.window == windowID:
            // Covered whole (no window manager keeps it above): it raises itself; the focus stays.
            if e.xvisibility.state == VisibilityFullyObscured { XRaiseWindow(connection.display, windowID) }
        case DestroyNotify where e.xdestroywindow.window == windowID:
            destroyed = true
            isMapped = false
        case ConfigureNotify, ReparentNotify, ClientMessage, PropertyNotify:
            break // the window manager's chores: nothing to do
        default:
            return false
        }
        return true
    }
}
