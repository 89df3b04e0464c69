extension Layout {
    /// The layout with its suggestion bar made: a row of `count` slots (`suggestion` keys 0 to
    /// count-1) on top of each layer that shows the bar, taking the bar's share of the height.
    /// A bar that says its own number of slots gets that many; a composing bar is always made.
    /// Without a bar, or with no slots (the `suggestions` setting 0), the layers stay as they are
    /// and the bar is dropped.
    public func withSuggestionSlots(_ count: Int) -> Layout {
        guard let bar = suggestionBar else { return self }
        var copy = self
        // A composing bar is the engine's only display (what is composed, its candidates): it is
        // made whatever the setting says.
        let count = bar.compose == nil ? count : max(count, 3)
        guard count > 0 else {
            copy.suggestionBar = nil
            return copy
        }
        let slots = (0..<(bar.slots ?? count)).map { StackItem.key(Key(label: "", action: .suggestion($0), style: .function)) }
        let row = Stack(axis: .horizontal, spacing: 0, weight: bar.weight, items: slots)
        for i in copy.layers.indices where bar.shows(layer: copy.layers[i].name) {
            guard !copy.layers[i].root.keys.contains(where: { if case .suggestion = $0.action { true } else { false } }) else { continue }
            copy.layers[i].root.items.insert(.stack(row), at: 0)
            copy.layers[i].root.distribution = .proportional
        }
        return copy
    }

    /// How many suggestion slots the layer named `name` shows (0: none).
    public func suggestionSlots(inLayer name: String) -> Int {
        layer(named: name)?.root.keys.filter { if case .suggestion = $0.action { true } else { false } }.count ?? 0
    }
}
