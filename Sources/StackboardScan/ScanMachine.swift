import StackboardCore

/// The keys as they lie on screen, for directed scanning: rows top to bottom, each row's keys
/// left to right, and where each key's centre is across.
public struct ScanGrid: Equatable, Sendable {
    /// Each row's key indices, left to right.
    public var rows: [[Int]]
    /// The horizontal centre of each key, in any unit.
    public var centres: [Int: Double]

    /// A grid with every property given (empty rows are left out).
    public init(rows: [[Int]], centres: [Int: Double]) {
        self.rows = rows.filter { !$0.isEmpty }
        self.centres = centres
    }
}

/// What scanning highlights now.
public enum ScanHighlight: Equatable, Sendable {
    /// Nothing: scanning is paused.
    case none
    /// These keys (one key, a row, a block).
    case keys([Int])
    /// The back step of the group holding these keys: a pick leaves the group.
    case back([Int])
}

/// What one call to the machine did.
public struct ScanStep: Equatable, Sendable {
    /// The key the user picked, to fire as a tap would (nil: none).
    public var picked: Int?
    /// Whether the highlight changed.
    public var moved: Bool

    /// A step with every property given.
    public init(picked: Int? = nil, moved: Bool = false) {
        self.picked = picked
        self.moved = moved
    }
}

/// Switch scanning, as a value: switches and time go in, the picked key and the highlight come
/// out, and it says when it next needs the time (`nextDeadline`), like `KeyboardState`.
///
/// Rules:
/// - auto: the highlight moves every `interval` (the first item of a group stays
///   `firstItemExtra` longer); `select` enters the highlighted group or picks the key and starts
///   again at the top. After `loops` passes a group is left for the level above; at the top the
///   scan pauses, and the next `select` starts it again (without picking). The highlight stands
///   still while `select` is held.
/// - step: `next` moves the highlight one item (no timer, no pause); `select` as in auto.
/// - inverse: holding `select` moves the highlight every interval from where it stands; releasing
///   it picks. A paused scan starts at the press.
/// - directed: `up`/`down` move to the nearest key across in the row above/below, `left`/`right`
///   along the row, all wrapping; `select` picks and the highlight stays.
/// - Every group but the top ends with a back step: picking it returns to the level above, on
///   the item after the group just left, so a wrong row costs one step rather than a lap.
/// - A press counts once held `acceptance` (the release before that: nothing happened); in
///   inverse scanning a hold shorter than `acceptance` picks nothing. After a press counted,
///   presses for `postAcceptance` are ignored (switch bounces).
public struct ScanMachine: Equatable, Sendable {
    /// How the switches work.
    public let mode: ScanMode
    /// The times.
    public var timing: ScanTiming
    /// The groups scanned (auto, step, inverse).
    public private(set) var tree: ScanTree
    /// The keys on screen (directed).
    public private(set) var grid: ScanGrid

    /// Whether the scan runs (false: paused, nothing highlighted).
    public private(set) var running = false
    /// The groups entered, as indices from the top.
    public private(set) var groups: [Int] = []
    /// The highlighted item of the current group (its item count: the back step).
    public private(set) var index = 0
    /// Directed: the highlighted row and key of `grid`.
    public private(set) var cell = (row: 0, column: 0)
    private var passesLeft = 0
    private var next: Double?
    private var down: [ScanRole: Double] = [:]
    private var pending: (role: ScanRole, at: Double)?
    private var quietUntil = -Double.infinity

    /// A paused machine over `tree` (and `grid` for directed scanning).
    public init(mode: ScanMode, timing: ScanTiming, tree: ScanTree, grid: ScanGrid = ScanGrid(rows: [], centres: [:])) {
        self.mode = mode
        self.timing = timing
        self.tree = tree
        self.grid = grid
    }

    public static func == (a: ScanMachine, b: ScanMachine) -> Bool {
        a.mode == b.mode && a.timing == b.timing && a.tree == b.tree && a.grid == b.grid && a.running == b.running
            && a.groups == b.groups && a.index == b.index && a.cell == b.cell && a.passesLeft == b.passesLeft
            && a.next == b.next && a.down == b.down && a.pending?.role == b.pending?.role && a.pending?.at == b.pending?.at
            && a.quietUntil == b.quietUntil
    }

    // MARK: What it shows

    /// What is highlighted now.
    public var highlight: ScanHighlight {
        guard running else { return .none }
        if mode == .directed {
            guard let key = directedKey else { return .none }
            return .keys([key])
        }
        guard let items = tree.items(at: groups) else { return .none }
        if index >= items.count {
            return groups.isEmpty ? .none : .back(items.flatMap(\.keys))
        }
        return .keys(items[index].keys)
    }

    /// When the machine next needs `advance` (nil: only a switch moves it).
    public var nextDeadline: Double? {
        [next, pending.map { $0.at + timing.acceptance }].compactMap { $0 }.min()
    }

    // MARK: Driving it

    /// Starts at the top (the first item; directed: where the highlight stood).
    public mutating func start(now: Double) {
        running = true
        enterTop(now: now)
    }

    /// Stops: nothing highlighted, switches forgotten, until `start` or a switch.
    public mutating func pause() {
        running = false
        next = nil
        pending = nil
        down = [:]
    }

    /// Directed: highlights the key at `row`, `column` of the grid (a running scan).
    mutating func place(row: Int, column: Int) {
        running = true
        cell = (row, column)
    }

    /// Puts in a new tree (another layer, the suggestion bar filled or emptied): a running scan
    /// starts again at the top.
    public mutating func setTree(_ tree: ScanTree, grid: ScanGrid, now: Double) {
        self.tree = tree
        self.grid = grid
        if cell.row >= grid.rows.count || cell.column >= (grid.rows.indices.contains(cell.row) ? grid.rows[cell.row].count : 0) {
            cell = (0, 0)
        }
        if running { enterTop(now: now) }
    }

    /// Starts again at the top after something else typed (a tap, a suggestion), if running.
    public mutating func restart(now: Double) {
        if running { enterTop(now: now) }
    }

    /// A switch went down.
    public mutating func press(_ role: ScanRole, now: Double) -> ScanStep {
        guard mode.roles.contains(role), down[role] == nil else { return ScanStep() }
        guard now >= quietUntil else { return ScanStep() }   // a bounce: its release is ignored too
        down[role] = now
        if mode == .inverse {
            guard running else {
                running = true
                enterTop(now: now)
                next = now + firstInterval
                return ScanStep(moved: true)
            }
            next = now + timing.interval
            return ScanStep()
        }
        if timing.acceptance > 0 {
            pending = (role, now)
            if mode == .auto { next = nil }   // the highlight stands while the switch is held
            return ScanStep()
        }
        return act(role, now: now)
    }

    /// A switch came up.
    public mutating func release(_ role: ScanRole, now: Double) -> ScanStep {
        guard let pressedAt = down.removeValue(forKey: role) else { return ScanStep() }
        if mode == .inverse {
            next = nil
            guard running, now - pressedAt >= timing.acceptance else { return ScanStep() }
            quietUntil = now + timing.postAcceptance
            return pick(now: now)
        }
        if let held = pending, held.role == role {
            pending = nil   // released before it counted
            if mode == .auto, running { next = now + timing.interval }
        }
        return ScanStep()
    }

    /// Moves on what is due at `now`: a press that has been held long enough, the highlight's
    /// next step.
    public mutating func advance(now: Double) -> ScanStep {
        var step = ScanStep()
        if let held = pending, held.at + timing.acceptance <= now {
            pending = nil
            step = act(held.role, now: held.at + timing.acceptance)
        }
        while let due = next, due <= now, running {
            let moved = move(due: due, now: now)
            step.moved = step.moved || moved
        }
        return step
    }

    // MARK: The rules

    private var firstInterval: Double { timing.interval + timing.firstItemExtra }

    private var directedKey: Int? {
        guard grid.rows.indices.contains(cell.row), grid.rows[cell.row].indices.contains(cell.column) else { return nil }
        return grid.rows[cell.row][cell.column]
    }

    private var itemCount: Int {
        (tree.items(at: groups)?.count ?? 0) + (groups.isEmpty ? 0 : 1)
    }

    private mutating func enterTop(now: Double) {
        groups = []
        index = 0
        passesLeft = timing.loops
        // Inverse: a new tree while the switch is held keeps the highlight moving.
        next = mode == .auto || (mode == .inverse && down[.select] != nil) ? now + firstInterval : nil
    }

    /// A press that counts.
    private mutating func act(_ role: ScanRole, now: Double) -> ScanStep {
        quietUntil = now + timing.postAcceptance
        switch (mode, role) {
        case (.auto, .select):
            guard running else {
                start(now: now)
                return ScanStep(moved: true)
            }
            return pick(now: now)
        case (.step, .next):
            guard running else {
                start(now: now)
                return ScanStep(moved: true)
            }
            index = (index + 1) % max(1, itemCount)
            return ScanStep(moved: true)
        case (.step, .select):
            guard running else {
                start(now: now)
                return ScanStep(moved: true)
            }
            return pick(now: now)
        case (.directed, .select):
            guard running else {
                running = true
                return ScanStep(moved: true)
            }
            return ScanStep(picked: directedKey)
        case (.directed, let direction):
            let wasRunning = running
            running = true
            return ScanStep(moved: moveCell(direction) || !wasRunning)
        default:
            return ScanStep()
        }
    }

    /// Picks the highlighted item: enters a group, leaves one (back), or picks a key.
    private mutating func pick(now: Double) -> ScanStep {
        guard let items = tree.items(at: groups) else {
            enterTop(now: now)
            return ScanStep(moved: true)
        }
        if index >= items.count {
            guard let left = groups.popLast() else {
                enterTop(now: now)
                return ScanStep(moved: true)
            }
            index = (left + 1) % max(1, itemCount)
            passesLeft = timing.loops
            next = mode == .auto ? now + timing.interval : nil
            return ScanStep(moved: true)
        }
        switch items[index] {
        case .group:
            groups.append(index)
            index = 0
            passesLeft = timing.loops
            next = mode == .auto ? now + firstInterval : nil
            return ScanStep(moved: true)
        case .key(let key):
            enterTop(now: now)
            return ScanStep(picked: key, moved: true)
        }
    }

    /// The timer moved the highlight (auto; inverse while held): returns whether it moved.
    private mutating func move(due: Double, now: Double) -> Bool {
        func after(_ length: Double) -> Double { due + length > now ? due + length : now + length }
        index += 1
        if index >= itemCount {
            if mode == .auto { passesLeft -= 1 }
            if passesLeft <= 0 {
                guard let left = groups.popLast() else {
                    pause()
                    return true
                }
                index = left
                passesLeft = timing.loops
                next = after(timing.interval)
                return true
            }
            index = 0
            next = after(firstInterval)
            return true
        }
        next = after(timing.interval)
        return true
    }

    private mutating func moveCell(_ direction: ScanRole) -> Bool {
        let rows = grid.rows
        guard !rows.isEmpty else { return false }
        let row = min(cell.row, rows.count - 1)
        switch direction {
        case .left, .right:
            let count = rows[row].count
            let step = direction == .left ? count - 1 : 1
            cell = (row, (min(cell.column, count - 1) + step) % count)
        case .up, .down:
            let x = directedKey.flatMap { grid.centres[$0] } ?? 0
            let target = (row + (direction == .up ? rows.count - 1 : 1)) % rows.count
            let keys = rows[target]
            let column = keys.indices.min { abs((grid.centres[keys[$0]] ?? 0) - x) < abs((grid.centres[keys[$1]] ?? 0) - x) } ?? 0
            cell = (target, column)
        default:
            return false
        }
        return true
    }
}
