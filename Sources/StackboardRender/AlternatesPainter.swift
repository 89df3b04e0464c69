import StackboardCore

extension KeyboardPainter {
    /// The padding around the popup's cells, in pixels.
    var popupPadding: Int { max(3, Int((6 * scale).rounded())) }

    /// The rectangle the popup covers (its cells plus padding), in the same pixels as its frames.
    /// Paint the popup into a surface of this size with `offset` = minus this origin.
    public func popupBounds(_ popup: AlternatesPaint) -> Rect {
        let cells = popup.frames.filter { !$0.isEmpty }
        guard let first = cells.first else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        let union = cells.dropFirst().reduce(first) { $0.union($1) }
        let pad = popupPadding
        return Rect(x: union.x - pad, y: union.y - pad, width: union.width + 2 * pad, height: union.height + 2 * pad)
    }

    /// Paints the alternates popup: a bubble over `popupBounds` with one cell per option, the
    /// highlighted one filled. Every frame is moved by `offset` first (to paint into a popup
    /// window of its own, pass minus the bounds' origin).
    public func paintAlternates(_ ctx: CairoContext, _ popup: AlternatesPaint, offset: Point = Point(x: 0, y: 0)) {
        TextLock.held { paintAlternatesLocked(ctx, popup, offset: offset) }
    }

    private func paintAlternatesLocked(_ ctx: CairoContext, _ popup: AlternatesPaint, offset: Point) {
        let bounds = popupBounds(popup)
        guard !bounds.isEmpty else { return }
        let moved = Rect(x: bounds.x + offset.x, y: bounds.y + offset.y, width: bounds.width, height: bounds.height)
        beginBubble(ctx, moved)
        for (i, frame) in popup.frames.enumerated() where i < popup.options.count && !frame.isEmpty {
            let cell = RectD(Rect(x: frame.x + offset.x, y: frame.y + offset.y, width: frame.width, height: frame.height))
            var colors = theme.popup
            if popup.highlighted == i {
                colors = theme.popupHighlight
                let inset = max(1, 2 * scale)
                ctx.fillRounded(cell.insetBy(inset), radius: keyRadius(cell), color: colors.fill)
            }
            let label = popup.options[i]
            let area = labelArea(cell)
            guard !label.isEmpty, area.width > 0, area.height > 0,
                  let fitted = text.fitted(label, width: area.width, height: area.height,
                                           preferred: max(minimumLabelSize, cell.height * 0.45),
                                           minimum: minimumLabelSize) else { continue }
            text.draw(fitted, in: ctx, centeredIn: area, color: colors.label)
        }
        ctx.restore()
    }

    /// Fills `frame` with the background and paints a popup bubble filling it (the popup's
    /// colours, the theme's edge), then clips to it: the caller paints inside and calls
    /// `ctx.restore()`. The alternates popup and the key preview share it.
    func beginBubble(_ ctx: CairoContext, _ frame: Rect) {
        ctx.fill(frame, with: theme.background)
        let bubble = RectD(frame)
        let radius = min(theme.cornerRadius * scale * 1.5, min(bubble.width, bubble.height) / 4)
        ctx.save()
        ctx.clip(to: bubble)
        ctx.fillRounded(bubble, radius: radius, color: theme.popup.fill)
        let edge = theme.outlineWidth > 0 ? theme.outline : (theme.shadow ?? theme.outline)
        ctx.strokeRoundedInside(bubble, radius: radius, width: max(1, theme.outlineWidth) * scale, color: edge)
    }
}
