import CCairoPango
import StackboardCore

/// Paints the entry field (prompt, text, cursor, placeholder, flash) and maps a tap in it to a
/// cursor position. Painting and hit testing share one layout, so they always agree. Both hold
/// `TextLock` (see KeyboardPainter).
public struct FieldPainter {
    /// The colours and font.
    public let theme: Theme
    /// Multiplies margins, paddings, the cursor width and the smallest text size.
    public let scale: Double
    let text: TextRenderer

    /// A field painter with `theme` at `scale` (clamped to 0.25...8).
    public init(theme: Theme, scale: Double = 1) throws(RenderError) {
        self.theme = theme
        self.scale = scale.isFinite ? min(8, max(0.25, scale)) : 1
        self.text = try TextRenderer(family: theme.fontFamily, bold: theme.boldLabels)
    }

    /// Paints `field` filling `rect`: the background, the rounded field box, the prompt, the text
    /// (scrolled so the cursor stays visible) or the placeholder, and the cursor.
    public func paint(_ ctx: CairoContext, field: FieldPaint, in rect: Rect) {
        TextLock.held { paintLocked(ctx, field: field, in: rect) }
    }

    private func paintLocked(_ ctx: CairoContext, field: FieldPaint, in rect: Rect) {
        ctx.fill(rect, with: theme.background)
        guard let m = metrics(field: field, in: rect) else { return }
        let colors = field.flash ? theme.field.flash : theme.field.normal
        let radius = min(theme.cornerRadius * scale, m.box.height / 4)
        ctx.save()
        ctx.clip(to: RectD(rect))
        ctx.fillRounded(m.box, radius: radius, color: colors.fill)
        let outlineWidth = max(field.flash ? 3 : 1.5, theme.outlineWidth) * scale
        ctx.strokeRoundedInside(m.box, radius: radius, width: outlineWidth,
                                color: field.flash ? theme.field.flashOutline : theme.field.outline)
        if let prompt = m.prompt {
            let r = prompt.logicalRect
            text.draw(prompt, in: ctx, x: m.promptX - r.x, y: m.box.midY - r.midY, color: theme.field.prompt)
        }
        ctx.save()
        ctx.clip(to: m.textArea)
        if let placeholder = m.placeholder {
            let r = placeholder.logicalRect
            text.draw(placeholder, in: ctx, x: m.textArea.x - r.x, y: m.box.midY - r.midY, color: theme.field.placeholder)
        }
        if let body = m.body {
            let r = body.logicalRect
            text.draw(body, in: ctx, x: m.textArea.x - m.scroll - r.x, y: m.box.midY - r.midY, color: colors.label)
        }
        let cursorHeight = m.lineHeight * 0.95
        let cursorX = min(m.textArea.x + m.textArea.width - cursorWidth, m.textArea.x + m.cursorX - m.scroll - cursorWidth / 2)
        ctx.fillRect(RectD(x: max(m.textArea.x, cursorX), y: m.box.midY - cursorHeight / 2,
                           width: cursorWidth, height: cursorHeight), color: theme.field.cursor)
        ctx.restore()
        ctx.restore()
    }

    /// The cursor position (in Characters of `field.text`) for a tap at window column `x` in a
    /// field painted in `rect`: the nearest boundary between characters.
    public func cursorIndex(at x: Int, field: FieldPaint, in rect: Rect) -> Int {
        TextLock.held { cursorIndexLocked(at: x, field: field, in: rect) }
    }

    private func cursorIndexLocked(at x: Int, field: FieldPaint, in rect: Rect) -> Int {
        let count = field.text.count
        guard let m = metrics(field: field, in: rect), let body = m.body else { return 0 }
        let layoutX = Double(x) - m.textArea.x + m.scroll
        if layoutX <= 0 { return 0 }
        var index: Int32 = 0, trailing: Int32 = 0
        let lr = body.logicalRect
        _ = pango_layout_xy_to_index(body.layout, Int32(layoutX * Double(PANGO_SCALE)),
                                     Int32(lr.midY * Double(PANGO_SCALE)), &index, &trailing)
        var shown = Self.characterIndex(ofByte: Int(index), in: m.shownText)
        if trailing > 0 { shown += 1 }
        // Map a position in the shown text (text with the pending code at the cursor) back to the text.
        let cursor = min(max(0, field.cursorIndex), count)
        let pendingCount = m.pendingCount
        if shown <= cursor { return min(shown, count) }
        if shown <= cursor + pendingCount { return cursor }
        return min(count, shown - pendingCount)
    }

    /// The cursor bar's width in pixels.
    var cursorWidth: Double { max(2, theme.outlineWidth) * scale }

    /// Where things go in the field; shared by painting and hit testing.
    struct Metrics {
        var box: RectD
        var textArea: RectD
        var promptX: Double
        var prompt: PangoLayoutBox?
        var placeholder: PangoLayoutBox?
        var body: PangoLayoutBox?
        var shownText: String
        var pendingCount: Int
        var cursorX: Double
        var scroll: Double
        var lineHeight: Double
    }

    /// Where things go for `field` in `rect` (its layouts are laid out here, holding `TextLock`).
    func metrics(field: FieldPaint, in rect: Rect) -> Metrics? {
        TextLock.held { metricsLocked(field: field, in: rect) }
    }

    private func metricsLocked(field: FieldPaint, in rect: Rect) -> Metrics? {
        let margin = max(3, (6 * scale).rounded())
        let box = RectD(rect).insetBy(margin)
        guard box.width > 4, box.height > 4 else { return nil }
        let pad = max(4, min(12 * scale, box.height * 0.3))
        let size = max(9 * scale, min(box.height * 0.5, box.height - 2 * pad / 2))
        var promptLayout: PangoLayoutBox?
        var textStart = box.x + pad
        if let prompt = field.prompt, !prompt.isEmpty, let p = text.makeLayout(prompt, size: size * 0.85) {
            let maxWidth = box.width * 0.4
            if p.logicalSize.width > maxWidth {
                pango_layout_set_width(p.layout, Int32(maxWidth * Double(PANGO_SCALE)))
                pango_layout_set_ellipsize(p.layout, PANGO_ELLIPSIZE_END)
            }
            pango_layout_set_alignment(p.layout, PANGO_ALIGN_LEFT)
            promptLayout = p
            textStart += p.logicalSize.width + max(6, 10 * scale)
        }
        let textArea = RectD(x: textStart, y: box.y, width: max(0, box.x + box.width - pad - textStart), height: box.height)
        let characters = Array(field.text)
        let cursor = min(max(0, field.cursorIndex), characters.count)
        let before = String(characters[..<cursor]), after = String(characters[cursor...])
        let pending = field.pending ?? ""
        let shown = before + pending + after
        var body: PangoLayoutBox?
        var cursorX = 0.0
        var lineHeight = size * 1.2
        if let b = text.makeLayout(shown.isEmpty ? " " : shown, size: size) {
            pango_layout_set_alignment(b.layout, PANGO_ALIGN_LEFT)
            if !pending.isEmpty { underline(b, from: before.utf8.count, to: before.utf8.count + pending.utf8.count) }
            cursorX = Self.xOfByte(b, shown.isEmpty ? 0 : before.utf8.count + pending.utf8.count)
            lineHeight = b.logicalSize.height
            if !shown.isEmpty { body = b }
        }
        let fullWidth = body?.logicalSize.width ?? 0
        let cursorRoom = cursorWidth
        let scroll = fullWidth + cursorRoom <= textArea.width
            ? 0 : min(max(0, cursorX + cursorRoom - textArea.width), max(0, fullWidth + cursorRoom - textArea.width))
        var placeholderLayout: PangoLayoutBox?
        if shown.isEmpty, let placeholder = field.placeholder, !placeholder.isEmpty,
           let p = text.makeLayout(placeholder, size: size) {
            pango_layout_set_alignment(p.layout, PANGO_ALIGN_LEFT)
            placeholderLayout = p
        }
        return Metrics(box: box, textArea: textArea, promptX: box.x + pad, prompt: promptLayout,
                       placeholder: placeholderLayout, body: body, shownText: shown, pendingCount: pending.count,
                       cursorX: cursorX, scroll: scroll, lineHeight: lineHeight)
    }

    /// Underlines the bytes `from..<to` of the layout's text and paints them in the pending colour.
    private func underline(_ box: PangoLayoutBox, from: Int, to: Int) {
        guard let list = pango_attr_list_new() else { return }
        let c = theme.field.pending
        func channel(_ v: Double) -> UInt16 { UInt16(max(0, min(65535, (v * 65535).rounded()))) }
        if let line = pango_attr_underline_new(PANGO_UNDERLINE_SINGLE) {
            line.pointee.start_index = UInt32(from); line.pointee.end_index = UInt32(to)
            pango_attr_list_insert(list, line)
        }
        if let color = pango_attr_foreground_new(channel(c.red), channel(c.green), channel(c.blue)) {
            color.pointee.start_index = UInt32(from); color.pointee.end_index = UInt32(to)
            pango_attr_list_insert(list, color)
        }
        pango_layout_set_attributes(box.layout, list)
        pango_attr_list_unref(list)
    }

    /// The x of the cursor before UTF-8 byte `byte` of the layout's text, in pixels.
    static func xOfByte(_ box: PangoLayoutBox, _ byte: Int) -> Double {
        var strong = PangoRectangle(), weak = PangoRectangle()
        pango_layout_get_cursor_pos(box.layout, Int32(byte), &strong, &weak)
        return Double(strong.x) / Double(PANGO_SCALE)
    }

    /// The index of the Character that starts at or contains UTF-8 byte `byte` of `text`.
    static func characterIndex(ofByte byte: Int, in text: String) -> Int {
        var offset = 0
        for (i, ch) in text.enumerated() {
            let next = offset + ch.utf8.count
            if byte < next { return i }
            offset = next
        }
        return text.count
    }
}
