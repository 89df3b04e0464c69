import StackboardCore
import StackboardRender
import StackboardX11

extension EntryApp {
    /// What the field shows now: the prompt, the text (dots when secure), the cursor, the
    /// pending Morse code and the flash.
    func fieldPaint(now: Double) -> FieldPaint {
        let session = editor.session
        let pending = session.pendingMorse.isEmpty ? nil : session.pendingMorseDisplay
        return FieldPaint(prompt: options.prompt, text: session.rules.secure ? session.buffer.maskedText : session.text,
                          cursorIndex: session.buffer.cursor, flash: editor.isFlashing(at: now), pending: pending)
    }

    /// Paints what changed into the back buffer and copies just that to the window; paints or
    /// moves the alternates popup.
    func repaint() {
        guard !connection.isLost else { return }
        let origin = keypadOrigin
        let keys = EntryLayout.offset(state.geometry, by: origin)
        if dirtyAll || !dirtyKeys.isEmpty || fieldDirty, let ctx = canvasContext() {
            let states: (Int) -> KeyPaintState = { [state] index in
                let v = state.visual(ofKey: index)
                return KeyPaintState(pressed: v.pressed, latched: v.latched, locked: v.locked,
                                     dwellProgress: v.dwellProgress, scanHighlighted: v.scanHighlighted,
                                     shifted: state.typesShifted(keyAt: index))
            }
            let pending = editor.session.pendingMorse
            let morse = pending.isEmpty ? nil : pending
            var changed: [Rect] = []
            if dirtyAll {
                painter.paintAll(ctx, geometry: keys, shifted: false, states: states, pendingMorse: morse)
            } else if !dirtyKeys.isEmpty {
                let indices = dirtyKeys.sorted().filter { keys.keys.indices.contains($0) }
                painter.paintKeys(ctx, geometry: keys, indices: indices, shifted: false, states: states, pendingMorse: morse)
                changed += indices.map { keys.keys[$0].frame }
            }
            if let field = fieldRect, dirtyAll || fieldDirty {
                fieldPainter.paint(ctx, field: fieldPaint(now: MonotonicClock.now()), in: field)
                changed.append(field)
            }
            if dirtyAll { window.presentAll() } else { window.present(changed) }
        }
        dirtyAll = false
        dirtyKeys = []
        fieldDirty = false
        if popupDirty { paintPopup(origin: origin) }
        popupDirty = false
    }

    /// A cairo context on the window's current back buffer.
    private func canvasContext() -> CairoContext? {
        canvas.context(for: window, what: "the entry window")
    }

    /// Shows the alternates popup the state has open, above its key (moved into window pixels).
    private func paintPopup(origin: Point) {
        guard let popup = state.alternates else {
            window.hidePopup()
            return
        }
        let shifted = state.shifted
        let frames = popup.frames.map { Rect(x: $0.x + origin.x, y: $0.y + origin.y, width: $0.width, height: $0.height) }
        let paint = AlternatesPaint(keyIndex: popup.keyIndex, options: popup.options.map { $0.displayLabel(shifted: shifted) },
                                    frames: frames, highlighted: popup.highlighted)
        let bounds = painter.popupBounds(paint)
        guard !bounds.isEmpty else { return }
        let painter = self.painter
        do {
            try window.showPopup(frame: bounds) { surface, _ in
                guard let ctx = try? CairoContext(surface: try CairoSurface(taking: surface)) else { return }
                painter.paintAlternates(ctx, paint, offset: Point(x: -bounds.x, y: -bounds.y))
            }
        } catch {
            printError("stackboard: cannot show the alternates: \(error.description)")
        }
    }
}
