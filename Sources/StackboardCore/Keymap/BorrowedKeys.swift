/// One level of a borrowed keycode: the character it carries and when it was last typed.
public struct BorrowedLevel: Equatable, Sendable {
    /// The keysym at this level.
    public var keysym: UInt
    /// When it was last pressed (seconds, the injector's clock).
    public var lastUse: Double

    /// A level last used at `lastUse`.
    public init(keysym: UInt, lastUse: Double) {
        self.keysym = keysym
        self.lastUse = lastUse
    }
}

/// A keycode this process has borrowed, with one character per level (up to four: none,
/// Shift, AltGr, Shift+AltGr).
public struct BorrowedKey: Equatable, Sendable {
    /// The keycode.
    public var keycode: Int
    /// Its levels, from level 1.
    public var levels: [BorrowedLevel]
    /// Every keysym the key held right after this process last changed it (what "it is still
    /// ours" compares against).
    public var holds: [UInt]
    /// When an application at the slow pace has handled this keycode's last key event (the
    /// injector's clock; 0: none sent): time alone lets it change the keycode from then on.
    public var handledBy: Double = 0
    /// The stretch of keys (ping epoch) of its last key event (-1: none sent): a pong for that
    /// stretch or a later one proves its keys handled.
    public var stretch = -1

    /// A borrowed key.
    public init(keycode: Int, levels: [BorrowedLevel], holds: [UInt]) {
        self.keycode = keycode
        self.levels = levels
        self.holds = holds
    }

    /// When any of its levels was last used.
    public var lastUse: Double { levels.map(\.lastUse).max() ?? 0 }
}

/// Where a character that is not in the keymap goes.
public enum Placement: Equatable, Sendable {
    /// On the next level of a keycode this process holds (no character it carries changes).
    case extend(keycode: Int)
    /// On a free keycode.
    case take(keycode: Int)
    /// In place of the character at `level` of a keycode this process holds.
    case replace(keycode: Int, level: Int, victim: BorrowedLevel)
    /// Nowhere now: every free keycode is beyond this process's share, and every level it holds
    /// is in use by the keys being typed.
    case none
}

/// The keycodes this process has borrowed for characters that are not in the keymap: which
/// hold what, when each level was last used, where a new character goes and which keycodes
/// are given back. Pure bookkeeping; time and the shared state come in as parameters.
public struct BorrowedKeys: Equatable, Sendable {
    /// Borrowed keycodes by keycode.
    public private(set) var keys: [Int: BorrowedKey] = [:]
    /// Seconds of idle after which a keycode is given back.
    public var idleTimeout: Double

    /// Nothing borrowed yet.
    public init(idleTimeout: Double) { self.idleTimeout = idleTimeout }

    /// The keycode and level that carry `keysym`.
    public func slot(for keysym: UInt) -> (keycode: Int, level: Int)? {
        for key in keys.values {
            if let level = key.levels.firstIndex(where: { $0.keysym == keysym }) { return (key.keycode, level) }
        }
        return nil
    }

    /// Whether `keycode` is borrowed.
    public func isBorrowed(_ keycode: Int) -> Bool { keys[keycode] != nil }

    /// Marks the level carrying `keysym` as typed at `now`, in the stretch `stretch` of keys,
    /// its events handled by `handledBy` at the slow pace.
    public mutating func touch(_ keysym: UInt, now: Double, handledBy: Double, stretch: Int) {
        guard let (kc, level) = slot(for: keysym), var key = keys[kc] else { return }
        key.levels[level].lastUse = now
        key.handledBy = max(key.handledBy, handledBy)
        key.stretch = max(key.stretch, stretch)
        keys[kc] = key
    }

    /// Records that `keycode` now carries `symbols` (level by level) and holds `holds` in all;
    /// levels whose keysym did not change keep their history, new ones start at `now`. The key
    /// events already sent on the keycode stay its own.
    public mutating func record(_ keycode: Int, symbols: [UInt], holds: [UInt], now: Double) {
        let old = keys[keycode]
        let oldLevels = old?.levels ?? []
        let levels = symbols.enumerated().map { i, sym in
            i < oldLevels.count && oldLevels[i].keysym == sym ? oldLevels[i] : BorrowedLevel(keysym: sym, lastUse: now)
        }
        var key = BorrowedKey(keycode: keycode, levels: levels, holds: holds)
        key.handledBy = old?.handledBy ?? 0
        key.stretch = old?.stretch ?? -1
        keys[keycode] = key
    }

    /// Forgets `keycode` (given back, or taken over by someone else).
    public mutating func drop(_ keycode: Int) { keys[keycode] = nil }

    /// Where `keysym` goes. `free`: keycodes verified empty and borrowed by no one; `limit`:
    /// how many keycodes this process may hold (its share); `levels`: how many levels a key can
    /// have on this keymap; `busy`: keycodes that are down; `protected`: keysyms the keys being
    /// typed need; `nextUse`: where each keysym is next needed in the text still to type.
    /// A level is added to a held keycode before a free keycode is taken (fewer keycodes held,
    /// more left for other processes); only when both fail is a character replaced: the one
    /// needed last (or never again), among equals the least recently used.
    public func placement(for keysym: UInt, free: [Int], limit: Int, levels: Int, busy: Set<Int>,
                          protected: Set<UInt>, nextUse: [UInt: Int]) -> Placement {
        let open = keys.values.filter { $0.levels.count < levels && !busy.contains($0.keycode) }
        if let key = open.max(by: { ($0.levels.count, -$0.keycode) < ($1.levels.count, -$1.keycode) }) {
            return .extend(keycode: key.keycode)
        }
        if keys.count < limit, let kc = free.filter({ keys[$0] == nil }).max() { return .take(keycode: kc) }
        var best: (rank: (Int, Double, Int, Int), keycode: Int, level: Int, victim: BorrowedLevel)?
        for key in keys.values where !busy.contains(key.keycode) {
            for (i, level) in key.levels.enumerated() where !protected.contains(level.keysym) {
                let rank = (-(nextUse[level.keysym] ?? Int.max), level.lastUse, key.keycode, i)
                if best.map({ rank < $0.rank }) ?? true { best = (rank, key.keycode, i, level) }
            }
        }
        guard let best else { return .none }
        return .replace(keycode: best.keycode, level: best.level, victim: best.victim)
    }

    /// The keycodes idle for at least `idleTimeout` at `now` and not in `busy`.
    public func idle(now: Double, busy: Set<Int>) -> [BorrowedKey] {
        keys.values.filter { now - $0.lastUse >= idleTimeout && !busy.contains($0.keycode) }.sorted { $0.keycode < $1.keycode }
    }

    /// The keycodes beyond `limit` to give back to other processes, least recently used first
    /// (none of `busy`).
    public func excess(limit: Int, busy: Set<Int>) -> [BorrowedKey] {
        guard keys.count > limit else { return [] }
        let candidates = keys.values.filter { !busy.contains($0.keycode) }
            .sorted { ($0.lastUse, $0.keycode) < ($1.lastUse, $1.keycode) }
        return Array(candidates.prefix(keys.count - limit))
    }

    /// When the next keycode (not in `busy`) falls idle; nil when nothing is borrowed.
    public func nextIdle(busy: Set<Int>) -> Double? {
        keys.values.filter { !busy.contains($0.keycode) }.map(\.lastUse).min().map { $0 + idleTimeout }
    }
}
