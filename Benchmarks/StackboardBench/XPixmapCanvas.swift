import CX11
import CXlibCairo
import StackboardRender

/// An X pixmap on `$DISPLAY` with a cairo surface on it, as the keyboard window's back buffer
/// is made: painting there is done by the X server (XRender), so a timing includes the server's
/// work when it ends with `sync()`. Owns the connection, the pixmap and the surface.
final class XPixmapCanvas {
    let surface: CairoSurface
    private let display: OpaquePointer
    private let pixmap: Pixmap

    /// A canvas of `width` x `height`; nil when no display can be opened.
    init?(width: Int, height: Int) throws {
        guard let display = XOpenDisplay(nil) else { return nil }
        let screen = XDefaultScreen(display)
        let root = XRootWindow(display, screen)
        let pixmap = XCreatePixmap(display, root, UInt32(width), UInt32(height), UInt32(XDefaultDepth(display, screen)))
        guard pixmap != 0,
              let raw = stackboard_cairo_xlib_surface_create(UnsafeMutableRawPointer(display), pixmap, screen,
                                                              Int32(width), Int32(height)) else {
            XCloseDisplay(display)
            throw BenchUsageError("cannot make a \(width)x\(height) pixmap with a cairo surface on $DISPLAY")
        }
        do {
            surface = try CairoSurface(taking: OpaquePointer(raw))
        } catch {
            XFreePixmap(display, pixmap)
            XCloseDisplay(display)
            throw BenchUsageError("cannot paint on a pixmap: \(error)")
        }
        self.display = display
        self.pixmap = pixmap
    }

    /// Sends what cairo has queued and waits until the server has done it.
    func sync() {
        surface.flush()
        XSync(display, 0)
    }

    deinit {
        XFreePixmap(display, pixmap)
        XCloseDisplay(display)
    }
}
