import CX11
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

extension Injector {
    /// Maps `keysym` onto a free keycode (or the least recently used borrowed one that is still
    /// the injector's) and returns how to type it. One keymap change; none when it fails.
    func borrow(_ keysym: UInt, state: KeyboardLockState, otherGroups: Bool, character: Bool) throws(InjectorError) -> KeyPlan {
        // Read the map fresh: a borrowed keycode may have been changed by someone else.
        try refresh()
        if let plan = map?.plan(for: keysym, state: state, otherGroups: otherGroups, character: character) {
            return plan
        }
        while true {
            guard let map, let slot = pool.nextSlot(busy: Set(pressed)) else { throw .noFreeKeycode }
            if let victim = slot.evicting {
                guard map.allKeysyms(victim.keycode) == victim.holds else {
                    pool.drop(victim.keycode) // someone else changed it: it is theirs now
                    continue
                }
                let age = clock() - victim.lastUsed
                if age < Injector.minimumReuseAge {
                    XSync(display.raw, 0)
                    usleep(UInt32((Injector.minimumReuseAge - age) * 1_000_000))
                }
            } else if !map.allKeysyms(slot.keycode).allSatisfy({ $0 == 0 }) {
                try refresh()
                continue
            }
            var sym = KeySym(keysym)
            XChangeKeyboardMapping(display.raw, Int32(slot.keycode), 1, &sym, 1)
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

    /// Restores `entries` to empty, each only if it still holds what the injector put there.
    func giveBack(_ entries: [ScratchPool.Entry]) {
        guard !entries.isEmpty else { return }
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
