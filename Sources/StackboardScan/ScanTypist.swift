import StackboardCore

/// What typing something by scanning cost.
public struct ScanCost: Equatable, Sendable {
    /// Highlights shown (time = steps × interval, plus the extra time on first items).
    public var steps = 0
    /// Switch activations: picks, and in step and directed scanning the moves too.
    public var selections = 0

    /// A cost with every property given.
    public init(steps: Int = 0, selections: Int = 0) {
        self.steps = steps
        self.selections = selections
    }

    /// Both costs added.
    public static func + (a: ScanCost, b: ScanCost) -> ScanCost {
        ScanCost(steps: a.steps + b.steps, selections: a.selections + b.selections)
    }
}

/// A switch user typing on a layout by scanning, as a cost model: for each character, the
/// cheapest keys that type it from the layer shown (layer keys and shift included), and what
/// reaching each key costs in the scan mode and pattern.
///
/// Rules (as the keyboard behaves): a layer key shows its layer until another layer key is
/// picked; shift types the next key shifted, then releases; after a pick, auto, step and
/// inverse scanning start again at the top, directed scanning moves on from where it picked.
/// Costs: auto and inverse — steps are the highlights to the key (`ScanReach.steps`),
/// selections the picks; step — selections add a press of `next` per move; directed — the
/// fewest moves over the grid (wrapping) plus the pick, each a step and a selection.
public struct ScanTypist: Sendable {
    /// The mode priced.
    public let mode: ScanMode
    /// The layer shown.
    public private(set) var layer: String
    private let layers: [String: LayerPlan]
    /// The layers' names in the layout's order (ties go to the layer shown, then the first).
    private let order: [String]
    private var cell: Int?

    struct LayerPlan: Sendable {
        var tree: ScanTree
        var grid: ScanGrid
        var keys: [Key]
        var shift: Int?
        var switches: [String: Int]
        var slots: [Int: Int]
        var actions: [Action: Int]
        var plain: [Character: Int]
        var shifted: [Character: Int]
    }

    /// A typist on `layout` (with its suggestion slots made, if any), starting on its first layer.
    public init(layout: Layout, mode: ScanMode, pattern: ScanPattern, size: Size = Size(width: 1000, height: 320)) {
        self.mode = mode
        layer = layout.layers.first?.name ?? ""
        var plans: [String: LayerPlan] = [:]
        for layer in layout.layers {
            let rows = layer.scanRows()
            let placed = LayoutEngine.place(layer, in: size, defaults: layout.defaults)
            let centres = Dictionary(placed.map { ($0.index, Double($0.frame.x) + Double($0.frame.width) / 2) }, uniquingKeysWith: { a, _ in a })
            let keys = layer.root.keys
            var plan = LayerPlan(tree: ScanTree(layer: layer, pattern: pattern), grid: ScanGrid(rows: rows, centres: centres), keys: keys,
                                 shift: nil, switches: [:], slots: [:], actions: [:], plain: [:], shifted: [:])
            for (index, key) in keys.enumerated() where key.style != .blank {
                plan.actions[key.action] = plan.actions[key.action] ?? index
                switch key.action {
                case .modifier(.shift): plan.shift = plan.shift ?? index
                case .layer(let name): plan.switches[name] = plan.switches[name] ?? index
                case .suggestion(let slot): plan.slots[slot] = index
                case .space: plan.plain[" "] = plan.plain[" "] ?? index
                case .text:
                    if let text = key.text(shifted: false), text.count == 1, let c = text.first { plan.plain[c] = plan.plain[c] ?? index }
                    let up = key.shiftedLabel ?? key.label.uppercased()
                    if key.text(shifted: false) != up, up.count == 1, let c = up.first { plan.shifted[c] = plan.shifted[c] ?? index }
                default: break
                }
            }
            plans[layer.name] = plan
        }
        layers = plans
        order = layout.layers.map(\.name)
    }

    /// Types `c` (a newline is return): what it cost, or nil when no key of the layout types it.
    public mutating func type(_ c: Character) -> ScanCost? {
        if c == "\n" { return press(.key(.returnKey)) }
        // Each way priced on a copy of the typist; the cheaper one is kept (the plain key on a tie).
        var direct = self, shifted = self
        let plain = direct.pick(in: { $0.plain[c] })
        let viaShift = shifted.typeShifted(c)
        if let viaShift, plain.map({ viaShift.steps < $0.steps }) ?? true {
            self = shifted
            return viaShift
        }
        self = direct
        return plain
    }

    /// Picks the first key with `action` (backspace, return): what it cost, or nil when no
    /// layer has one.
    public mutating func press(_ action: Action) -> ScanCost? {
        pick(in: { $0.actions[action] })
    }

    /// Picks suggestion slot `slot`: what it cost, or nil when no layer shows it.
    public mutating func pickSlot(_ slot: Int) -> ScanCost? {
        pick(in: { $0.slots[slot] })
    }

    // MARK: Pricing

    /// Shift, then the key that types `c` shifted in the same layer.
    private mutating func typeShifted(_ c: Character) -> ScanCost? {
        guard let shift = pick(in: { $0.shifted[c] != nil ? $0.shift : nil }),
              let key = pick(in: { $0.shifted[c] }, stayOn: layer) else { return nil }
        return shift + key
    }

    /// Picks the key `find` names, in the layer shown or, after its layer key, in another
    /// (the cheapest); `stayOn` keeps to one layer (the key after shift).
    private mutating func pick(in find: (LayerPlan) -> Int?, stayOn: String? = nil) -> ScanCost? {
        var best: (cost: ScanCost, layer: String, cell: Int)?
        for name in [layer] + order.filter({ $0 != layer }) {
            if let stayOn, name != stayOn { continue }
            guard let plan = layers[name], let key = find(plan) else { continue }
            var cost = ScanCost()
            var from = cell
            if name != layer {
                guard let current = layers[layer], let switchKey = current.switches[name],
                      let switching = price(switchKey, in: current, from: cell) else { continue }
                cost = switching
                from = nil
            }
            guard let reach = price(key, in: plan, from: from) else { continue }
            cost = cost + reach
            if best.map({ cost.steps < $0.cost.steps }) ?? true { best = (cost, name, key) }
        }
        guard let best else { return nil }
        layer = best.layer
        cell = best.cell
        return best.cost
    }

    /// What reaching `key` in `plan` costs, the highlight starting on `from` (directed; nil:
    /// on the layer's first key).
    private func price(_ key: Int, in plan: LayerPlan, from: Int?) -> ScanCost? {
        switch mode {
        case .auto, .inverse:
            return plan.tree.reach(key).map { ScanCost(steps: $0.steps, selections: $0.picks) }
        case .step:
            return plan.tree.reach(key).map { ScanCost(steps: $0.steps, selections: $0.moves + $0.picks) }
        case .directed:
            guard let moves = Self.moves(in: plan.grid, from: from ?? plan.grid.rows.first?.first ?? key, to: key) else { return nil }
            return ScanCost(steps: moves + 1, selections: moves + 1)
        }
    }

    /// The fewest directed moves from key `from` to key `to` over `grid` (nil: `to` is not on it).
    static func moves(in grid: ScanGrid, from: Int, to: Int) -> Int? {
        guard from != to else { return 0 }
        var machine = ScanMachine(mode: .directed, timing: ScanTiming(interval: 1), tree: ScanTree(top: []), grid: grid)
        guard let start = grid.rows.enumerated().lazy.compactMap({ r, row in row.firstIndex(of: from).map { (r, $0) } }).first else { return nil }
        machine.place(row: start.0, column: start.1)
        var seen: Set<Int> = [from]
        var frontier = [machine]
        var distance = 0
        while !frontier.isEmpty {
            distance += 1
            var next: [ScanMachine] = []
            for state in frontier {
                for role in [ScanRole.up, .down, .left, .right] {
                    var moved = state
                    _ = moved.press(role, now: 0)
                    _ = moved.release(role, now: 0)
                    guard case .keys(let keys) = moved.highlight, let key = keys.first, seen.insert(key).inserted else { continue }
                    if key == to { return distance }
                    next.append(moved)
                }
            }
            frontier = next
        }
        return nil
    }
}
