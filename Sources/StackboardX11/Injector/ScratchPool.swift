/// The keycodes the injector borrows for characters that are not in the keymap: which are
/// free, which hold what, and when each was last used. Pure bookkeeping with time passed in.
struct ScratchPool {
    /// A borrowed keycode.
    struct Entry: Equatable {
        /// The keycode.
        var keycode: Int
        /// The keysym it was mapped for.
        var keysym: UInt
        /// Every keysym the key held right after the change (what "still ours" compares).
        var holds: [UInt]
        /// When it was last pressed (seconds, the injector's clock).
        var lastUsed: Double
    }

    /// Keycodes verified empty (no symbol in any group or level, no action, no modifier), not borrowed.
    private(set) var free: [Int] = []
    /// Borrowed keycodes by keycode.
    private(set) var entries: [Int: Entry] = [:]
    /// Seconds of idle after which a borrowed keycode is given back.
    var idleTimeout: Double
    /// When each keycode was last given back: a client that lags behind may still look up its
    /// old character, so the free keycode given back longest ago is used first.
    private var givenBack: [Int: Double] = [:]

    /// An empty pool.
    init(idleTimeout: Double) { self.idleTimeout = idleTimeout }

    /// Replaces the free list with `empty` (verified empty keycodes), minus the borrowed ones;
    /// the highest keycodes are used first.
    mutating func setEmpty(_ empty: [Int]) {
        free = empty.filter { entries[$0] == nil }.sorted()
    }

    /// The borrowed keycode that was mapped for `keysym`.
    func keycode(for keysym: UInt) -> Int? {
        entries.values.first { $0.keysym == keysym }?.keycode
    }

    /// Whether `keycode` is borrowed.
    func isBorrowed(_ keycode: Int) -> Bool { entries[keycode] != nil }

    /// Marks `keycode` as used at `now`.
    mutating func touch(_ keycode: Int, now: Double) {
        entries[keycode]?.lastUsed = now
    }

    /// Records that `keycode` now holds `keysym` (its whole symbol list is `holds`).
    mutating func record(_ keycode: Int, keysym: UInt, holds: [UInt], now: Double) {
        free.removeAll { $0 == keycode }
        entries[keycode] = Entry(keycode: keycode, keysym: keysym, holds: holds, lastUsed: now)
    }

    /// Forgets `keycode` (given back at `now`, or taken over by someone else).
    mutating func drop(_ keycode: Int, now: Double) {
        entries[keycode] = nil
        givenBack[keycode] = now
    }

    /// Where the next character goes: a free keycode, else a borrowed one not in `busy` (keys
    /// that are down or needed by the batch being typed): one whose character `nextUse` (the
    /// position of each keysym's next use in the text still to type) does not need again, or
    /// needs last; among equals the least recently used. Nil when there is none.
    func nextSlot(busy: Set<Int>, nextUse: [UInt: Int] = [:]) -> (keycode: Int, evicting: Entry?)? {
        let unused = free.filter { givenBack[$0] == nil }
        if let kc = unused.last ?? free.min(by: { givenBack[$0, default: 0] < givenBack[$1, default: 0] }) {
            return (kc, nil)
        }
        let victim = entries.values.filter { !busy.contains($0.keycode) }.min { a, b in
            let na = nextUse[a.keysym] ?? Int.max, nb = nextUse[b.keysym] ?? Int.max
            if na != nb { return na > nb }
            return a.lastUsed != b.lastUsed ? a.lastUsed < b.lastUsed : a.keycode < b.keycode
        }
        return victim.map { ($0.keycode, $0) }
    }

    /// The borrowed keycodes idle for at least `idleTimeout` at `now` and not in `busy`.
    func expired(now: Double, busy: Set<Int>) -> [Entry] {
        entries.values.filter { now - $0.lastUsed >= idleTimeout && !busy.contains($0.keycode) }
            .sorted { $0.keycode < $1.keycode }
    }

    /// When the next borrowed keycode (not in `busy`) falls idle; nil when there is none.
    func nextDeadline(busy: Set<Int>) -> Double? {
        entries.values.filter { !busy.contains($0.keycode) }.map(\.lastUsed).min().map { $0 + idleTimeout }
    }
}
