/// What switch scanning highlights, as the painter shows it. The scanning itself (modes,
/// patterns, timing, switches) is the `StackboardScan` module's; the keyboard state only learns
/// what to paint (`KeyboardState.setScanMarks`) and is given the key picked (`InputEvent.pick`).
public struct ScanMarks: Equatable, Hashable, Sendable {
    /// The keys highlighted: one key, a row, a block (indices of the current layer's keys).
    public var keys: Set<Int>
    /// Whether `keys` are a group whose back step is highlighted (a pick leaves the group).
    public var back: Bool
    /// The option of the alternates popup highlighted (nil: none).
    public var option: Int?

    /// Marks with every property given (default: nothing highlighted).
    public init(keys: Set<Int> = [], back: Bool = false, option: Int? = nil) {
        self.keys = keys
        self.back = back
        self.option = option
    }

    /// Nothing highlighted.
    public static let none = ScanMarks()

    /// The marks as one line (`stackboard status --scan`): the key indices in order (`3 4 5`),
    /// `back 3 4 5` for a group's back step, `option 2` in the alternates popup, or `none`.
    public var published: String {
        if let option { return "option \(option)" }
        if keys.isEmpty { return "none" }
        return (back ? "back " : "") + keys.sorted().map(String.init).joined(separator: " ")
    }
}

extension KeyboardState {
    /// Shows what scanning highlights now; the keys whose look changed are repainted.
    public mutating func setScanMarks(_ marks: ScanMarks) -> [Effect] {
        mutate(now: nil) { state in
            state.scanMarks = marks
            if let option = marks.option, var popup = state.alternates, popup.options.indices.contains(option) {
                popup.highlighted = option
                state.alternates = popup
            }
            return []
        }
    }

    /// Scanning picked the key at `index`: it fires as a tap would, click included.
    mutating func pick(keyAt index: Int) -> [Effect] {
        guard let key = key(at: index) else { return [] }
        return [.click(KeyboardState.clickKind(of: key.action))] + perform(key, heldUsed: false)
    }

    /// Scanning picked option `option` of the open alternates popup: it fires as a release on
    /// it would, and the popup closes (the pointer that opened it is let go of).
    mutating func pick(option: Int) -> [Effect] {
        guard let popup = alternates, popup.options.indices.contains(option) else { return [] }
        alternates = nil
        for (id, track) in pointers where track.choosingAlternate { pointers[id] = nil }
        let key = popup.options[option]
        return [.click(KeyboardState.clickKind(of: key.action))] + perform(key, heldUsed: false)
    }
}

extension Layer {
    /// The rows of the layer for switch scanning: one per item of its root stack (a nested
    /// stack is one row), each with the indices of its keys that are not blank and not in
    /// `skipping`. Empty rows are left out.
    public func scanRows(skipping: Set<Int> = []) -> [[Int]] {
        var rows: [[Int]] = []
        var index = 0
        for item in root.items {
            let keys: [Key]
            switch item {
            case .key(let key): keys = [key]
            case .stack(let stack): keys = stack.keys
            }
            var row: [Int] = []
            for key in keys {
                if key.style != .blank, !skipping.contains(index) { row.append(index) }
                index += 1
            }
            if !row.isEmpty { rows.append(row) }
        }
        return rows
    }
}
