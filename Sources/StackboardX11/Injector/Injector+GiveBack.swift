import CX11
import StackboardCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

extension Injector {
    /// Restores the keycodes that Stackboard processes which are gone left borrowed (under the
    /// lock); returns how many. When the record shows nothing abandoned it only reads it.
    func restoreAbandoned() -> Int {
        let record = lock.read()
        othersBorrowed = Set(record.keys.map(\.keycode))
        guard !record.keys.isEmpty || !record.borrowers.isEmpty else { return 0 }
        let gone = record.abandoned(alive: lock.alive(in: record))
        guard !gone.keys.isEmpty || !gone.borrowers.isEmpty else { return 0 }
        return (try? withKeymapLock { (view: inout LockedKeymap) throws(InjectorError) -> Int in view.restored }) ?? 0
    }

    /// In a change under the lock: empties every keycode of a borrower that is gone, when it
    /// still holds exactly what the record says (one someone else has changed since is theirs and
    /// left as it is), and drops those entries and borrowers from the record.
    func restoreAbandoned(in view: inout LockedKeymap) {
        let gone = view.record.abandoned(alive: view.alive)
        for key in gone.keys {
            if view.map.holdsExactly(key.keycode, key.symbols.map { UInt($0) }), view.map.clear(key.keycode) {
                view.changed.append(key.keycode)
                view.restored += 1
            }
            view.record.remove(keycode: key.keycode)
        }
        view.record.removeBorrowers(notIn: view.alive)
    }

    /// Empties `keys`, each only if it still holds what the injector put there, and forgets them.
    func giveBack(_ keys: [BorrowedKey]) {
        guard !keys.isEmpty else { return }
        settleClients()
        let nonce = lock.nonce
        _ = try? withKeymapLock { (view: inout LockedKeymap) throws(InjectorError) in
            for key in keys {
                let mine = view.record.key(key.keycode).map { $0.nonce == nonce } ?? true
                guard mine else { continue }
                if view.map.allKeysyms(key.keycode) == key.holds, view.map.clear(key.keycode) {
                    view.changed.append(key.keycode)
                }
                view.record.remove(keycode: key.keycode)
            }
        }
        for key in keys { borrowed.drop(key.keycode) }
    }

    /// Leaves the record (gives up this process's slot) when it holds nothing.
    func leave() {
        guard lock.isRegistered, borrowed.keys.isEmpty else { return }
        let lock = self.lock
        _ = try? withKeymapLock { (view: inout LockedKeymap) throws(InjectorError) in lock.unregister(in: &view.record) }
    }

    /// When time alone proves the keys sent so far handled: the slow-application pace, for an
    /// application that answers pings too (its pong only comes sooner).
    var quietTime: Double { pace.handledBy }

    /// When borrowed keycodes wait for time alone to show that the focused application, which
    /// does not answer `_NET_WM_PING`, has handled their keys (monotonic seconds): the slow-
    /// application pace. Nil when nothing waits for it, or before a ping has told.
    public var giveBackWaitsForTimeUntil: Double? {
        let keys = Array(borrowed.keys.values)
        guard !keys.isEmpty, askedAt >= 0, !pingable, !handled(keys, now: clock()) else { return nil }
        return handledTime(keys)
    }

    /// Says that no more keys follow (until the next one is sent): each borrowed keycode may
    /// then be given back as soon as the application has handled the key events sent on it,
    /// not every key sent, so that a text ending in characters of the keymap is not waited for
    /// to its end. Only borrowed keycodes the text no longer needs may be given back early
    /// (one given back while text ahead still needs it is borrowed again), hence the caller's word.
    public func finishTyping() { allSent = true }

    /// When time alone proves the key events sent on `key` handled.
    func quietTime(of key: BorrowedKey) -> Double { key.handledBy }

    /// Whether `keys` may be changed: the application has handled every key sent so far, or,
    /// once no more follow (`finishTyping`) and a ping was asked for the last keys (so that
    /// whether it answers is known), the key events of each of `keys` (a pong for its stretch
    /// of keys, or time).
    func handled(_ keys: [BorrowedKey], now: Double) -> Bool {
        if isQuiet(now: now) { return true }
        guard allSent, outbox.isEmpty, askedAt >= lastKeyEpoch else { return false }
        return keys.allSatisfy { $0.stretch <= confirmedSend || now >= quietTime(of: $0) }
    }

    /// When time alone proves that `keys` may be changed (see `handled`).
    func handledTime(_ keys: [BorrowedKey]) -> Double {
        guard allSent, outbox.isEmpty, let last = keys.map({ quietTime(of: $0) }).max() else { return quietTime }
        return min(quietTime, last)
    }

    /// How many keycodes the injector has borrowed now.
    public var borrowedCount: Int { borrowed.keys.count }

    /// Whether the focused application has handled every key sent so far (a pong, or time).
    func isQuiet(now: Double) -> Bool { lastKeyEpoch <= confirmedSend || now >= quietTime }

    /// Syncs the keys sent so far and pings the focused application for them; false when the
    /// display cannot be reached.
    @discardableResult
    func askForProof() -> Bool {
        XSync(display.raw, 0)
        askedAt = epoch
        epoch += 1 // keys sent from now on are not covered by this ping
        switch barrier.ping(covering: askedAt) {
        case .sent: pingable = true
        case .unsupported: pingable = false
        case .unreachable:
            pingable = false
            return false
        }
        return true
    }

    /// A pong at `now` confirmed every epoch up to `epoch`.
    func confirm(_ epoch: Int, at now: Double) {
        confirmedSend = max(confirmedSend, epoch)
        if epoch >= lastKeyEpoch { pace.confirmed(at: now) }
    }

    /// Waits until the application has handled every key sent so far: its pong, or the time a
    /// slow application would need; never past `limit`. False when the display is gone.
    @discardableResult
    func waitUntilQuiet(limit: Double) -> Bool {
        guard !isQuiet(now: clock()) else { return true }
        guard askForProof() else { return false }
        let byTime = min(limit, quietTime)
        if pingable, let confirmed = barrier.wait(until: byTime, clock: clock) {
            confirm(confirmed, at: clock())
        } else {
            while clock() < byTime { pause(until: byTime) }
        }
        if barrier.isWaiting, isQuiet(now: clock()) { barrier.giveUp() }
        return true
    }

    /// When `expireIdle` next has work: a keycode falls idle (or is beyond the share), or
    /// deferred keys wait, and the keys sent so far can be proved handled; a pong to look for;
    /// the record to read again. Work to do at once is due at 0, before any caller's "now".
    func nextDue(now: Double) -> Double? {
        if refreshDueWhenIdle { return 0 }
        let busy = Set(pressed)
        var due: [Double] = []
        if recordChanged, lock.isRegistered || !borrowed.keys.isEmpty { due.append(0) }
        if borrowed.keys.isEmpty, outbox.isEmpty, lock.isRegistered { due.append(0) }
        let excess = Set(borrowed.excess(limit: share, busy: busy).map(\.keycode))
        let idle = borrowed.keys.values.filter { !busy.contains($0.keycode) }
        var wanted = idle.map { excess.contains($0.keycode) ? 0 : $0.lastUse + borrowed.idleTimeout }.min()
        if !outbox.isEmpty { wanted = 0 }
        if let wanted {
            if wanted > now || handled(idle, now: now) {
                due.append(wanted)
            } else if barrier.isWaiting {
                due.append(lastBarrierPoll + Injector.pongPollSeconds)
            } else {
                due.append(askedAt < lastKeyEpoch ? 0 : handledTime(idle))
            }
        }
        guard let first = due.min() else { return nil }
        return max(first, (lastFetchTrigger ?? 0) + Injector.settleSeconds)
    }
}
