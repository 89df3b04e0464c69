import StackboardCore

extension KeyboardPainter {
    /// Paints the key preview on a surface of `size` (the preview popup's): a bubble in the
    /// popup's colours filling it, the key's label centred in it, large.
    public func paintPreview(_ ctx: CairoContext, label: String, size: Size) {
        TextLock.held { paintPreviewLocked(ctx, label: label, size: size) }
    }

    private func paintPreviewLocked(_ ctx: CairoContext, label: String, size: Size) {
        let bounds = Rect(size: size)
        guard !bounds.isEmpty else { return }
        beginBubble(ctx, bounds)
        let bubble = RectD(bounds)
        let area = labelArea(bubble)
        if !label.isEmpty, area.width > 0, area.height > 0,
           let fitted = text.fitted(label, width: area.width, height: area.height,
                                    preferred: max(minimumLabelSize, bubble.height * 0.6), minimum: minimumLabelSize) {
            text.draw(fitted, in: ctx, centeredIn: area, color: theme.popup.label)
        }
        ctx.restore()
    }
}
