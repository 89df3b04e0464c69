/// The record that every Stackboard process on a display keeps, on the root window, of the
/// keycodes it has borrowed (property `_STACKBOARD_KEYMAP`, type CARDINAL, format 32), so that
/// borrowers never take each other's keycodes, share the free ones fairly, and restore the ones a
/// dead process left behind. It is only written under the keymap lock (a server grab), by a
/// process that has just read it, so every write is a consistent whole.
///
/// Layout of the values: `[version, B, B borrowers × 4, K keys × 7]`, where a borrower is
/// `[slot selection atom, owner window, pid, nonce]` and a key is
/// `[keycode, pid, nonce, keysym of level 1, 2, 3, 4]` (0 where a level holds nothing). A borrower
/// is alive while it owns its slot selection with that window; the nonce tells its keys apart
/// from those of an earlier process that had the same slot and window id.
public struct KeymapRecord: Equatable, Sendable {
    /// The format written by this version (the first value).
    public static let version: UInt32 = 1
    /// Levels recorded per key.
    public static let levels = 4

    /// A process that borrows (or waits for) keycodes.
    public struct Borrower: Equatable, Sendable {
        /// The atom of the selection it owns while it lives (`_STACKBOARD_KEYMAP_S<n>`).
        public var slot: UInt32
        /// The window that owns that selection.
        public var window: UInt32
        /// Its process id (for people reading the record; liveness comes from the selection).
        public var pid: UInt32
        /// A random number of its own, never 0.
        public var nonce: UInt32

        /// A borrower entry.
        public init(slot: UInt32, window: UInt32, pid: UInt32, nonce: UInt32) {
            self.slot = slot
            self.window = window
            self.pid = pid
            self.nonce = nonce
        }
    }

    /// A borrowed keycode and what its borrower put there.
    public struct Key: Equatable, Sendable {
        /// The keycode.
        public var keycode: Int
        /// The borrower's process id.
        public var pid: UInt32
        /// The borrower's nonce.
        public var nonce: UInt32
        /// The keysyms of levels 1 to 4 of its only group (0 for none): what it must still hold
        /// for anyone to restore it.
        public var symbols: [UInt32]

        /// A key entry; `symbols` is padded with zeros (or cut) to four levels.
        public init(keycode: Int, pid: UInt32, nonce: UInt32, symbols: [UInt32]) {
            self.keycode = keycode
            self.pid = pid
            self.nonce = nonce
            self.symbols = Array((symbols + Array(repeating: 0, count: KeymapRecord.levels)).prefix(KeymapRecord.levels))
        }
    }

    /// The registered borrowers.
    public var borrowers: [Borrower]
    /// The borrowed keycodes.
    public var keys: [Key]

    /// A record with these entries (none by default).
    public init(borrowers: [Borrower] = [], keys: [Key] = []) {
        self.borrowers = borrowers
        self.keys = keys
    }

    /// Decodes the property's values; an empty property is an empty record, anything malformed
    /// or of another version is nil.
    public init?(decoding values: [UInt32]) {
        guard !values.isEmpty else { self.init(); return }
        guard values.count >= 2, values[0] == Self.version else { return nil }
        let b = Int(values[1])
        let keyValues = values.count - 2 - 4 * b
        guard b <= 1024, keyValues >= 0, keyValues % 7 == 0 else { return nil }
        var borrowers: [Borrower] = []
        for i in 0..<b {
            let v = values[(2 + 4 * i)..<(6 + 4 * i)].map { $0 }
            guard v[3] != 0 else { return nil }
            borrowers.append(Borrower(slot: v[0], window: v[1], pid: v[2], nonce: v[3]))
        }
        var keys: [Key] = []
        var seen = Set<Int>()
        for i in 0..<(keyValues / 7) {
            let start = 2 + 4 * b + 7 * i
            let v = values[start..<(start + 7)].map { $0 }
            let keycode = Int(v[0])
            guard (8...255).contains(keycode), v[2] != 0, seen.insert(keycode).inserted else { return nil }
            keys.append(Key(keycode: keycode, pid: v[1], nonce: v[2], symbols: Array(v[3...])))
        }
        self.init(borrowers: borrowers, keys: keys)
    }

    /// The property's values.
    public var encoded: [UInt32] {
        guard !borrowers.isEmpty || !keys.isEmpty else { return [] }
        var out: [UInt32] = [Self.version, UInt32(borrowers.count)]
        for b in borrowers { out += [b.slot, b.window, b.pid, b.nonce] }
        for k in keys { out += [UInt32(k.keycode), k.pid, k.nonce] + k.symbols }
        return out
    }

    /// The keys recorded for `nonce`.
    public func keys(of nonce: UInt32) -> [Key] { keys.filter { $0.nonce == nonce } }

    /// The entry of `keycode`, if it is borrowed.
    public func key(_ keycode: Int) -> Key? { keys.first { $0.keycode == keycode } }

    /// Sets (or adds) the entry of `key.keycode`.
    public mutating func set(_ key: Key) {
        if let i = keys.firstIndex(where: { $0.keycode == key.keycode }) { keys[i] = key } else { keys.append(key) }
    }

    /// Removes the entry of `keycode`.
    public mutating func remove(keycode: Int) { keys.removeAll { $0.keycode == keycode } }

    /// The borrowers whose nonce is not in `alive`, and their keys: what a dead process left.
    public func abandoned(alive: Set<UInt32>) -> (borrowers: [Borrower], keys: [Key]) {
        (borrowers.filter { !alive.contains($0.nonce) }, keys.filter { !alive.contains($0.nonce) })
    }

    /// Takes out what borrowers that are gone (not in `alive`: killed, crashed) left: their
    /// entries and their keys. Returns the keycodes to empty: those that still hold exactly what
    /// the record says (`stillHolds`); one someone else has changed since is theirs, and only
    /// its entry goes.
    public mutating func restoreAbandoned(alive: Set<UInt32>, stillHolds: (Key) -> Bool) -> [Int] {
        var restore: [Int] = []
        for key in abandoned(alive: alive).keys {
            if stillHolds(key) { restore.append(key.keycode) }
            remove(keycode: key.keycode)
        }
        removeBorrowers(notIn: alive)
        return restore
    }

    /// Drops every borrower whose nonce is not in `alive` (their keys are handled one by one).
    public mutating func removeBorrowers(notIn alive: Set<UInt32>) {
        borrowers.removeAll { !alive.contains($0.nonce) }
    }

    /// How many keycodes one of `borrowers` processes may hold when `pool` keycodes (free ones
    /// plus every borrowed one) are shared: an equal part of the pool minus a reserve of a few
    /// keycodes that stay free, so that a newcomer (the keyboard, while a long script types)
    /// gets one at once instead of waiting for the others to give some back. Never below 1.
    public static func share(pool: Int, borrowers: Int) -> Int {
        let reserve = pool >= 8 ? 2 : (pool >= 4 ? 1 : 0)
        return max(1, (pool - reserve) / max(1, borrowers))
    }
}
