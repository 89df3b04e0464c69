import CLazy
import CCairoPango
import StackboardCore

/// Measures and draws labels with Pango (never cairo's toy text API), with font fallback for
/// CJK, symbols and emoji. Owns its own Pango font map and context, and caches font
/// descriptions per size and fitted label layouts, so that repainting a key only draws.
///
/// Not thread-safe: use one renderer per thread. Every call into Pango holds `TextLock`, since
/// the fonts under all renderers of the process are shared.
public final class TextRenderer {
    /// The font family list (`Sans`, or `DejaVu Sans, Noto Sans CJK SC` to pin fonts).
    public let family: String
    /// Whether labels are bold.
    public let bold: Bool

    /// Pango's font map and context, once started (`start`).
    private var pango: (fontMap: UnsafeMutablePointer<PangoFontMap>, context: OpaquePointer)?
    private var descriptions: [Int: OpaquePointer] = [:]
    /// Fitted labels: the keys' (used on every repaint) stay; the suggestion bar's words, new with
    /// almost every tap, go. 512 at most: about 0.4 MiB of Pango layouts (2,048 kept whole, then
    /// dropped together, were 1.6 MiB of heap that took a soak ~10,000 taps to fill, and every
    /// label was laid out again after each drop).
    private var labels = GenerationalCache<LabelKey, FittedLabel>(limit: 512)
    /// Run once before Pango starts (nil after): the keyboard's wait for its own start of
    /// fontconfig, which Pango would otherwise do a second time beside it.
    private var prerequisite: (() -> Void)?

    /// A renderer for `family` (a Pango family list), bold or regular. Pango starts now, unless
    /// `deferred`: then at `start()` or the first label. (Starting Pango makes its font map,
    /// whose fontconfig reads every installed font's cache in a thread of its own, ~20 ms of
    /// CPU; a keyboard that shows a cached first frame starts it after the window is up.)
    /// `prerequisite` runs once before Pango starts, whatever starts it.
    public init(family: String, bold: Bool, deferred: Bool = false, prerequisite: (() -> Void)? = nil) throws(RenderError) {
        self.family = family.isEmpty ? "Sans" : family
        self.bold = bold
        self.prerequisite = prerequisite
        if !deferred { try start() }
    }

    /// Starts Pango (nothing when it runs already).
    public func start() throws(RenderError) {
        try TextLock.held { () throws(RenderError) in try startLocked() }
    }

    private func startLocked() throws(RenderError) {
        guard pango == nil else { return }
        if let prerequisite {
            self.prerequisite = nil
            prerequisite()
        }
        // Pango (with GLib, HarfBuzz, ...) opens here, on first use (Sources/CLazy).
        if let why = stackboard_lazy_open(STACKBOARD_LAZY_PANGO) {
            throw RenderError("cannot start Pango: \(String(cString: why))")
        }
        guard let map = pango_cairo_font_map_new() else {
            throw RenderError("cannot start Pango: no font map; install fontconfig and fonts (apt-get install fonts-dejavu-core)")
        }
        guard let made = pango_font_map_create_context(map) else {
            g_object_unref(UnsafeMutableRawPointer(map))
            throw RenderError("cannot start Pango: no context; install fonts (apt-get install fonts-dejavu-core)")
        }
        pango = (map, made)
        // Fixed font options (`fixedOptions`), so that PNGs look the same on every surface and machine.
        if let options = cairo_font_options_create() {
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            pango_cairo_context_set_font_options(made, options)
            cairo_font_options_destroy(options)
        }
    }

    /// The Pango context, Pango started first if need be (nil when it cannot start).
    var context: OpaquePointer? {
        if pango == nil { try? start() }
        return pango?.context
    }

    /// The size in pixels key labels are laid out at (`LabelFitter`); they are drawn scaled.
    public static let layoutSize: Double = 64

    /// The font options every renderer uses, as text (part of a first-frame key).
    static let fixedOptions = "antialias gray, hint style slight, hint metrics off"

    deinit {
        TextLock.held {
            labels.removeAll()
            for desc in descriptions.values { pango_font_description_free(desc) }
            if let pango {
                g_object_unref(UnsafeMutableRawPointer(pango.context))
                g_object_unref(UnsafeMutableRawPointer(pango.fontMap))
            }
        }
    }

    /// The font description for a size in pixels (cached; sizes are rounded to 1/4 px).
    func description(size: Double) -> OpaquePointer? {
        let key = Int((max(1, size) * 4).rounded())
        if let cached = descriptions[key] { return cached }
        guard let desc = pango_font_description_from_string(family) else { return nil }
        pango_font_description_set_absolute_size(desc, Double(key) / 4 * Double(PANGO_SCALE))
        pango_font_description_set_weight(desc, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        descriptions[key] = desc
        return desc
    }

    /// A new single-line layout of `text` at `size` pixels.
    func makeLayout(_ text: String, size: Double) -> PangoLayoutBox? {
        TextLock.held {
            guard let context, let layout = pango_layout_new(context) else { return nil }
            let box = PangoLayoutBox(layout)
            pango_layout_set_font_description(layout, description(size: size))
            pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
            text.withCString { pango_layout_set_text(layout, $0, -1) }
            return box
        }
    }

    /// The logical size of `text` in pixels at `size` pixels, on one line.
    public func measure(_ text: String, size: Double) -> (width: Double, height: Double) {
        TextLock.held {
            guard let box = makeLayout(text, size: size) else { return (0, 0) }
            return box.logicalSize
        }
    }

    /// How many characters of `text` no installed font can show (they would be boxes).
    public func unknownGlyphCount(_ text: String, size: Double = TextRenderer.layoutSize) -> Int {
        TextLock.held {
            guard let box = makeLayout(text, size: size) else { return text.count }
            return Int(pango_layout_get_unknown_glyphs_count(box.layout))
        }
    }

    /// What a key label shows: `LabelDisplay.visible` (a lone combining mark on ◌, an
    /// invisible character by its short name), or its characters in words
    /// (`LabelDisplay.spelledOut`) when no installed font has a glyph for it, so that no key
    /// ever shows a box or a code point.
    public func shownText(_ label: String) -> String {
        let visible = LabelDisplay.visible(label)
        guard unknownGlyphCount(visible) > 0 else { return visible }
        return LabelDisplay.spelledOut(label)
    }

    /// The key label `text` (as `shownText` shows it) fitted into a box: `preferred` pixels when
    /// it fits, smaller when it does not (wrapping multi-word labels when that keeps them
    /// larger), never below `minimum` (then cut with an ellipsis). Cached by all arguments.
    func fitted(_ text: String, width: Double, height: Double, preferred: Double, minimum: Double) -> FittedLabel? {
        let key = LabelKey(text: text, width: Int(width * 4), height: Int(height * 4),
                           preferred: Int(preferred * 4), minimum: Int(minimum * 4))
        if let cached = labels.value(for: key) { return cached }
        return TextLock.held {
            guard let label = LabelFitter(renderer: self).fit(shownText(text), width: width, height: height,
                                                              preferred: preferred, minimum: minimum) else { return nil }
            labels.insert(label, for: key)
            return label
        }
    }

    /// Draws `label` centred in `rect` in `color`.
    func draw(_ label: FittedLabel, in ctx: CairoContext, centeredIn rect: RectD, color: Color) {
        TextLock.held {
            guard let context else { return }
            pango_cairo_update_context(ctx.handle, context)
            let logical = label.logicalRect
            let x = rect.midX - logical.midX
            let y = rect.midY - logical.midY
            ctx.setColor(color)
            // The context's fonts stay those of the unscaled space (updated above): cairo
            // renders the glyphs at the scaled size, with no new font match in Pango.
            cairo_save(ctx.handle)
            cairo_translate(ctx.handle, x.rounded(), y.rounded())
            cairo_scale(ctx.handle, label.scale, label.scale)
            cairo_move_to(ctx.handle, 0, 0)
            pango_cairo_show_layout(ctx.handle, label.box.layout)
            cairo_restore(ctx.handle)
        }
    }

    /// Draws `box` with its top-left corner at `x`, `y` in `color`.
    func draw(_ box: PangoLayoutBox, in ctx: CairoContext, x: Double, y: Double, color: Color) {
        TextLock.held {
            guard let context else { return }
            pango_cairo_update_context(ctx.handle, context)
            ctx.setColor(color)
            cairo_move_to(ctx.handle, x, y)
            pango_cairo_show_layout(ctx.handle, box.layout)
        }
    }
}

/// An owned `PangoLayout *` (let go holding `TextLock`: the last layout of a font frees it).
/// Lay it out (`pango_layout_get_*`, `pango_layout_xy_to_index`) only holding `TextLock`.
final class PangoLayoutBox {
    let layout: OpaquePointer
    init(_ layout: OpaquePointer) { self.layout = layout }
    deinit { TextLock.held { g_object_unref(UnsafeMutableRawPointer(layout)) } }

    /// The logical extents' size in pixels (the origin of the logical rect is 0,0 for
    /// single-line, left-aligned text; centred text is offset, see `logicalOrigin`).
    var logicalSize: (width: Double, height: Double) {
        var ink = PangoRectangle(), logical = PangoRectangle()
        TextLock.held { pango_layout_get_extents(layout, &ink, &logical) }
        return (Double(logical.width) / Double(PANGO_SCALE), Double(logical.height) / Double(PANGO_SCALE))
    }

    /// The logical rectangle in pixels relative to the layout's origin.
    var logicalRect: RectD {
        var ink = PangoRectangle(), logical = PangoRectangle()
        TextLock.held { pango_layout_get_extents(layout, &ink, &logical) }
        let s = Double(PANGO_SCALE)
        return RectD(x: Double(logical.x) / s, y: Double(logical.y) / s,
                     width: Double(logical.width) / s, height: Double(logical.height) / s)
    }
}

/// A label laid out to fit a box: `box` is laid out at `TextRenderer.layoutSize` and drawn
/// scaled to `size`.
final class FittedLabel {
    let box: PangoLayoutBox
    /// The font size chosen, in pixels.
    let size: Double
    init(box: PangoLayoutBox, size: Double) { self.box = box; self.size = size }

    /// How much the layout is scaled when drawn.
    var scale: Double { size / TextRenderer.layoutSize }

    /// The logical extents' size in pixels, as drawn.
    var logicalSize: (width: Double, height: Double) {
        let r = logicalRect
        return (r.width, r.height)
    }

    /// The logical rectangle in pixels relative to the label's origin, as drawn.
    var logicalRect: RectD {
        let r = box.logicalRect
        return RectD(x: r.x * scale, y: r.y * scale, width: r.width * scale, height: r.height * scale)
    }
}

struct LabelKey: Hashable {
    var text: String
    var width: Int
    var height: Int
    var preferred: Int
    var minimum: Int
}
