import CCairoPango

/// Chooses a label's font size (and wrapping) so that it fits a box.
struct LabelFitter {
    let renderer: TextRenderer

    /// `text` at `preferred` pixels if it fits `width` x `height`, else shrunk (never below
    /// `minimum`); multi-word labels wrap onto lines when that keeps them larger; what still
    /// does not fit at `minimum` is cut with an ellipsis.
    func fit(_ text: String, width: Double, height: Double, preferred: Double, minimum: Double) -> FittedLabel? {
        guard width > 0, height > 0 else { return nil }
        let floorSize = max(1, minimum)
        var size = max(floorSize, preferred)
        guard var single = renderer.makeLayout(text, size: size) else { return nil }
        var fits = false
        for _ in 0..<5 {
            let (w, h) = single.logicalSize
            if w <= width && h <= height { fits = true; break }
            let ratio = min(width / max(w, 1), height / max(h, 1))
            let next = max(floorSize, quantize(size * ratio))
            guard next < size, let smaller = renderer.makeLayout(text, size: next) else { break }
            size = next
            single = smaller
        }
        let hasBreak = text.contains(where: { $0 == " " || $0 == "\n" })
        if hasBreak && (!fits || size < preferred * 0.8),
           let wrapped = wrappedFit(text, width: width, height: height, preferred: preferred, minimum: floorSize),
           wrapped.size > size || !fits {
            return wrapped
        }
        if !fits {
            pango_layout_set_width(single.layout, Int32(width * Double(PANGO_SCALE)))
            pango_layout_set_height(single.layout, -1)
            pango_layout_set_ellipsize(single.layout, PANGO_ELLIPSIZE_END)
        }
        return FittedLabel(box: single, size: size)
    }

    /// The largest size (from `preferred` down) at which `text` wrapped at word boundaries fits.
    private func wrappedFit(_ text: String, width: Double, height: Double, preferred: Double, minimum: Double) -> FittedLabel? {
        var size = max(minimum, preferred)
        for _ in 0..<8 {
            guard let box = renderer.makeLayout(text, size: size) else { return nil }
            pango_layout_set_width(box.layout, Int32(width * Double(PANGO_SCALE)))
            pango_layout_set_wrap(box.layout, PANGO_WRAP_WORD)
            let (w, h) = box.logicalSize
            if w <= width && h <= height {
                return FittedLabel(box: box, size: size)
            }
            let next = max(minimum, quantize(size * min(0.9, height / max(h, 1), width / max(w, 1))))
            if next >= size { return nil }
            size = next
        }
        return nil
    }

    /// Rounds a size down to a quarter pixel.
    private func quantize(_ size: Double) -> Double { (size * 4).rounded(.down) / 4 }
}
