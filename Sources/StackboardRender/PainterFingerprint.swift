import CCairoPango
import StackboardCore

extension KeyboardPainter {
    /// Feeds everything of the painter that decides a pixel into a first-frame key: the theme,
    /// the scale, the fixed font options, and the versions of the libraries that draw.
    public func addFingerprint(to key: inout FirstFrameKey) {
        key.add("theme") { theme.feed(into: &$0) }
        key.add("scale", scale)
        key.add("font options", TextRenderer.fixedOptions)
        key.add("libraries", "pango \(String(cString: pango_version_string())) cairo \(String(cString: cairo_version_string()))")
    }

    /// A symbol of each library that draws the keys (pango, cairo, HarfBuzz, fontconfig,
    /// FreeType, pixman): an upgrade of any of them can change a pixel, so the status of the
    /// files that define them belongs in a first-frame key (found with `dladdr`, which starts
    /// none of them).
    public static let librarySymbols = ["pango_version_string", "pango_cairo_font_map_new", "pango_fc_font_map_new",
                                        "pango_ft2_font_map_new", "cairo_version_string", "hb_version_string",
                                        "FcGetVersion", "FT_Init_FreeType", "pixman_version_string"]
}

extension Theme {
    /// Feeds every property of the theme (`Theme` has 19; PainterFingerprintTests counts them,
    /// so that a new one cannot be forgotten here).
    func feed(into hasher: inout StableHasher) {
        hasher.combine(name)
        background.feed(into: &hasher)
        for colors in [normal, function, accent, pressed, locked, popup, popupHighlight] { colors.feed(into: &hasher) }
        latchedOutline.feed(into: &hasher)
        hasher.combine(latchedOutlineWidth)
        outline.feed(into: &hasher)
        hasher.combine(outlineWidth)
        hasher.combine(shadow != nil)
        shadow?.feed(into: &hasher)
        hasher.combine(cornerRadius)
        highlight.feed(into: &hasher)
        hasher.combine(fontFamily)
        hasher.combine(boldLabels)
        field.normal.feed(into: &hasher)
        field.flash.feed(into: &hasher)
        for color in [field.outline, field.flashOutline, field.prompt, field.placeholder, field.cursor, field.pending] {
            color.feed(into: &hasher)
        }
    }
}

extension KeyColors {
    func feed(into hasher: inout StableHasher) {
        fill.feed(into: &hasher)
        label.feed(into: &hasher)
    }
}

extension Color {
    func feed(into hasher: inout StableHasher) {
        hasher.combine(red); hasher.combine(green); hasher.combine(blue); hasher.combine(alpha)
    }
}
