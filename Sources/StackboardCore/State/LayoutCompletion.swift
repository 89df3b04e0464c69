extension KeyboardState {
    /// Takes `completed` in place of the layout when it is that layout with layers added (the
    /// emoji panel, added after the first frame): nothing on screen changes, no pointer is
    /// cancelled, so nothing needs repainting. Returns false, changing nothing, when `completed`
    /// differs in anything else (then `setLayout` it).
    public mutating func takeLayers(of completed: Layout) -> Bool {
        guard completed.layers.count >= layout.layers.count else { return false }
        var shownPart = completed
        shownPart.layers = Array(completed.layers.prefix(layout.layers.count))
        guard shownPart == layout else { return false }
        layout = completed
        return true
    }
}
