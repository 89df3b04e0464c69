import CCairoPango
import StackboardCore

/// The picture of the summon button and the tray icon: a disc in the theme's accent colour with
/// a small keyboard drawn on it (a key outline, three rows of keys, a space bar), in the accent's
/// label colour. No text, so it needs no fonts and paints in a fraction of a millisecond.
public enum SummonIconPainter {
    /// Paints the icon filling `size` on the surface `surface` (a `cairo_surface_t *` reference
    /// the caller gives away). `round`: a disc with a thin outline (the button); else the
    /// square's background is cleared to transparent first (a tray icon on the panel's colour).
    public static func paint(taking surface: OpaquePointer, size: Size, theme: Theme, round: Bool) throws(RenderError) {
        let context = try CairoContext(surface: try CairoSurface(taking: surface))
        paint(context, size: size, theme: theme, round: round)
        context.surface.flush()
        try context.check()
    }

    /// The icon as `side`×`side` ARGB32 pixels, premultiplied, row by row (a StatusNotifierItem's
    /// IconPixmap takes them in this order, each pixel big-endian).
    public static func pixels(side: Int, theme: Theme) throws(RenderError) -> [UInt32] {
        let image = try ImageSurface(width: side, height: side)
        let context = try CairoContext(surface: image)
        paint(context, size: Size(width: side, height: side), theme: theme, round: true)
        image.flush()
        try context.check()
        return image.pixels()
    }

    static func paint(_ c: CairoContext, size: Size, theme: Theme, round: Bool) {
        let w = Double(size.width), h = Double(size.height)
        let side = min(w, h)
        let (cx, cy) = (w / 2, h / 2)
        c.save()
        cairo_set_operator(c.handle, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(c.handle, 0, 0, 0, 0)
        cairo_paint(c.handle)
        cairo_set_operator(c.handle, CAIRO_OPERATOR_OVER)
        // The disc; on a shaped window its outer pixel rows are cut by the shape, so the
        // outline sits a little inside.
        cairo_new_sub_path(c.handle)
        cairo_arc(c.handle, cx, cy, side / 2, 0, 2 * Double.pi)
        c.setColor(theme.accent.fill)
        cairo_fill(c.handle)
        if round {
            let ring = max(1, side / 28)
            c.strokeArc(center: (cx, cy), radius: side / 2 - ring * 1.5, start: 0, end: 2 * Double.pi,
                        width: ring, color: theme.accent.label.withAlpha(0.5))
        }
        // The keyboard: an outline about half the disc wide, keys in three rows, a space bar.
        let small = side < 30
        let kw = side * (small ? 0.72 : 0.56), kh = side * (small ? 0.46 : 0.36)
        let body = RectD(x: cx - kw / 2, y: cy - kh / 2, width: kw, height: kh)
        let line = max(1, side / 30)
        c.strokeRoundedInside(body, radius: side * 0.05, width: line, color: theme.accent.label)
        let inner = body.insetBy(small ? line + 1 : line * 2)
        // Small (a tray's 22 pixels): fewer, bigger keys, so that they stay keys.
        let (keyColumns, keyRows) = small ? (3, 1) : (6, 3)
        let columns = Double(keyColumns), rows = Double(keyRows + 1)
        let gap = max(1, side / 56)
        let keyW = (inner.width - gap * (columns - 1)) / columns
        let keyH = (inner.height - gap * (rows - 1)) / rows
        for row in 0..<keyRows {
            for column in 0..<keyColumns {
                let x = inner.x + Double(column) * (keyW + gap), y = inner.y + Double(row) * (keyH + gap)
                c.fillRect(RectD(x: x, y: y, width: keyW, height: keyH), color: theme.accent.label)
            }
        }
        let spaceY = inner.y + Double(keyRows) * (keyH + gap)
        c.fillRect(RectD(x: inner.x + keyW + gap, y: spaceY, width: inner.width - 2 * (keyW + gap), height: keyH),
                   color: theme.accent.label)
        c.restore()
    }
}
