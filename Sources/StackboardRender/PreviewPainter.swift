import StackboardCore

extension KeyboardPainter {
    /// Paints the key preview on a surface of `size` (the preview popup's): a bubble in the
    /// popup's colours filling it, the key's label centred in it, large.
    public func paintPreview(_ ctx: CairoContext, label: String, size: Size) {
        let bounds = Rect(size: size)
        guard !bounds.isEmpty else { return }
        ctx.fill(bounds, with: theme.background)
        let bubble = RectD(bounds)
        let radius = min(theme.cornerRadius * scale * 1.5, min(bubble.width, bubble.height) / 4)
        ctx.save()
        ctx.clip(to: bubble)
        ctx.fillRounded(bubble, radius: radius, color: theme.popup.fill)
        let edge = theme.outlineWidth > 0 ? theme.outline : (theme.shadow ?? theme.outline)
        ctx.strokeRoundedInside(bubble, radius: radius, width: max(1, theme.outlineWidth) * scale, color: edge)
        let area = labelArea(bubble)
        if !label.isEmpty, area.width > 0, area.height > 0,
           let fitted = text.fitted(label, width: area.width, height: area.height,
                                    preferred: max(minimumLabelSize, bubble.height * 0.6), minimum: minimumLabelSize) {
            text.draw(fitted, in: ctx, centeredIn: area, color: theme.popup.label)
        }
        ctx.restore()
    }
}
