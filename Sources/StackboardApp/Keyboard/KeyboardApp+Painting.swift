import StackboardCore
import StackboardRender
import StackboardX11

extension KeyboardApp {
    /// Paints what changed into the back buffer and copies just that to the window; paints or
    /// moves the alternates popup.
    func repaint() {
        guard !connection.isLost else { return }
        if dirtyAll || !dirtyKeys.isEmpty, let ctx = canvasContext() {
            let states: (Int) -> KeyPaintState = { [state] index in
                let v = state.visual(ofKey: index)
                return KeyPaintState(pressed: v.pressed, latched: v.latched, locked: v.locked,
                                     dwellProgress: v.dwellProgress, scanHighlighted: v.scanHighlighted,
                                     shifted: state.typesShifted(keyAt: index))
            }
            let morse = state.pendingMorse.isEmpty ? nil : state.pendingMorse
            if dirtyAll {
                painter.paintAll(ctx, geometry: state.geometry, shifted: false, states: states, pendingMorse: morse)
                window.presentAll()
            } else {
                let indices = dirtyKeys.sorted().filter { state.geometry.keys.indices.contains($0) }
                painter.paintKeys(ctx, geometry: state.geometry, indices: indices, shifted: false,
                                  states: states, pendingMorse: morse)
                window.present(indices.map { state.geometry.keys[$0].frame })
            }
        }
        dirtyAll = false
        dirtyKeys = []
        if popupDirty { paintPopup() }
        popupDirty = false
    }

    /// A cairo context on the window's current back buffer.
    private func canvasContext() -> CairoContext? {
        canvas.context(for: window, what: "the keyboard")
    }

    /// Shows the alternates popup the state has open, painted in its own window above the key.
    private func paintPopup() {
        guard let popup = state.alternates else {
            window.hidePopup()
            return
        }
        let shifted = state.shifted
        let paint = AlternatesPaint(keyIndex: popup.keyIndex, options: popup.options.map { $0.displayLabel(shifted: shifted) },
                                    frames: popup.frames, highlighted: popup.highlighted)
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
