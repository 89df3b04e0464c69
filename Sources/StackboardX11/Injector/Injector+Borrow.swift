import CX11
import StackboardCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What a change under the keymap lock sees: the map and the record read fresh under the lock
/// (nobody else can change either until it ends), the borrowers that are alive, and the keycodes
/// that are empty and in nobody's record. The change edits `map` (a local copy) and `record`;
/// `changed` lists the keycodes to send.
struct LockedKeymap {
    let map: KeyboardMap
    var record: KeymapRecord
    let alive: Set<UInt32>
    let free: [Int]
    var changed: [Int] = []
    /// Keycodes of processes that are gone restored in this change.
    var restored = 0
}

extension Injector {
    /// Puts `keysym` on a level of a borrowed keycode and returns how to type it; nil when every
    /// level this process may use is needed by the batch being typed (`protecting`).
    func borrow(_ keysym: UInt, state: KeyboardLockState, otherGroups: Bool, character: Bool,
                protecting: Set<UInt>, nextUse: [UInt: Int], batchHasKeys: Bool) throws(InjectorError) -> KeyPlan? {
        let waitEnd = clock() + keycodeWaitSeconds
        for _ in 0..<1000 {
            guard let map else { break }
            if let plan = map.plan(for: keysym, state: state, otherGroups: otherGroups, character: character) { return plan }
            let types = map.borrowTypes(group: state.group)
            let placement = borrowed.placement(for: keysym, free: free, limit: share, levels: types.maxLevels,
                                               busy: Set(pressed), protected: protecting, nextUse: nextUse)
            if case .none = placement {
                if batchHasKeys { return nil }
                // This process holds nothing it may change: wait for the others to give some back.
                guard clock() < waitEnd, borrowed.keys.count < share || borrowed.keys.isEmpty else { break }
                pause(until: clock() + 0.05)
                drainOwnEvents()
                try refresh()
                try refreshShare()
                continue
            }
            beforeChange()
            let done = try withKeymapLock { (view: inout LockedKeymap) throws(InjectorError) -> Bool in
                try self.change(&view, placement: placement, keysym: keysym, types: types)
            }
            guard done, let fresh = self.map else { continue }
            changedSinceKeys = true
            if let plan = fresh.plan(for: keysym, state: state, otherGroups: otherGroups, character: character) {
                return plan
            }
            // The server made something else of it: give it back and give up on this character.
            if let kc = borrowed.slot(for: keysym)?.keycode, let key = borrowed.keys[kc] { giveBack([key]) }
            break
        }
        throw .noFreeKeycode
    }

    /// Borrows, in one keymap change, levels for those of `keysyms` that are not in the map, as
    /// many as fit on levels and keycodes this process may take without replacing a character.
    func borrowAhead(_ keysyms: [UInt], state: KeyboardLockState, otherGroups: Bool) throws(InjectorError) {
        guard let map else { return }
        var missing: [UInt] = []
        var seen = Set<UInt>()
        for keysym in keysyms where seen.insert(keysym).inserted && borrowed.slot(for: keysym) == nil {
            let character = CharacterKeysyms.isPrintable(keysym)
            if map.plan(for: keysym, state: state, otherGroups: otherGroups, character: character) == nil { missing.append(keysym) }
        }
        guard !missing.isEmpty else { return }
        let types = map.borrowTypes(group: state.group)
        beforeChange()
        let placed = try withKeymapLock { (view: inout LockedKeymap) throws(InjectorError) -> Int in
            var count = 0
            for keysym in missing {
                let placement = self.borrowed.placement(for: keysym, free: view.free, limit: self.share, levels: types.maxLevels,
                                                        busy: Set(self.pressed), protected: Set(missing), nextUse: [:])
                switch placement {
                case .extend, .take:
                    if try self.change(&view, placement: placement, keysym: keysym, types: types) { count += 1 }
                case .replace, .none:
                    return count
                }
            }
            return count
        }
        if placed > 0 { changedSinceKeys = true }
    }

    /// Before a keymap change: waits until the application has handled every key sent so far
    /// (an Xlib client that is behind looks keys up in whatever map it fetches next, and can
    /// miss a change that arrives while it fetches), and until clients have fetched the last one.
    func beforeChange() {
        waitUntilQuiet(limit: .infinity)
        settleClients()
    }

    /// Makes the change `placement` asks for in `view`, after checking that it still holds: the
    /// free keycode still free and within this process's share, the held one still holding
    /// what this process put there (else it is someone else's now, and forgotten). Records it in
    /// `borrowed` as the local copy of the map now has it. False when it no longer holds.
    func change(_ view: inout LockedKeymap, placement: Placement, keysym: UInt,
                types: BorrowTypes) throws(InjectorError) -> Bool {
        var symbols: [UInt]
        let kc: Int
        switch placement {
        case .none:
            return false
        case .take(let keycode):
            guard view.free.contains(keycode), !view.changed.contains(keycode) else { return false }
            guard lock.register(in: &view.record, alive: view.alive) else { throw .noFreeKeycode }
            guard borrowed.keys.count < share else { return false }
            kc = keycode
            symbols = [keysym]
        case .extend(let keycode), .replace(let keycode, _, _):
            guard let mine = borrowed.keys[keycode], view.map.allKeysyms(keycode) == mine.holds,
                  view.record.key(keycode).map({ $0.nonce == lock.nonce }) ?? true else {
                borrowed.drop(keycode) // someone else changed it: it is theirs now
                return false
            }
            kc = keycode
            symbols = mine.levels.map(\.keysym)
            if case .replace(_, let level, _) = placement, level < symbols.count { symbols[level] = keysym } else { symbols.append(keysym) }
        }
        guard view.map.assign(symbols, to: kc, types: types) else {
            throw .xError("cannot change the keyboard map (XkbChangeTypesOfKey failed)")
        }
        view.changed.append(kc)
        view.record.set(KeymapRecord.Key(keycode: kc, pid: lock.pid, nonce: lock.nonce, symbols: symbols.map { UInt32(truncatingIfNeeded: $0) }))
        borrowed.record(kc, symbols: symbols, holds: view.map.allKeysyms(kc), now: clock())
        return true
    }

    /// Runs `body` under the keymap lock on a fresh read of the map and the record, after
    /// restoring what processes that are gone left borrowed; sends the keycodes it changed (as
    /// one range over the whole pool: see `upload`) and the record, ends the lock, and keeps the
    /// changed map as the injector's own.
    func withKeymapLock<T>(_ body: (inout LockedKeymap) throws(InjectorError) -> T) throws(InjectorError) -> T {
        let dpy = display.raw
        lock.acquire()
        defer { lock.release() }
        guard let fresh = display.xtestDevice.flatMap({ KeyboardMap(display: dpy, device: $0) })
                ?? KeyboardMap(display: dpy, device: UInt32(XkbUseCoreKbd)) else {
            throw .xError("cannot read the keyboard map (XkbGetMap failed)")
        }
        let read = lock.read()
        let alive = lock.alive(in: read)
        let recorded = Set(read.keys.map(\.keycode))
        var view = LockedKeymap(map: fresh, record: read, alive: alive,
                                free: fresh.emptyKeycodes(display: dpy).filter { !recorded.contains($0) })
        restoreAbandoned(in: &view)
        let others = view.record.borrowers.filter { $0.nonce != lock.nonce && alive.contains($0.nonce) }.count
        share = KeymapRecord.share(pool: view.free.count + view.record.keys.count, borrowers: others + 1)
        let result = try body(&view)
        if !view.changed.isEmpty {
            let all = view.free + view.record.keys.map(\.keycode) + view.changed + Array(borrowed.keys.keys)
            let low = all.min() ?? 0
            guard fresh.upload(dpy, keys: low...max(low, all.max() ?? 0)) else {
                throw .xError("cannot change the keyboard map (XkbChangeMap failed)")
            }
        }
        if view.record != read { lock.write(view.record) }
        mapSerial = XNextRequest(dpy) // notifications of the change above are older: it is in `map`
        lock.release()
        XSync(dpy, 0)
        if let message = display.takeError() { throw .xError(message) }
        fresh.avoided = Set(view.record.keys.filter { $0.nonce != lock.nonce }.map(\.keycode))
        othersBorrowed = fresh.avoided
        map = fresh
        stale = false
        planCache.removeAll()
        let recordedNow = Set(view.record.keys.map(\.keycode))
        free = view.free.filter { !recordedNow.contains($0) }
        return result
    }

    /// Gives back the keycodes this process holds beyond its share while other Stackboard
    /// processes borrow too, once the application has handled the keys sent so far (a script
    /// waits for that between pieces of its text; the keyboard does it from `expireIdle`).
    func giveBackExcess() throws(InjectorError) {
        if recordChanged { try refreshShare() }
        guard !borrowed.excess(limit: share, busy: Set(pressed)).isEmpty else { return }
        waitUntilQuiet(limit: .infinity)
        giveBack(borrowed.excess(limit: share, busy: Set(pressed)))
    }

    /// Reads the record again (no lock) and works out this process's share of the pool.
    func refreshShare() throws(InjectorError) {
        recordChanged = false
        let record = lock.read()
        let alive = lock.alive(in: record)
        let live = record.keys.filter { alive.contains($0.nonce) }.count
        let others = record.borrowers.filter { $0.nonce != lock.nonce && alive.contains($0.nonce) }.count
        othersBorrowed = Set(record.keys.filter { $0.nonce != lock.nonce }.map(\.keycode))
        share = KeymapRecord.share(pool: free.count + live, borrowers: others + 1)
        if stale { try refresh() }
    }

    /// Waits until clients that looked keys up after the last keymap change have had time to
    /// fetch that change: Xlib forgets a change that arrives while it is fetching another one.
    func settleClients() {
        guard let trigger = lastFetchTrigger else { return }
        pause(until: trigger + Injector.settleSeconds)
        lastFetchTrigger = nil
    }

    /// Flushes, then sleeps until `time` (the injector's clock) when that is in the future.
    func pause(until time: Double) {
        let wait = time - clock()
        guard wait > 0 else { return }
        XSync(display.raw, 0)
        usleep(UInt32(min(wait, 5) * 1_000_000))
    }
}
