import CX11
import StackboardCore

/// A graphics context for copying a back buffer onto its window, with graphics exposures off.
///
/// X's default GC asks for them: every `XCopyArea` then makes the server send a `NoExpose`
/// event back (or `GraphicsExpose` for the parts it could not copy). The keyboard copies from a
/// pixmap it owns in full, so they carry nothing, but each one is an event written and read,
/// and a wake-up of the keyboard after its repaint, for nothing.
func makeCopyGC(_ display: OpaquePointer, _ drawable: Drawable) -> GC? {
    var values = XGCValues()
    values.graphics_exposures = 0
    return XCreateGC(display, drawable, UInt(GCGraphicsExposures), &values)
}

/// What a window painted from a back buffer needs for its new window `id` (just created): the
/// copy GC and a back buffer of `size`. When either cannot be made, both and the window are
/// freed and `what` names the window in the error.
func makeCopyTarget(_ connection: XConnection, window id: Window, size: Size,
                    what: String) throws(WindowError) -> (gc: GC, buffer: BackBuffer) {
    let display = connection.display
    guard let gc = makeCopyGC(display, id) else {
        XDestroyWindow(display, id)
        throw WindowError(description: "cannot create \(what) on '\(connection.name)'")
    }
    do throws(WindowError) {
        let buffer = try BackBuffer(display: display, owner: connection, window: id, screen: connection.screen, size: size)
        return (gc, buffer)
    } catch {
        XFreeGC(display, gc)
        XDestroyWindow(display, id)
        throw error
    }
}
