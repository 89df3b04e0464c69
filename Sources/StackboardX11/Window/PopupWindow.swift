import CCairoPango
import CX11
import StackboardCore

/// A popup of the keyboard (the alternates, the key preview): an override-redirect window (never
/// managed, never focused, selecting no input) shown above a key; it may reach above the
/// keyboard's top edge. Its input region is empty (X Shape): a press where it is shown goes to
/// the window below, so a quick next tap on the keys a preview covers is never lost. Its pixels live in a back buffer, so exposes are answered without
/// repainting.
final class PopupWindow {
    let id: Window
    private let connection: XConnection
    private let gc: GC
    private var buffer: BackBuffer?
    private(set) var isShown = false

    /// A popup window (not shown yet) with WM_CLASS instance `instance`; `purpose` names it in errors.
    init(connection: XConnection, instance: String = "stackboard-popup", purpose: String = "the alternates popup") throws(WindowError) {
        let display = connection.display
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.save_under = 1
        attributes.background_pixmap = 0 // None: the server never clears it to a colour first
        attributes.event_mask = ExposureMask
        let id = XCreateWindow(display, connection.root, 0, 0, 1, 1, 0, 0 /* CopyFromParent */,
                               UInt32(InputOutput), nil,
                               UInt(CWOverrideRedirect | CWSaveUnder | CWBackPixmap | CWEventMask), &attributes)
        guard id != 0, let gc = makeCopyGC(display, id) else {
            throw WindowError(description: "cannot create the window of \(purpose)")
        }
        self.id = id
        self.gc = gc
        self.connection = connection
        var event: Int32 = 0, error: Int32 = 0
        if XShapeQueryExtension(display, &event, &error) != 0 {
            XShapeCombineRectangles(display, id, ShapeInput, 0, 0, nil, 0, ShapeSet, Unsorted)
        }
        WindowProperties(display: display, window: id, atoms: connection.atoms)
            .setClass(instance: instance, className: "Stackboard")
    }

    /// Shows the popup at `frame` (root coordinates) with contents painted by `paint` on a
    /// cairo surface (`cairo_surface_t *`, a new reference that `paint` owns) of the frame's size.
    func show(frame: Rect, paint: (OpaquePointer, Size) -> Void) throws(WindowError) {
        let display = connection.display
        let size = Size(width: max(1, frame.width), height: max(1, frame.height))
        if buffer?.size != size {
            buffer = nil
            buffer = try BackBuffer(display: display, owner: connection, window: id, screen: connection.screen, size: size)
        }
        guard let buffer else { return }
        paint(cairo_surface_reference(buffer.surface), size)
        XMoveResizeWindow(display, id, Int32(frame.x), Int32(frame.y), UInt32(size.width), UInt32(size.height))
        if !isShown {
            XMapRaised(display, id)
            isShown = true
        } else {
            XRaiseWindow(display, id)
        }
        buffer.copy([Rect(size: size)], to: id, gc: gc)
    }

    /// Hides the popup.
    func hide() {
        guard isShown else { return }
        XUnmapWindow(connection.display, id)
        isShown = false
    }

    /// Answers an Expose of the popup from its back buffer.
    func expose(_ rect: Rect) {
        guard isShown, let buffer else { return }
        buffer.copy([rect], to: id, gc: gc)
    }

    deinit {
        buffer = nil
        XFreeGC(connection.display, gc)
        XDestroyWindow(connection.display, id)
    }
}
