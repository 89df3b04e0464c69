import StackboardCore

/// One item of a scan: a key, or a group of items that a pick enters.
public indirect enum ScanNode: Equatable, Sendable {
    /// The key at this index of the layer (its place in `Stack.keys` of the layer's root).
    case key(Int)
    /// Items scanned in turn once the group is picked; a back step follows the last of them.
    case group([ScanNode])

    /// Every key the item holds, in order.
    public var keys: [Int] {
        switch self {
        case .key(let index): return [index]
        case .group(let items): return items.flatMap(\.keys)
        }
    }
}

/// How far a key is from the top of a scan that starts over after each pick.
public struct ScanReach: Equatable, Sendable {
    /// Highlights shown until the key is picked: at each level, the items before it and itself.
    public var steps: Int
    /// Moves of the highlight (steps without the first highlight of each level).
    public var moves: Int
    /// Picks: one per level.
    public var picks: Int

    /// A reach with every property given.
    public init(steps: Int, moves: Int, picks: Int) {
        self.steps = steps
        self.moves = moves
        self.picks = picks
    }
}

/// The items of one layer as scanning visits them: the top level, each group entered by a pick.
///
/// Rules: the rows are the layer's root stack's items (a nested stack is one row) with their
/// keys that are not blank and not skipped; an empty row is left out, a row of one key is that
/// key. `rowKey` scans rows then keys; `key` every key in turn; `blockRowKey` groups the rows in
/// blocks of ⌈√rows⌉ (at least 2) first. Pinned rows (the suggestion bar) stay rows at the top
/// in every pattern but `key`, so a suggestion is always two picks away.
public struct ScanTree: Equatable, Sendable {
    /// The top level.
    public var top: [ScanNode]

    /// A tree of `top` as it is.
    public init(top: [ScanNode]) {
        self.top = top
    }

    /// The tree of `rows` (each a row's key indices) in `pattern`; the rows at `pinned`
    /// indices stay rows of the top level, where they are.
    public init(rows: [[Int]], pattern: ScanPattern, pinned: Set<Int> = []) {
        func row(_ keys: [Int]) -> ScanNode { keys.count == 1 ? .key(keys[0]) : .group(keys.map(ScanNode.key)) }
        let free = rows.indices.filter { !pinned.contains($0) && !rows[$0].isEmpty }.map { rows[$0] }
        switch pattern.resolved(rows: free) {
        case .key:
            top = rows.flatMap { $0.map(ScanNode.key) }
            return
        case .rowKey, .automatic:
            top = rows.filter { !$0.isEmpty }.map(row)
            return
        case .blockRowKey:
            break
        }
        // Blocks of the free rows between pinned ones.
        let size = max(2, Int((Double(free.count).squareRoot()).rounded(.up)))
        var top: [ScanNode] = []
        var run: [[Int]] = []
        func flush() {
            for start in stride(from: 0, to: run.count, by: size) {
                let block = run[start..<min(run.count, start + size)]
                top.append(block.count == 1 ? row(block[block.startIndex]) : .group(block.map(row)))
            }
            run = []
        }
        for (i, keys) in rows.enumerated() where !keys.isEmpty {
            if pinned.contains(i) {
                flush()
                top.append(row(keys))
            } else {
                run.append(keys)
            }
        }
        flush()
        self.top = top
    }

    /// The tree of `layer` in `pattern`: its rows (`Layer.scanRows`) with the suggestion
    /// bar's row pinned.
    public init(layer: Layer, pattern: ScanPattern, skipping: Set<Int> = []) {
        let rows = layer.scanRows(skipping: skipping)
        self.init(rows: rows, pattern: pattern, pinned: ScanTree.barRows(rows, of: layer))
    }

    /// The indices of `rows` (the layer's scan rows) that are the suggestion bar: every key a slot.
    public static func barRows(_ rows: [[Int]], of layer: Layer) -> Set<Int> {
        let keys = layer.root.keys
        func isSlot(_ index: Int) -> Bool {
            guard keys.indices.contains(index), case .suggestion = keys[index].action else { return false }
            return true
        }
        return Set(rows.indices.filter { rows[$0].allSatisfy(isSlot) })
    }

    /// Every key of the tree, in scan order.
    public var keys: [Int] { top.flatMap(\.keys) }

    /// The items of the group at `path` (indices from the top; empty: the top level), without
    /// the back step.
    public func items(at path: [Int]) -> [ScanNode]? {
        var items = top
        for index in path {
            guard items.indices.contains(index), case .group(let inner) = items[index] else { return nil }
            items = inner
        }
        return items
    }

    /// The indices from the top down to `key` (nil: the tree does not hold it).
    public func path(to key: Int) -> [Int]? {
        func search(_ items: [ScanNode], _ prefix: [Int]) -> [Int]? {
            for (i, item) in items.enumerated() {
                switch item {
                case .key(let k) where k == key: return prefix + [i]
                case .group(let inner):
                    if inner.contains(where: { $0.keys.contains(key) }) { return search(inner, prefix + [i]) }
                default: break
                }
            }
            return nil
        }
        return search(top, [])
    }

    /// How far `key` is from the top (nil: the tree does not hold it).
    public func reach(_ key: Int) -> ScanReach? {
        guard let path = path(to: key) else { return nil }
        let moves = path.reduce(0, +)
        return ScanReach(steps: moves + path.count, moves: moves, picks: path.count)
    }
}
