import CCairoPango
import CLazy
import StackboardCore

extension KeyboardPainter {
    /// Feeds everything of the painter that decides a pixel into a first-frame key: the theme,
    /// the scale, the fixed font options, and the versions of the libraries that draw.
    public func addFingerprint(to key: inout FirstFrameKey) {
        key.add("theme") { theme.feed(into: &$0) }
        key.add("scale", scale)
        key.add("hints", hints ? 1 : 0)
        key.add("font options", TextRenderer.fixedOptions)
        // Pango's version is in its file's status (`lazyLibraryFiles`): asking it would open Pango.
        key.add("libraries", "cairo \(String(cString: cairo_version_string()))")
    }

    /// A symbol of each linked library that draws the keys (cairo, fontconfig, FreeType,
    /// pixman): an upgrade of any of them can change a pixel, so the status of the files that
    /// define them belongs in a first-frame key (found with `dladdr`, which starts none of them).
    public static let librarySymbols = ["cairo_version_string", "FcGetVersion", "FT_Init_FreeType", "pixman_version_string"]

    /// The files of the libraries that draw and are opened on first use (Pango, and through it
    /// HarfBuzz): the file Sources/CLazy will open, and the ones beside it that it loads, found
    /// without opening them, so that a key is the same before and after Pango starts.
    public static var lazyLibraryFiles: [String] {
        let pangocairo = String(cString: stackboard_lazy_file(STACKBOARD_LAZY_PANGO))
        guard let slash = pangocairo.lastIndex(of: "/") else { return [pangocairo] }
        let folder = pangocairo[..<slash]
        return [pangocairo] + ["libpango-1.0.so.0", "libpangoft2-1.0.so.0", "libharfbuzz.so.0"].map { folder + "/" + $0 }
    }
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
