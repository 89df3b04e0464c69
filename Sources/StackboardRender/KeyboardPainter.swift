import StackboardCore

/// Paints a laid-out keyboard on a cairo context: every key, or only the keys that changed.
///
/// Everything a key draws stays inside its frame, so repainting one key (clear its frame with
/// the background, draw it again) never touches its neighbours. Painting holds `TextLock`, so
/// that painters of several threads may paint at once (each painter on one thread at a time).
public struct KeyboardPainter {
    /// The colours, outlines and font.
    public let theme: Theme
    /// Multiplies outline widths, corner radii, paddings and the smallest label size.
    public let scale: Double
    /// Whether a key with long-press alternates shows the first one small in its top-right
    /// corner (the `hints` setting), in its label's colour blended toward its fill.
    public let hints: Bool
    /// Measures and draws the labels (owns the Pango caches).
    let text: TextRenderer

    /// A painter with `theme` at `scale` (clamped to 0.25...8), with or without `hints`. Its text
    /// (Pango) starts now, or, with `deferredText`, at `startText()` or the first label, after
    /// `textPrerequisite` has run.
    public init(theme: Theme, scale: Double = 1, hints: Bool = false, deferredText: Bool = false,
                textPrerequisite: (() -> Void)? = nil) throws(RenderError) {
        self.theme = theme
        self.hints = hints
        self.scale = scale.isFinite ? min(8, max(0.25, scale)) : 1
        self.text = try TextRenderer(family: theme.fontFamily, bold: theme.boldLabels, deferred: deferredText,
                                     prerequisite: textPrerequisite)
    }

    /// Starts the text stack (Pango, and fontconfig in a thread of Pango's) if it is not running.
    public func startText() throws(RenderError) { try text.start() }

    /// The smallest label size in pixels: readable at any key size.
    public var minimumLabelSize: Double { 9 * scale }

    /// Paints the whole keyboard: the background over `geometry.size`, then every key (an entry
    /// window, whose offset geometry also covers the field, paints the field afterwards).
    /// `states` gives each key's state by index; `pendingMorse` (a code of `.` and `-`) is shown
    /// on morse-gap keys. Without `labels`, the keys are painted as they will look but with no
    /// text (no label, hint or word): that needs neither Pango nor fontconfig, so a first start
    /// can map its window before its fonts are loaded.
    public func paintAll(_ ctx: CairoContext, geometry: KeyboardGeometry, shifted: Bool,
                         states: (Int) -> KeyVisual = { _ in .idle }, pendingMorse: String? = nil, labels: Bool = true) {
        TextLock.held {
            ctx.fill(Rect(size: geometry.size), with: theme.background)
            for placed in geometry.keys {
                paintKey(ctx, placed, shifted: shifted, state: states(placed.index), pendingMorse: pendingMorse, labels: labels)
            }
        }
    }

    /// Repaints only the keys at `indices`: each key's frame is cleared with the background and
    /// the key drawn again. Pixels outside those frames are left as they are.
    public func paintKeys(_ ctx: CairoContext, geometry: KeyboardGeometry, indices: [Int], shifted: Bool,
                          states: (Int) -> KeyVisual = { _ in .idle }, pendingMorse: String? = nil) {
        TextLock.held {
            for index in indices where geometry.keys.indices.contains(index) {
                let placed = geometry.keys[index]
                ctx.fill(placed.frame, with: theme.background)
                paintKey(ctx, placed, shifted: shifted, state: states(index), pendingMorse: pendingMorse)
            }
        }
    }

    /// The indices of the keys that show the pending Morse code (morse-gap keys): repaint them
    /// when the code changes.
    public static func morseGapIndices(in geometry: KeyboardGeometry) -> [Int] {
        geometry.keys.filter { $0.key.action == .morseGap }.map(\.index)
    }

    /// Draws one key inside its frame (the frame must already hold the background), with its text
    /// unless not `labels`. Hold `TextLock` around it (as the public painting methods do): its
    /// `restore` may let go of a font.
    func paintKey(_ ctx: CairoContext, _ placed: PlacedKey, shifted: Bool, state: KeyVisual, pendingMorse: String?,
                  labels: Bool = true) {
        let key = placed.key
        guard key.style != .blank, !placed.frame.isEmpty else { return }
        if case .suggestion(let slot) = key.action { return paintSlot(ctx, placed, slot: slot, state: state, labels: labels) }
        let frame = RectD(placed.frame)
        let shadowDepth = theme.shadow == nil ? 0 : max(1, (1.5 * scale).rounded())
        let body = RectD(x: frame.x, y: frame.y, width: frame.width, height: max(0, frame.height - shadowDepth))
        let radius = keyRadius(body)
        let colors = state.pressed ? theme.pressed : (state.locked ? theme.locked : theme.colors(for: key.style))

        ctx.save()
        ctx.clip(to: frame)
        if let shadow = theme.shadow, shadowDepth > 0 {
            ctx.fillRounded(body.offsetBy(dx: 0, dy: shadowDepth), radius: radius, color: shadow)
        }
        ctx.fillRounded(body, radius: radius, color: colors.fill)
        if theme.outlineWidth > 0 {
            ctx.strokeRoundedInside(body, radius: radius, width: theme.outlineWidth * scale, color: theme.outline)
        }
        if state.latched || state.locked {
            ctx.strokeRoundedInside(body, radius: radius, width: theme.latchedOutlineWidth * scale,
                                    color: state.pressed ? colors.label : theme.latchedOutline)
        }
        if state.locked { paintLockBar(ctx, body: body, color: colors.label) }
        if state.scanHighlighted {
            // The back step of a group: the group outlined in dashes (a pick leaves it).
            let width = max(3, theme.outlineWidth + 2) * scale
            ctx.strokeRoundedInside(body, radius: radius, width: width, color: theme.highlight, dash: state.scanBack ? 3 * width : nil)
        }
        if let progress = state.dwellProgress { paintDwellRing(ctx, body: body, progress: progress) }
        guard labels else { return ctx.restore() }
        paintLabel(ctx, label: state.label ?? key.displayLabel(shifted: shifted || state.shifted), body: body,
                   color: colors.label, pending: key.action == .morseGap ? pendingMorse : nil)
        if hints, let hint = Self.hint(of: key, shifted: shifted || state.shifted) {
            paintHint(ctx, hint, body: body, color: colors.label.blended(with: colors.fill, amount: Self.hintDimming))
        }
        ctx.restore()
    }

    /// The corner radius for a key body: the theme's, scaled, at most a quarter of the short side.
    func keyRadius(_ body: RectD) -> Double {
        min(theme.cornerRadius * scale, min(body.width, body.height) / 4)
    }

    /// The label area of a key body: inset by a padding that grows with the key.
    func labelArea(_ body: RectD) -> RectD {
        let outline = max(theme.outlineWidth, theme.latchedOutlineWidth) * scale
        let pad = max(3 * scale, min(body.width, body.height) * 0.08) + outline / 2
        return body.insetBy(dx: pad, dy: pad)
    }

    /// The preferred label size for a key body: bigger for a single character than for words.
    func preferredLabelSize(_ label: String, keyHeight: Double) -> Double {
        let share = label.count <= 1 ? 0.42 : (label.count <= 3 ? 0.34 : 0.3)
        return max(minimumLabelSize, keyHeight * share)
    }

    private func paintLabel(_ ctx: CairoContext, label: String, body: RectD, color: Color, pending: String?) {
        var area = labelArea(body)
        var keyHeight = body.height
        guard area.width > 0, area.height > 0 else { return }
        if let pending, !pending.isEmpty {
            keyHeight /= 2
            let split = area.height * 0.5
            let pendingArea = RectD(x: area.x, y: area.y + split, width: area.width, height: area.height - split)
            area.height = split
            let code = Self.morseDisplay(pending)
            if let fitted = text.fitted(code, width: pendingArea.width, height: pendingArea.height,
                                        preferred: max(minimumLabelSize, pendingArea.height * 0.8),
                                        minimum: minimumLabelSize) {
                text.draw(fitted, in: ctx, centeredIn: pendingArea, color: color)
            }
        }
        guard !label.isEmpty else { return }
        guard let fitted = text.fitted(label, width: area.width, height: area.height,
                                       preferred: preferredLabelSize(label, keyHeight: keyHeight),
                                       minimum: minimumLabelSize) else { return }
        text.draw(fitted, in: ctx, centeredIn: area, color: color)
    }

    /// How far a hint's colour goes from the label's toward the key's fill.
    static let hintDimming = 0.4

    /// The hint a character key shows: its first alternate's label (shifted as the key is), when
    /// that is one or two characters (a list of layouts or a word would crowd the corner) and does
    /// not begin with the key's own first code point (an emoji's skin tones repeat the emoji).
    static func hint(of key: Key, shifted: Bool) -> String? {
        guard key.style == .normal, let first = key.alternates.first else { return nil }
        let label = first.displayLabel(shifted: shifted)
        guard (1...2).contains(label.count),
              label.unicodeScalars.first != key.displayLabel(shifted: shifted).unicodeScalars.first else { return nil }
        return label
    }

    /// Draws `hint` small in the top-right corner of the key body: a quarter of the key's height
    /// (at least the smallest label size), inside the label padding.
    private func paintHint(_ ctx: CairoContext, _ hint: String, body: RectD, color: Color) {
        let area = labelArea(body)
        let size = max(minimumLabelSize, body.height * 0.24)
        let box = RectD(x: area.x + area.width * 0.55, y: area.y - body.height * 0.03, width: area.width * 0.45,
                        height: min(area.height * 0.45, size * 1.4))
        guard box.width > 0, box.height > 0,
              let fitted = text.fitted(hint, width: box.width, height: box.height, preferred: size,
                                       minimum: minimumLabelSize) else { return }
        let right = RectD(x: box.x + box.width - fitted.logicalRect.width, y: box.y, width: fitted.logicalRect.width,
                          height: box.height)
        text.draw(fitted, in: ctx, centeredIn: right, color: color)
    }

    /// A slot of the suggestion bar: flat on the background (the bar is not a row of keys), a
    /// thin rule before every slot but the first, the word centred; pressed like a key.
    private func paintSlot(_ ctx: CairoContext, _ placed: PlacedKey, slot: Int, state: KeyVisual, labels: Bool) {
        let frame = RectD(placed.frame)
        ctx.save()
        ctx.clip(to: frame)
        let colors = state.pressed ? theme.pressed : theme.colors(for: .normal)
        if state.pressed { ctx.fillRounded(frame.insetBy(dx: 1, dy: 1), radius: keyRadius(frame), color: colors.fill) }
        if state.scanHighlighted {
            let width = max(3, theme.outlineWidth + 2) * scale
            ctx.strokeRoundedInside(frame, radius: keyRadius(frame), width: width, color: theme.highlight,
                                    dash: state.scanBack ? 3 * width : nil)
        }
        if slot > 0 {
            let rule = RectD(x: frame.x, y: frame.y + frame.height * 0.2, width: max(1, scale), height: frame.height * 0.6)
            ctx.fillRounded(rule, radius: 0, color: theme.outline.withAlpha(0.5))
        }
        let label = labels ? state.label ?? "" : ""
        let area = frame.insetBy(dx: max(4, frame.height * 0.15), dy: max(2, frame.height * 0.12))
        if !label.isEmpty, area.width > 0, area.height > 0,
           let fitted = text.fitted(label, width: area.width, height: area.height,
                                    preferred: max(minimumLabelSize, frame.height * 0.42), minimum: minimumLabelSize) {
            text.draw(fitted, in: ctx, centeredIn: area, color: state.pressed ? colors.label : theme.colors(for: .normal).label)
        }
        ctx.restore()
    }

    /// A Morse code as shown on keys: `.` as a bullet and `-` as a dash, easier to read than ASCII.
    static func morseDisplay(_ code: String) -> String {
        String(code.map { $0 == "." ? "•" : ($0 == "-" ? "–" : $0) })
    }

    private func paintLockBar(_ ctx: CairoContext, body: RectD, color: Color) {
        let barHeight = max(2, (3 * scale).rounded())
        let barWidth = min(body.width * 0.4, max(12 * scale, body.width * 0.25))
        let inset = max(theme.latchedOutlineWidth * scale + 2 * scale, body.height * 0.08)
        let bar = RectD(x: body.midX - barWidth / 2, y: body.y + body.height - inset - barHeight,
                        width: barWidth, height: barHeight)
        ctx.fillRounded(bar, radius: barHeight / 2, color: color)
    }

    private func paintDwellRing(_ ctx: CairoContext, body: RectD, progress: Double) {
        let p = progress.isFinite ? min(1, max(0, progress)) : 0
        let width = max(3, 4 * scale)
        let radius = min(body.width, body.height) / 2 - width / 2 - 2 * scale
        guard radius > 0 else { return }
        let center = (body.midX, body.midY)
        let top = -Double.pi / 2
        ctx.strokeArc(center: center, radius: radius, start: 0, end: 2 * Double.pi, width: width,
                      color: theme.highlight.withAlpha(0.3))
        if p > 0 {
            ctx.strokeArc(center: center, radius: radius, start: top, end: top + 2 * Double.pi * p,
                          width: width, color: theme.highlight)
        }
    }
}
