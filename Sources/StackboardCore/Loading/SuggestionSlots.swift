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
        if let compose = bar.compose, Self.composersWithCandidates.contains(compose), copy.layer(named: Self.candidateGridLayer) == nil,
           let back = copy.layers.first(where: { bar.shows(layer: $0.name) })?.name {
            copy.layers.append(Self.candidateGrid(back: back))
        }
        return copy
    }

    /// The layer of the candidate grid, which a composing bar's ▸ opens.
    public static let candidateGridLayer = "candidates"
    /// The label of the slot that shows more candidates (on the bar: opens the grid; on the
    /// grid: its next page).
    public static let moreCandidatesLabel = "▸"
    /// The grid's candidates: columns × rows.
    public static let candidateGridColumns = 6, candidateGridRows = 4
    /// The composing engines whose bar has candidates to choose from (Hangul's has none).
    public static let composersWithCandidates: Set<String> = ["pinyin", "pinyin-traditional", "japanese"]

    /// The candidate grid: on top, slot 0 (what is being composed: a tap types it as it is), the
    /// last slot (▸: the next page), backspace and the way back to `back`; below, the
    /// candidates in rows (slots 1 to columns × rows). It has no bar of its own: it is a bar.
    static func candidateGrid(back: String) -> Layer {
        let count = candidateGridColumns * candidateGridRows
        func slot(_ n: Int, weight: Double = 1) -> StackItem {
            .key(Key(label: "", action: .suggestion(n), weight: weight, style: .function))
        }
        let top = Stack(axis: .horizontal, distribution: .proportional, items: [
            slot(0, weight: 3), slot(count + 1),
            .key(Key(label: "⌫", action: .key(.backspace), style: .function)),
            .key(Key(label: "⌨", action: .layer(back), style: .function)),
        ])
        let rows = (0..<candidateGridRows).map { row in
            Stack(axis: .horizontal, items: (0..<candidateGridColumns).map { slot(1 + row * candidateGridColumns + $0) })
        }
        return Layer(name: candidateGridLayer, root: Stack(axis: .vertical, items: ([top] + rows).map(StackItem.stack)))
    }

    /// How many suggestion slots the layer named `name` shows (0: none).
    public func suggestionSlots(inLayer name: String) -> Int {
        layer(named: name)?.root.keys.filter { if case .suggestion = $0.action { true } else { false } }.count ?? 0
    }
}
