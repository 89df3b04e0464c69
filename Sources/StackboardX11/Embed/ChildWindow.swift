import CCairoPango
import CX11
import StackboardCore

/// A window inside another application's window, on that application's display connection
/// (borrowed: never closed or flushed behind its back beyond what drawing needs). It paints
/// through a back buffer like the keyboard window and turns button 1 into `InputEvent`s.
/// Used by StackboardKit's `Keypad`. Destroy it before the display is closed.
public final class ChildWindow {
    /// The X window id.
    public let windowID: UInt
    /// Where it sits in its parent, in the parent's pixels.
    public private(set) var frame: Rect
    /// Counts back buffers: a new one (after `setFrame` changed the size) means a new surface.
    public private(set) var bufferGeneration = 0
    /// True once someone destroyed the window (its parent went): nothing more is drawn.
    public private(set) var isDestroyed = false

    private let display: OpaquePointer
    private let screen: Int32
    private let gc: GC
    private var buffer: BackBuffer
    private var bufferIsPainted = false
    private var pointer = PointerTranslator()

    /// Creates and maps a child of `parent` at `frame` (with the screen's default visual, so any
    /// parent will do).
    public init(display: OpaquePointer, parent: UInt, frame: Rect) throws(WindowError) {
        let screen = XDefaultScreen(display)
        let size = Size(width: max(1, frame.width), height: max(1, frame.height))
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = 0 // None: exposed areas keep their pixels until we copy
        attributes.bit_gravity = NorthWestGravity
        attributes.border_pixel = 0
        attributes.colormap = XDefaultColormap(display, screen)
        attributes.event_mask = ExposureMask | StructureNotifyMask | ButtonPressMask | ButtonReleaseMask | Button1MotionMask
        let id = XCreateWindow(display, Window(parent), Int32(frame.x), Int32(frame.y), UInt32(size.width), UInt32(size.height),
                               0, XDefaultDepth(display, screen), UInt32(InputOutput), XDefaultVisual(display, screen),
                               UInt(CWBackPixmap | CWBitGravity | CWBorderPixel | CWColormap | CWEventMask), &attributes)
        guard id != 0, let gc = makeCopyGC(display, id) else {
            throw WindowError(description: "cannot create the keypad window in window 0x\(String(parent, radix: 16))")
        }
        do {
            buffer = try BackBuffer(display: display, owner: nil, window: id, screen: screen, size: size)
        } catch {
            XFreeGC(display, gc)
            XDestroyWindow(display, id)
            throw error
        }
        self.display = display
        self.screen = screen
        self.gc = gc
        self.windowID = id
        self.frame = Rect(x: frame.x, y: frame.y, width: size.width, height: size.height)
        WindowProperties(display: display, window: id, atoms: Atoms(display: display))
            .setClass(instance: "stackboard-keypad", className: "Stackboard")
        XMapWindow(display, id)
    }

    /// The size in pixels.
    public var size: Size { Size(width: frame.width, height: frame.height) }

    /// Whether anything can still be drawn (false once the window was destroyed).
    public var isUsable: Bool { !isDestroyed }

    /// Moves and resizes the window; a new size gets a new back buffer (paint everything again).
    public func setFrame(_ newFrame: Rect) throws(WindowError) {
        guard !isDestroyed else { return }
        let size = Size(width: max(1, newFrame.width), height: max(1, newFrame.height))
        XMoveResizeWindow(display, windowID, Int32(newFrame.x), Int32(newFrame.y), UInt32(size.width), UInt32(size.height))
        if size != buffer.size {
            buffer = try BackBuffer(display: display, owner: nil, window: windowID, screen: screen, size: size)
            bufferGeneration += 1
            bufferIsPainted = false
        }
        frame = Rect(x: newFrame.x, y: newFrame.y, width: size.width, height: size.height)
    }

    /// A new reference (the caller owns it) to the back buffer's cairo surface
    /// (`cairo_surface_t *`). Paint there, then `present`.
    public func retainedSurface() -> OpaquePointer {
        cairo_surface_reference(buffer.surface)
    }

    /// Copies these rectangles of the back buffer to the window.
    public func present(_ rects: [Rect]) {
        guard !isDestroyed, !rects.isEmpty else { return }
        buffer.copy(rects, to: windowID, gc: gc)
        XFlush(display) // the host may poll its socket without flushing first
    }

    /// Copies the whole back buffer (after a full repaint).
    public func presentAll() {
        bufferIsPainted = true
        present([Rect(size: size)])
    }

    /// Looks at one event of the host's queue. Returns nil when it is not this window's; else
    /// the pointer input it carried (often none: exposes are answered here from the back buffer).
    public func handle(_ event: UnsafeMutablePointer<XEvent>) -> [InputEvent]? {
        let e = event.pointee
        switch e.type {
        case ButtonPress where e.xbutton.window == windowID:
            return pointer.press(button: e.xbutton.button, x: e.xbutton.x, y: e.xbutton.y).map { [$0] } ?? []
        case ButtonRelease where e.xbutton.window == windowID:
            return pointer.release(button: e.xbutton.button, x: e.xbutton.x, y: e.xbutton.y).map { [$0] } ?? []
        case MotionNotify where e.xmotion.window == windowID:
            return pointer.motion(state: e.xmotion.state, x: e.xmotion.x, y: e.xmotion.y, trackHover: false).map { [$0] } ?? []
        case Expose where e.xexpose.window == windowID:
            if bufferIsPainted, !isDestroyed {
                buffer.copy([Rect(x: Int(e.xexpose.x), y: Int(e.xexpose.y), width: Int(e.xexpose.width),
                                  height: Int(e.xexpose.height))], to: windowID, gc: gc)
            }
            return []
        case UnmapNotify where e.xunmap.window == windowID:
            return pointer.cancel().map { [$0] } ?? []
        case DestroyNotify where e.xdestroywindow.window == windowID:
            isDestroyed = true
            return pointer.cancel().map { [$0] } ?? []
        case ConfigureNotify where e.xconfigure.window == windowID, MapNotify where e.xmap.window == windowID,
             ReparentNotify where e.xreparent.window == windowID, GravityNotify where e.xgravity.window == windowID:
            return []
        default:
            return nil
        }
    }

    deinit {
        XFreeGC(display, gc)
        if !isDestroyed { XDestroyWindow(display, windowID) }
        XFlush(display)
    }
}
