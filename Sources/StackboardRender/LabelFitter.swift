import CCairoPango

/// Chooses a label's font size (and wrapping) so that it fits a box.
///
/// Every label is laid out at `TextRenderer.layoutSize` and drawn scaled to its size (the
/// font options turn hinted metrics off, so a layout's extents grow with its size in
/// proportion). Pango matches fonts once per font size (fontconfig's match and sort over
/// every installed font, on two threads it waits for: about 1.7 ms each with 446 fonts), so
/// laying out at one size saves that for every other size a keyboard's labels take.
struct LabelFitter {
    let renderer: TextRenderer

    private var unit: Double { TextRenderer.layoutSize }

    /// `text` at `preferred` pixels if it fits `width` x `height`, else shrunk (never below
    /// `minimum`); multi-word labels wrap onto lines when that keeps them larger; what still
    /// does not fit at `minimum` is cut with an ellipsis.
    func fit(_ text: String, width: Double, height: Double, preferred: Double, minimum: Double) -> FittedLabel? {
        guard width > 0, height > 0 else { return nil }
        let floorSize = max(1, minimum)
        guard let single = renderer.makeLayout(text, size: unit) else { return nil }
        let (w, h) = single.logicalSize
        // The largest size at which the line fits, to a quarter pixel.
        let fitting = quantize(min(width / max(w, 0.001), height / max(h, 0.001)) * unit)
        let size = max(floorSize, min(preferred, fitting))
        let fits = size <= fitting
        let hasBreak = text.contains(where: { $0 == " " || $0 == "\n" })
        if hasBreak && (!fits || size < preferred * 0.8),
           let wrapped = wrappedFit(text, width: width, height: height, preferred: preferred, minimum: floorSize),
           wrapped.size > size || !fits {
            return wrapped
        }
        if !fits {
            pango_layout_set_width(single.layout, Int32(width / size * unit * Double(PANGO_SCALE)))
            pango_layout_set_height(single.layout, -1)
            pango_layout_set_ellipsize(single.layout, PANGO_ELLIPSIZE_END)
        }
        return FittedLabel(box: single, size: size)
    }

    /// The largest size (from `preferred` down) at which `text` wrapped at word boundaries fits.
    private func wrappedFit(_ text: String, width: Double, height: Double, preferred: Double, minimum: Double) -> FittedLabel? {
        guard let box = renderer.makeLayout(text, size: unit) else { return nil }
        pango_layout_set_wrap(box.layout, PANGO_WRAP_WORD)
        var size = max(minimum, preferred)
        for _ in 0..<8 {
            // Wrapped at `width` at this size: at the layout's size, that many pixels more.
            pango_layout_set_width(box.layout, Int32(width / size * unit * Double(PANGO_SCALE)))
            let (w, h) = box.logicalSize
            let shown = (width: w * size / unit, height: h * size / unit)
            if shown.width <= width && shown.height <= height {
                return FittedLabel(box: box, size: size)
            }
            let next = max(minimum, quantize(size * min(0.9, height / max(shown.height, 1), width / max(shown.width, 1))))
            if next >= size { return nil }
            size = next
        }
        return nil
    }

    /// Rounds a size down to a quarter pixel.
    private func quantize(_ size: Double) -> Double { (size * 4).rounded(.down) / 4 }
}
