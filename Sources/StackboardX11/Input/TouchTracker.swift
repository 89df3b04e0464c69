import StackboardCore

/// The touch sequences in progress, with no X11 in it: gives each sequence a small pointer id
/// (the lowest free one from 1; 0 is the core pointer), turns begin, update and end into
/// `InputEvent`s, and cancels sequences that went silent for too long.
struct TouchTracker: Sendable, Equatable {
    /// Identifies one touch sequence: XI touch ids are unique per source device only.
    struct Key: Hashable, Sendable {
        /// The slave device the touch came from (`sourceid`).
        var device: Int32
        /// The XI touch id (`detail`).
        var touch: UInt32
    }

    /// One sequence in progress.
    struct Touch: Sendable, Equatable {
        /// The pointer id the state machine knows it by.
        var pointer: Int
        /// Where it was last seen, in window pixels.
        var point: Point
        /// When it was last heard of.
        var lastSeen: Double
        /// The finger is up (TouchUpdate with XITouchPendingEnd) but the sequence has not ended.
        var pendingEnd = false
    }

    /// How long a sequence may go without any event before it is cancelled, in seconds.
    let timeout: Double
    private(set) var touches: [Key: Touch] = [:]

    init(timeout: Double) {
        self.timeout = max(0, timeout)
    }

    /// XI_TouchBegin: a new sequence gets the lowest free pointer id and presses.
    mutating func begin(_ key: Key, at point: Point, now: Double) -> [InputEvent] {
        var out: [InputEvent] = []
        if let stale = touches.removeValue(forKey: key) { out.append(.cancel(pointer: stale.pointer)) }
        let used = Set(touches.values.map(\.pointer))
        var pointer = 1
        while used.contains(pointer) { pointer += 1 }
        touches[key] = Touch(pointer: pointer, point: point, lastSeen: now)
        out.append(.press(pointer: pointer, at: point))
        return out
    }

    /// XI_TouchUpdate: a move, unless the point is unchanged or the finger is already up
    /// (`pendingEnd`: the position is final and the release comes with XI_TouchEnd).
    mutating func update(_ key: Key, at point: Point, pendingEnd: Bool, now: Double) -> [InputEvent] {
        guard var touch = touches[key] else { return [] }
        touch.lastSeen = now
        var out: [InputEvent] = []
        if !touch.pendingEnd && point != touch.point {
            touch.point = point
            out.append(.move(pointer: touch.pointer, to: point))
        }
        if pendingEnd { touch.pendingEnd = true }
        touches[key] = touch
        return out
    }

    /// XI_TouchEnd: a release where the finger left (after a pending end: where it was then),
    /// or a cancel when the sequence was taken away (`cancelled`).
    mutating func end(_ key: Key, at point: Point, cancelled: Bool) -> [InputEvent] {
        guard let touch = touches.removeValue(forKey: key) else { return [] }
        if cancelled { return [.cancel(pointer: touch.pointer)] }
        return [.release(pointer: touch.pointer, at: touch.pendingEnd ? touch.point : point)]
    }

    /// Cancels every sequence of `device` (it was disabled or removed).
    mutating func cancel(device: Int32) -> [InputEvent] {
        let gone = touches.filter { $0.key.device == device }
        for key in gone.keys { touches[key] = nil }
        return gone.values.map(\.pointer).sorted().map { .cancel(pointer: $0) }
    }

    /// Cancels every sequence (the window was hidden).
    mutating func cancelAll() -> [InputEvent] {
        let all = touches.values.map(\.pointer).sorted()
        touches = [:]
        return all.map { .cancel(pointer: $0) }
    }

    /// Cancels the sequences not heard of for `timeout` seconds.
    mutating func expire(now: Double) -> [InputEvent] {
        let stale = touches.filter { $0.value.lastSeen + timeout <= now }
        for key in stale.keys { touches[key] = nil }
        return stale.values.map(\.pointer).sorted().map { .cancel(pointer: $0) }
    }

    /// When `expire(now:)` must next be called; nil while no touch is down.
    var nextDeadline: Double? {
        touches.values.map { $0.lastSeen + timeout }.min()
    }
}
