import StackboardCore
import StackboardRender

extension KeypadRuntime {
    /// `base` (the program's and the screen's ingredients) with what the next full `repaint`
    /// would paint: the painter's theme, scale and libraries, the keypad's frame on the surface,
    /// and every key as the painter will be given it. Nil for a keypad with an overlay (the
    /// entry field is not cached).
    public func firstFrameKey(base: FirstFrameKey) -> FirstFrameKey? {
        guard overlay == nil else { return nil }
        var key = base
        painter.addFingerprint(to: &key)
        key.add("surface") { [size = surface.size, frame] in
            $0.combine(size.width)
            $0.combine(size.height)
            $0.combine(frame)
        }
        key.add("shifted", 0) // repaint paints with `shifted: false`; each key's visual says the rest
        key.addPaintList(geometry: placedGeometry, visual: { [unowned self] in paintedVisual(ofKey: $0) },
                         pendingMorse: pendingMorse)
        return key
    }

    /// The surface already shows exactly what a full repaint would paint now (a cached first
    /// frame of the same key was put there): nothing is painted until something changes.
    public func adoptShownFrame() {
        dirtyAll = false
        dirtyKeys = []
        overlayDirty = false
    }

    /// `completed` in place of the layout shown: without a repaint when it is the same layout
    /// with layers added (the emoji panel, loaded after the first frame), else as `setLayout`.
    public func takeCompleted(_ completed: Layout, now: Double) {
        if !state.takeLayers(of: completed) { setLayout(completed, now: now) }
    }

    /// Whether the next `repaint` paints everything.
    public var needsFullRepaint: Bool { dirtyAll }
}
