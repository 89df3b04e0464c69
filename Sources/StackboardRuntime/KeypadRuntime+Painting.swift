import StackboardCore
import StackboardRender

extension KeypadRuntime {
    /// Paints what changed into the surface's back buffer and presents just that: the dirty
    /// keys (or everything), then the overlay, then the alternates popup.
    public func repaint(now: Double) {
        guard surface.isUsable else { return }
        if dirtyAll || !dirtyKeys.isEmpty || trailDirty || (overlayDirty && overlay != nil), let ctx = canvas.context(for: surface, report: onProblem) {
            let geometry = placedGeometry
            let visual: (Int) -> KeyVisual = { [unowned self] index in paintedVisual(ofKey: index) }
            var changed: [Rect] = []
            if dirtyAll {
                painter.paintAll(ctx, geometry: geometry, shifted: false, states: visual, pendingMorse: pendingMorse)
            } else if !dirtyKeys.isEmpty {
                let indices = dirtyKeys.sorted().filter { geometry.keys.indices.contains($0) }
                painter.paintKeys(ctx, geometry: geometry, indices: indices, shifted: false, states: visual,
                                  pendingMorse: pendingMorse)
                changed += indices.map { geometry.keys[$0].frame }
            }
            if let overlay, dirtyAll || overlayDirty {
                changed += overlay.paintOverlay(ctx, all: dirtyAll, now: now)
            }
            if dirtyAll { paintedTrails = [] }
            if trailDirty || dirtyAll || !paintedTrails.isEmpty {
                changed += paintTrails(ctx, geometry: geometry, visual: visual)
            }
            if dirtyAll { surface.presentAll() } else { surface.present(changed) }
        }
        dirtyAll = false
        dirtyKeys = []
        overlayDirty = false
        trailDirty = false
        if popupDirty { paintPopup() }
        popupDirty = false
        if previewDirty { paintPreview() }
        previewDirty = false
    }

    /// Shows the key preview the state asks for above its key, in a window of its own.
    private func paintPreview() {
        guard let previews = surface as? PreviewSurface else { return }
        guard let preview = state.preview, state.geometry.keys.indices.contains(preview.keyIndex) else {
            previews.hidePreview()
            return
        }
        let key = state.geometry.keys[preview.keyIndex].frame
        let bubble = KeyPreview.frame(forKey: Rect(x: key.x + frame.x, y: key.y + frame.y, width: key.width, height: key.height))
        let painter = self.painter
        do {
            try previews.showPreview(frame: bubble) { surface, size in
                guard let ctx = try? CairoContext(surface: try CairoSurface(taking: surface)) else { return }
                painter.paintPreview(ctx, label: preview.label, size: size)
            }
        } catch {
            onProblem?("cannot show the key preview: \(error.description)")
        }
    }

    /// How key `index` is painted now: its state's visual, with the suggestion bar's word on a slot.
    func paintedVisual(ofKey index: Int) -> KeyVisual {
        var v = state.visual(ofKey: index)
        if case .suggestion(let slot) = state.geometry.keys[index].key.action { v.label = slotLabel(slot) }
        return v
    }

    /// Shows the alternates popup the state has open, above its key, in a window of its own.
    private func paintPopup() {
        guard let popups = surface as? PopupSurface else { return }
        guard let popup = state.alternates else {
            popups.hidePopup()
            return
        }
        let shifted = state.shifted
        let frames = popup.frames.map { Rect(x: $0.x + frame.x, y: $0.y + frame.y, width: $0.width, height: $0.height) }
        let paint = AlternatesPaint(keyIndex: popup.keyIndex, options: popup.options.map { $0.displayLabel(shifted: shifted) },
                                    frames: frames, highlighted: popup.highlighted)
        let bounds = painter.popupBounds(paint)
        guard !bounds.isEmpty else { return }
        let painter = self.painter
        do {
            try popups.showPopup(frame: bounds) { surface, _ in
                guard let ctx = try? CairoContext(surface: try CairoSurface(taking: surface)) else { return }
                painter.paintAlternates(ctx, paint, offset: Point(x: -bounds.x, y: -bounds.y))
            }
        } catch {
            onProblem?("cannot show the alternates: \(error.description)")
        }
    }
}

/// A cairo context on a surface's back buffer, made again when the surface replaces its buffer.
struct SurfaceCanvas {
    private var current: (generation: Int, context: CairoContext)?

    /// The context for `surface`'s current back buffer; nil (after telling `report`) when cairo
    /// cannot make one.
    mutating func context(for surface: KeypadSurface, report: ((String) -> Void)?) -> CairoContext? {
        if let current, current.generation == surface.bufferGeneration { return current.context }
        current = nil
        do {
            let context = try CairoContext(surface: try CairoSurface(taking: surface.retainedSurface()))
            current = (surface.bufferGeneration, context)
            return context
        } catch {
            report?("cannot paint the keypad: \(error)")
            return nil
        }
    }

    /// Drops the context (before the surface goes).
    mutating func reset() { current = nil }
}
