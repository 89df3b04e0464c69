import CX11
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

extension Injector {
    /// Maps `keysym` onto a free keycode (or the least recently used borrowed one that is still
    /// the injector's and not in `protecting`) and returns how to type it; nil when every
    /// borrowed keycode is protected. One keymap change.
    func borrow(_ keysym: UInt, state: KeyboardLockState, otherGroups: Bool, character: Bool,
                protecting: Set<Int>) throws(InjectorError) -> KeyPlan? {
        // Read the map fresh: a borrowed keycode may have been changed by someone else.
        try refresh()
        if let plan = map?.plan(for: keysym, state: state, otherGroups: otherGroups, character: character) {
            return plan
        }
        while true {
            guard let map else { throw .noFreeKeycode }
            guard let slot = pool.nextSlot(busy: protecting) else {
                if pool.entries.isEmpty && pool.free.isEmpty { throw .noFreeKeycode }
                return nil
            }
            if let victim = slot.evicting {
                guard map.allKeysyms(victim.keycode) == victim.holds else {
                    pool.drop(victim.keycode) // someone else changed it: it is theirs now
                    continue
                }
                pause(until: victim.lastUsed + Injector.minimumReuseAge)
            } else if !map.allKeysyms(slot.keycode).allSatisfy({ $0 == 0 }) {
                try refresh()
                continue
            }
            settleClients()
            var sym = KeySym(keysym)
            XChangeKeyboardMapping(display.raw, Int32(slot.keycode), 1, &sym, 1)
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
        var changed = false
        for entry in entries {
            if let map, map.allKeysyms(entry.keycode) == entry.holds {
                var none = KeySym(0)
                XChangeKeyboardMapping(display.raw, Int32(entry.keycode), 1, &none, 1)
                changed = true
            }
            pool.drop(entry.keycode)
        }
        if changed {
            XSync(display.raw, 0)
            _ = InjectorXErrors.take(display.raw)
            stale = true
        }
    }
}
