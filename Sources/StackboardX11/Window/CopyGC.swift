import CX11

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
