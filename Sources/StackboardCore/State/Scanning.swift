/// Where switch scanning is.
enum ScanState: Sendable, Equatable {
    /// Scanning is not configured.
    case off
    /// Begins at the next `handle` or `advance` (its deadline is 0: as soon as possible).
    case starting
    /// Gave up after `loops` passes over the rows (or was paused on hide); a switch press resumes.
    case paused
    /// Row `index` is highlighted until `next`; `remaining` more steps before pausing.
    case rows(index: Int, remaining: Int, next: Double)
    /// Key `index` of row `group` is highlighted until `next`; `remaining` more steps before
    /// going back to the rows.
    case keys(group: Int, index: Int, remaining: Int, next: Double)
}

extension KeyboardState {
    /// Starts scanning at the first row if it is waiting to start.
    mutating func startPendingScan(now: Double) {
        if scan == .starting { startRows(at: 0, now: now) }
    }

    /// Highlights row `index` now and scans the rows from there.
    mutating func startRows(at index: Int, now: Double) {
        guard let scanning = timing.scan, !scanGroups.isEmpty else {
            if scan != .off { scan = .paused }
            return
        }
        let start = scanGroups.indices.contains(index) ? index : 0
        scan = .rows(index: start, remaining: scanning.loops * scanGroups.count - 1, next: now + scanning.interval)
    }

    /// The switch: resumes a paused scan, selects the highlighted row, or fires the highlighted
    /// key (like a tap, click included) and goes back to the first row.
    mutating func switchPressed(now: Double) -> [Effect] {
        guard let scanning = timing.scan else { return [] }
        switch scan {
        case .off:
            return []
        case .starting, .paused:
            startRows(at: 0, now: now)
            return []
        case .rows(let row, _, _):
            guard scanGroups.indices.contains(row) else {
                startRows(at: 0, now: now)
                return []
            }
            scan = .keys(group: row, index: 0, remaining: scanning.loops * scanGroups[row].count - 1,
                         next: now + scanning.interval)
            return []
        case .keys(let row, let column, _, _):
            startRows(at: 0, now: now)
            guard let index = scannedKey(row: row, column: column), let key = key(at: index) else { return [] }
            return [.click(KeyboardState.clickKind(of: key.action))] + perform(key, heldUsed: false)
        }
    }

    /// Moves the highlight on when its time is up: next row (pausing after `loops` passes), or
    /// next key of the row (back to the rows after `loops` passes).
    mutating func advanceScan(now: Double) {
        guard let scanning = timing.scan else { return }
        let interval = scanning.interval
        func after(_ due: Double) -> Double { due + interval > now ? due + interval : now + interval }
        switch scan {
        case .rows(let row, let remaining, let next) where next <= now:
            if remaining <= 0 {
                scan = .paused
            } else {
                scan = .rows(index: (row + 1) % max(1, scanGroups.count), remaining: remaining - 1, next: after(next))
            }
        case .keys(let row, let column, let remaining, let next) where next <= now:
            if remaining <= 0 || !scanGroups.indices.contains(row) {
                let back = scanGroups.indices.contains(row) ? row : 0
                scan = .rows(index: back, remaining: scanning.loops * scanGroups.count - 1, next: after(next))
            } else {
                let count = max(1, scanGroups[row].count)
                scan = .keys(group: row, index: (column + 1) % count, remaining: remaining - 1, next: after(next))
            }
        default:
            break
        }
    }

    /// When the scan highlight moves next (0 while waiting to start; nil when off or paused).
    var scanDeadline: Double? {
        switch scan {
        case .off, .paused: return nil
        case .starting: return 0
        case .rows(_, _, let next), .keys(_, _, _, let next): return next
        }
    }

    /// Whether the key at `index` is highlighted by scanning (in its row, or alone).
    func isScanHighlighted(_ index: Int) -> Bool {
        switch scan {
        case .rows(let row, _, _):
            return scanGroups.indices.contains(row) && scanGroups[row].contains(index)
        case .keys(let row, let column, _, _):
            return scannedKey(row: row, column: column) == index
        default:
            return false
        }
    }

    private func scannedKey(row: Int, column: Int) -> Int? {
        guard scanGroups.indices.contains(row), scanGroups[row].indices.contains(column) else { return nil }
        return scanGroups[row][column]
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
