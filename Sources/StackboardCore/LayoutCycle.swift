/// The layouts the next-layout key cycles through, and which one is shown. A layout asked for
/// by name (`stackboard layout NAME`) replaces its namesake in the cycle, or joins the cycle
/// right after the one shown.
public struct LayoutCycle: Equatable, Sendable {
    /// The layouts, in cycle order.
    public private(set) var layouts: [Layout]
    /// The index of the one shown.
    public private(set) var index: Int

    /// A cycle of `layouts` (at least one) showing the first.
    public init(_ layouts: [Layout]) {
        self.layouts = layouts
        index = 0
    }

    /// The layout shown (nil for an empty cycle).
    public var current: Layout? { layouts.indices.contains(index) ? layouts[index] : nil }

    /// Moves to the next layout (after the last: the first) and returns it.
    public mutating func advance() -> Layout? {
        guard !layouts.isEmpty else { return nil }
        index = (index + 1) % layouts.count
        return layouts[index]
    }

    /// Replaces the layout called `name` (where it is in the cycle) with `layout`, which is
    /// shown if `name` was; a layout already called like `layout` leaves the cycle. When no
    /// layout is called `name`, shows `layout` as `show` does.
    public mutating func replace(named name: String, with layout: Layout) {
        guard let at = layouts.firstIndex(where: { $0.name == name }) else { return show(layout) }
        let shown = index == at ? layout.name : (current?.name ?? layout.name)
        layouts = layouts.enumerated().compactMap { i, old in
            i == at ? layout : (old.name == layout.name ? nil : old)
        }
        index = layouts.firstIndex { $0.name == shown } ?? 0
    }

    /// Shows `layout`: it replaces the layout of the same name, or is inserted after the one
    /// shown.
    public mutating func show(_ layout: Layout) {
        if let existing = layouts.firstIndex(where: { $0.name == layout.name }) {
            layouts[existing] = layout
            index = existing
        } else {
            index = layouts.isEmpty ? 0 : min(layouts.count, index + 1)
            layouts.insert(layout, at: index)
        }
    }
}
