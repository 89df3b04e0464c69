import CX11
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

extension Injector {
    /// Maps `keysym` onto a free keycode (or the least recently used borrowed one that is still
    /// the injector's and not in `protecting`) and returns how to type it; nil when every
    /// borrowed keycode is protected. One keymap change.
    func borrow(_ keysym: UInt, state: KeyboardLockState, otherGroups: Bool, character: Bool,
                protecting: Set<Int>, nextUse: [UInt: Int]) throws(InjectorError) -> KeyPlan? {
        // Read the map fresh: a borrowed keycode may have been changed by someone else.
        try refresh()
        if let plan = map?.plan(for: keysym, state: state, otherGroups: otherGroups, character: character) {
            return plan
        }
        while true {
            guard let map else { throw .noFreeKeycode }
            guard let slot = pool.nextSlot(busy: protecting, nextUse: nextUse) else {
                if pool.entries.isEmpty && pool.free.isEmpty { throw .noFreeKeycode }
                return nil
            }
            if let victim = slot.evicting {
                guard map.allKeysyms(victim.keycode) == victim.holds else {
                    pool.drop(victim.keycode, now: clock()) // someone else changed it: it is theirs now
                    continue
                }
                pause(until: victim.lastUsed + Injector.minimumReuseAge)
            } else if !map.allKeysyms(slot.keycode).allSatisfy({ $0 == 0 }) {
                try refresh()
                continue
            }
            settleClients()
            guard map.assign(keysym, to: slot.keycode), map.upload(display.raw, keys: changeRange(including: [slot.keycode])) else {
                throw .xError("cannot change the keyboard map (XkbChangeMap failed)")
            }
            changedSinceKeys = true
            try refresh()
            guard let fresh = self.map else { throw .noFreeKeycode }
            pool.record(slot.keycode, keysym: keysym, holds: fresh.allKeysyms(slot.keycode), now: clock())
            if let plan = fresh.plan(for: keysym, state: state, otherGroups: otherGroups, character: character) {
                return plan
            }
            // The server made something else of it: give it back and give up on this character.
            giveBack([pool.entries[slot.keycode]].compactMap { $0 })
            throw .noFreeKeycode
        }
    }

    /// Waits until clients that looked keys up after the last keymap change have had time to
    /// fetch that change: Xlib forgets a change that arrives while it is fetching another one.
    func settleClients() {
        guard let trigger = lastFetchTrigger else { return }
        pause(until: trigger + Injector.settleSeconds)
        lastFetchTrigger = nil
    }

    /// Flushes, then sleeps until `time` (the injector's clock) when that is in the future.
    private func pause(until time: Double) {
        let wait = time - clock()
        guard wait > 0 else { return }
        XSync(display.raw, 0)
        usleep(UInt32(min(wait, 5) * 1_000_000))
    }

    /// Restores `entries` to empty, each only if it still holds what the injector put there.
    func giveBack(_ entries: [ScratchPool.Entry]) {
        guard !entries.isEmpty else { return }
        settleClients()
        try? refresh()
        let range = changeRange(including: entries.map(\.keycode))
        var changed: [Int] = []
        for entry in entries {
            if let map, map.allKeysyms(entry.keycode) == entry.holds, map.clear(entry.keycode) {
                changed.append(entry.keycode)
            }
            pool.drop(entry.keycode, now: clock())
        }
        if let map, !changed.isEmpty {
            _ = map.upload(display.raw, keys: range)
            XSync(display.raw, 0)
            _ = InjectorXErrors.take(display.raw)
            stale = true
        }
    }

    /// The keycodes a keymap change sends: every keycode of the pool (free or borrowed) and
    /// `keycodes`. Xlib clients fetch the range of the changes they were told about and forget a
    /// change that arrives during such a fetch; when every change covers the whole pool, any
    /// fetch a change of ours triggered covers every borrowed keycode, so none is missed.
    func changeRange(including keycodes: [Int]) -> ClosedRange<Int> {
        let all = pool.free + Array(pool.entries.keys) + keycodes
        let low = all.min() ?? 0
        return low...max(low, all.max() ?? 0)
    }
}
