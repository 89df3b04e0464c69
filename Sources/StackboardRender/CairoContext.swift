import CCairoPango
import StackboardCore

/// A cairo drawing context (`cairo_t *`) on a surface, destroyed in deinit.
public final class CairoContext {
    /// The owned cairo context.
    let handle: OpaquePointer
    /// The surface it draws on (kept alive as long as the context).
    public let surface: CairoSurface

    /// A context drawing on `surface` (`cairo_create`).
    public init(surface: CairoSurface) throws(RenderError) {
        guard let made = cairo_create(surface.handle) else {
            throw RenderError("cannot make a cairo context: out of memory?")
        }
        try RenderError.check(cairo_status(made), "cannot draw on the surface", hint: "check that the window or image still exists") {
            cairo_destroy(made)
        }
        handle = made
        self.surface = surface
    }

    /// Destroyed holding `TextLock`: the context may hold the last reference to a font.
    deinit { TextLock.held { cairo_destroy(handle) } }

    /// Throws when cairo has entered an error state (`cairo_status`); drawing then does nothing.
    public func check() throws(RenderError) {
        try RenderError.check(cairo_status(handle), "drawing failed", hint: "check that the window or image still exists")
    }

    /// Fills `rect` with `color`, replacing what was there (no blending).
    public func fill(_ rect: Rect, with color: Color) {
        cairo_save(handle)
        cairo_set_operator(handle, CAIRO_OPERATOR_SOURCE)
        setColor(color)
        cairo_rectangle(handle, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        cairo_fill(handle)
        cairo_restore(handle)
    }

    /// Draws `source` over this context with its top-left corner at `origin`, only inside `clip`
    /// (everything when nil); pixels outside the source stay as they are. For double buffering:
    /// paint off-screen (an opaque `similar` surface), then copy the changed part.
    public func copy(_ source: CairoSurface, to origin: Point = Point(x: 0, y: 0), clip: Rect? = nil) {
        cairo_save(handle)
        if let clip {
            cairo_rectangle(handle, Double(clip.x), Double(clip.y), Double(clip.width), Double(clip.height))
            cairo_clip(handle)
        }
        cairo_set_source_surface(handle, source.handle, Double(origin.x), Double(origin.y))
        cairo_paint(handle)
        cairo_restore(handle)
    }

    // MARK: Drawing primitives for the painters

    func save() { cairo_save(handle) }
    func restore() { cairo_restore(handle) }

    func setColor(_ c: Color) {
        cairo_set_source_rgba(handle, c.red, c.green, c.blue, c.alpha)
    }

    func clip(to rect: RectD) {
        cairo_rectangle(handle, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(handle)
    }

    /// Adds a rounded rectangle path (radius clamped to half the shorter side).
    func roundedRect(_ r: RectD, radius: Double) {
        let rad = max(0, min(radius, r.width / 2, r.height / 2))
        cairo_new_sub_path(handle)
        if rad <= 0 {
            cairo_rectangle(handle, r.x, r.y, r.width, r.height)
            return
        }
        let half = Double.pi / 2
        cairo_arc(handle, r.x + r.width - rad, r.y + rad, rad, -half, 0)
        cairo_arc(handle, r.x + r.width - rad, r.y + r.height - rad, rad, 0, half)
        cairo_arc(handle, r.x + rad, r.y + r.height - rad, rad, half, 2 * half)
        cairo_arc(handle, r.x + rad, r.y + rad, rad, 2 * half, 3 * half)
        cairo_close_path(handle)
    }

    func fillRounded(_ r: RectD, radius: Double, color: Color) {
        guard r.width > 0, r.height > 0 else { return }
        roundedRect(r, radius: radius)
        setColor(color)
        cairo_fill(handle)
    }

    /// Strokes a rounded rectangle whose outer edge is `r` (the line lies inside it); with
    /// `dash`, in dashes that long with gaps as long.
    func strokeRoundedInside(_ r: RectD, radius: Double, width: Double, color: Color, dash: Double? = nil) {
        guard width > 0, r.width > width, r.height > width else { return }
        let inner = r.insetBy(width / 2)
        roundedRect(inner, radius: max(0, radius - width / 2))
        setColor(color)
        cairo_set_line_width(handle, width)
        if let dash, dash > 0 {
            var pattern = [dash, dash]
            cairo_set_dash(handle, &pattern, 2, 0)
        }
        cairo_stroke(handle)
        if dash != nil { cairo_set_dash(handle, nil, 0, 0) }
    }

    /// Strokes an arc of a circle from `start` to `end` radians (0 = three o'clock, clockwise).
    func strokeArc(center: (Double, Double), radius: Double, start: Double, end: Double, width: Double, color: Color) {
        guard radius > 0, width > 0 else { return }
        cairo_new_sub_path(handle)
        cairo_arc(handle, center.0, center.1, radius, start, end)
        setColor(color)
        cairo_set_line_width(handle, width)
        cairo_set_line_cap(handle, CAIRO_LINE_CAP_ROUND)
        cairo_stroke(handle)
        cairo_set_line_cap(handle, CAIRO_LINE_CAP_BUTT)
    }

    /// Strokes the line from `a` to `b` with round caps.
    func strokeLine(from a: (Double, Double), to b: (Double, Double), width: Double, color: Color) {
        guard width > 0 else { return }
        cairo_move_to(handle, a.0, a.1)
        cairo_line_to(handle, b.0, b.1)
        setColor(color)
        cairo_set_line_width(handle, width)
        cairo_set_line_cap(handle, CAIRO_LINE_CAP_ROUND)
        cairo_stroke(handle)
        cairo_set_line_cap(handle, CAIRO_LINE_CAP_BUTT)
    }

    func fillRect(_ r: RectD, color: Color) {
        cairo_rectangle(handle, r.x, r.y, r.width, r.height)
        setColor(color)
        cairo_fill(handle)
    }
}

/// A rectangle in fractional pixels, for drawing.
struct RectD: Equatable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    init(_ r: Rect) { self.init(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height)) }

    var midX: Double { x + width / 2 }
    var midY: Double { y + height / 2 }

    func insetBy(_ d: Double) -> RectD { insetBy(dx: d, dy: d) }

    func insetBy(dx: Double, dy: Double) -> RectD {
        RectD(x: x + dx, y: y + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }

    func offsetBy(dx: Double, dy: Double) -> RectD { RectD(x: x + dx, y: y + dy, width: width, height: height) }
}
