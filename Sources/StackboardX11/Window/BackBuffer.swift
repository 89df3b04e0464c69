import CCairoPango
import CX11
import CXlibCairo
import StackboardCore

/// Why the keyboard window or one of its off-screen surfaces could not be made.
public struct WindowError: Error, CustomStringConvertible {
    /// What failed.
    public let description: String
    /// An error saying what failed.
    public init(description: String) { self.description = description }
}

/// An off-screen X pixmap the size of a window with a cairo surface on it. Painting goes
/// here; `copy` puts rectangles of it on the window, so the window never shows half a frame.
/// The cairo surface is made at its first use: a keyboard that shows a cached first frame
/// (put into the pixmap with XPutImage) does not wait for cairo's X setup (its RENDER and
/// MIT-SHM queries) before its window maps.
final class BackBuffer {
    let size: Size
    let pixmap: Pixmap
    private let display: OpaquePointer
    private let screen: Int32
    /// What keeps `display` open (the `XConnection`) until the pixmap is freed: Swift releases
    /// a window's stored properties in no fixed order, and freeing the pixmap on a closed
    /// display corrupts the heap.
    private let displayOwner: AnyObject?
    private var madeSurface: OpaquePointer?

    /// A pixmap of `size` for `window` (same depth as the screen's default visual). `owner`,
    /// if given, is kept alive as long as the buffer (pass the connection that owns `display`).
    init(display: OpaquePointer, owner: AnyObject?, window: Window, screen: Int32, size: Size) throws(WindowError) {
        let width = max(1, size.width), height = max(1, size.height)
        let depth = UInt32(XDefaultDepth(display, screen))
        let pixmap = XCreatePixmap(display, window, UInt32(width), UInt32(height), depth)
        guard pixmap != 0 else { throw WindowError(description: "cannot create a \(width)x\(height) pixmap") }
        self.display = display
        self.screen = screen
        self.displayOwner = owner
        self.pixmap = pixmap
        self.size = Size(width: width, height: height)
    }

    /// The cairo surface (`cairo_surface_t *`) drawing on the pixmap, made at the first call.
    /// When cairo cannot make one, a surface in an error state (painting on it reports why).
    var surface: OpaquePointer {
        if let madeSurface { return madeSurface }
        let made = OpaquePointer(stackboard_cairo_xlib_surface_make(UnsafeMutableRawPointer(display), pixmap, screen,
                                                                    Int32(size.width), Int32(size.height)))
        madeSurface = made
        return made
    }

    /// Finishes cairo's pending drawing on the pixmap (nothing when cairo never drew on it).
    func flush() {
        if let madeSurface { cairo_surface_flush(madeSurface) }
    }

    /// Tells cairo that the pixmap was drawn on behind its back (nothing when cairo never drew).
    func markDirty() {
        if let madeSurface { cairo_surface_mark_dirty(madeSurface) }
    }

    /// Copies `rects` (clipped to the buffer) to the same place on `window`.
    func copy(_ rects: [Rect], to window: Window, gc: GC) {
        flush()
        let bounds = Rect(size: size)
        for rect in rects {
            guard let r = clip(rect, to: bounds) else { continue }
            XCopyArea(display, pixmap, window, gc, Int32(r.x), Int32(r.y), UInt32(r.width), UInt32(r.height),
                      Int32(r.x), Int32(r.y))
        }
    }

    private func clip(_ rect: Rect, to bounds: Rect) -> Rect? {
        let x = max(rect.x, bounds.x), y = max(rect.y, bounds.y)
        let maxX = min(rect.maxX, bounds.maxX), maxY = min(rect.maxY, bounds.maxY)
        guard maxX > x, maxY > y else { return nil }
        return Rect(x: x, y: y, width: maxX - x, height: maxY - y)
    }

    deinit {
        if let madeSurface {
            cairo_surface_finish(madeSurface)
            cairo_surface_destroy(madeSurface)
        }
        XFreePixmap(display, pixmap)
    }
}
