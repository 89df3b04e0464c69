import CX11
import StackboardCore

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
    /// Puts `keysym` on a level of a borrowed keycode and returns how to type it: `.later` when
    /// every level this process may use is needed by the batch being typed (`protecting`),
    /// `.wait` when the application is not ready for a keymap change, or when other processes
    /// hold every keycode this one may take (`job` then waits up to `keycodeWaitSeconds` for
    /// them to give one back before it fails).
    func borrow(_ keysym: UInt, state: KeyboardLockState, otherGroups: Bool, character: Bool, protecting: Set<UInt>,
                nextUse: [UInt: Int], batchHasKeys: Bool, job: inout TypingJob) throws(InjectorError) -> BorrowOutcome {
        for _ in 0..<1000 {
            guard let map else { break }
            if let plan = map.plan(for: keysym, state: state, otherGroups: otherGroups, character: character) { return .plan(plan) }
            let types = map.borrowTypes(group: state.group)
            let placement = schedule.borrowed.placement(for: keysym, free: free, limit: schedule.share, levels: types.maxLevels,
                                                        busy: Set(schedule.pressed), protected: protecting, nextUse: nextUse)
            if case .none = placement {
                if batchHasKeys { return .later }
                // This process holds nothing it may change: wait for the others to give some back.
                let now = clock()
                let end = job.keycodeWaitEnd ?? now + keycodeWaitSeconds
                let held = schedule.borrowed.keys.count
                guard now < end, held < schedule.share || held == 0 else { break }
                job.keycodeWaitEnd = end
                return .wait
            }
            guard readyToChange() else { return .wait }
            let done = try withKeymapLock { (view: inout LockedKeymap) throws(InjectorError) -> Bool in
                try self.change(&view, placement: placement, keysym: keysym, types: types)
            }
            guard done, let fresh = self.map else { continue }
            schedule.keymapChanged()
            if let plan = fresh.plan(for: keysym, state: state, otherGroups: otherGroups, character: character) {
                return .plan(plan)
            }
            // The server made something else of it: give it back and give up on this character.
            if let kc = schedule.borrowed.slot(for: keysym)?.keycode, let key = schedule.borrowed.keys[kc] { giveBack([key]) }
            break
        }
        throw .noFreeKeycode
    }

    /// Borrows, in one keymap change, levels for those of `keysyms` that are not in the map, as
    /// many as fit on levels and keycodes this process may take without replacing a character.
    /// False when such a change must wait for the application (nothing changed then).
    func borrowAhead(_ keysyms: [UInt], state: KeyboardLockState, otherGroups: Bool) throws(InjectorError) -> Bool {
        guard let map else { return true }
        var missing: [UInt] = []
        var seen = Set<UInt>()
        for keysym in keysyms where seen.insert(keysym).inserted && schedule.borrowed.slot(for: keysym) == nil {
            let character = CharacterKeysyms.isPrintable(keysym)
            if map.plan(for: keysym, state: state, otherGroups: otherGroups, character: character) == nil { missing.append(keysym) }
        }
        guard !missing.isEmpty else { return true }
        guard readyToChange() else { return false }
        let types = map.borrowTypes(group: state.group)
        let placed = try withKeymapLock { (view: inout LockedKeymap) throws(InjectorError) -> Int in
            var count = 0
            for keysym in missing {
                let placement = self.schedule.borrowed.placement(for: keysym, free: view.free, limit: self.schedule.share,
                                                                 levels: types.maxLevels, busy: Set(self.schedule.pressed),
                                                                 protected: Set(missing), nextUse: [:])
                switch placement {
                case .extend, .take:
                    if try self.change(&view, placement: placement, keysym: keysym, types: types) { count += 1 }
                case .replace, .none:
                    return count
                }
            }
            return count
        }
        if placed > 0 { schedule.keymapChanged() }
        return true
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
            guard schedule.borrowed.keys.count < schedule.share else { return false }
            kc = keycode
            symbols = [keysym]
        case .extend(let keycode), .replace(let keycode, _, _):
            guard let mine = schedule.borrowed.keys[keycode], view.map.allKeysyms(keycode) == mine.holds,
                  view.record.key(keycode).map({ $0.nonce == lock.nonce }) ?? true else {
                schedule.borrowed.drop(keycode) // someone else changed it: it is theirs now
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
        schedule.borrowed.record(kc, symbols: symbols, holds: view.map.allKeysyms(kc), now: clock())
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
        schedule.share = KeymapRecord.share(pool: view.free.count + view.record.keys.count, borrowers: others + 1)
        let result = try body(&view)
        if !view.changed.isEmpty {
            let all = view.free + view.record.keys.map(\.keycode) + view.changed + Array(schedule.borrowed.keys.keys)
            let low = all.min() ?? 0
            guard fresh.upload(dpy, keys: low...max(low, all.max() ?? 0)) else {
                throw .xError("cannot change the keyboard map (XkbChangeMap failed)")
            }
        }
        if view.record != read { lock.write(view.record) }
        schedule.mapRead(serial: XNextRequest(dpy)) // notifications of the change above are older: it is in `map`
        lock.release()
        XSync(dpy, 0)
        if let message = display.takeError() { throw .xError(message) }
        fresh.avoided = Set(view.record.keys.filter { $0.nonce != lock.nonce }.map(\.keycode))
        othersBorrowed = fresh.avoided
        map = fresh
        planCache.removeAll()
        let recordedNow = Set(view.record.keys.map(\.keycode))
        free = view.free.filter { !recordedNow.contains($0) }
        return result
    }

    /// Gives back the keycodes this process holds beyond its share while other Stackboard
    /// processes borrow too, once the application has handled the keys sent so far (a script
    /// does it between pieces of its text; the keyboard from `expireIdle`). False when they
    /// must wait for the application first.
    func giveBackExcess() throws(InjectorError) -> Bool {
        if schedule.recordChanged { try refreshShare() }
        let busy = Set(schedule.pressed)
        guard !schedule.borrowed.excess(limit: schedule.share, busy: busy).isEmpty else { return true }
        guard readyToChange() else { return false }
        giveBack(schedule.borrowed.excess(limit: schedule.share, busy: busy))
        return true
    }

    /// Reads the record again (no lock) and works out this process's share of the pool.
    func refreshShare() throws(InjectorError) {
        let record = lock.read()
        let alive = lock.alive(in: record)
        let live = record.keys.filter { alive.contains($0.nonce) }.count
        let others = record.borrowers.filter { $0.nonce != lock.nonce && alive.contains($0.nonce) }.count
        othersBorrowed = Set(record.keys.filter { $0.nonce != lock.nonce }.map(\.keycode))
        schedule.recordRead(pool: free.count + live, others: others)
        if schedule.stale { try refresh() }
    }

    /// Reads the map of the XTEST keyboard (or the core keyboard's), the keycodes that are
    /// empty in it and in the core map, and the keyboard state.
    func refresh() throws(InjectorError) {
        let dpy = display.raw
        let serial = XNextRequest(dpy)
        let fetched = display.xtestDevice.flatMap { KeyboardMap(display: dpy, device: $0) }
            ?? KeyboardMap(display: dpy, device: UInt32(XkbUseCoreKbd))
        guard let fetched else { throw .xError("cannot read the keyboard map (XkbGetMap failed)") }
        fetched.avoided = othersBorrowed
        map = fetched
        schedule.mapRead(serial: serial)
        planCache.removeAll()
        armed = nil // planned in the map before: the release takes the path that plans again
        free = fetched.emptyKeycodes(display: dpy)
        readState() // a new map can move the group without a state event
    }


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
        let map = view.map
        let restore = view.record.restoreAbandoned(alive: view.alive) { key in
            map.holdsExactly(key.keycode, key.symbols.map { UInt($0) })
        }
        for kc in restore where map.clear(kc) {
            view.changed.append(kc)
            view.restored += 1
        }
    }

    /// Empties `keys`, each only if it still holds what the injector put there, and forgets them.
    func giveBack(_ keys: [BorrowedKey]) {
        guard !keys.isEmpty else { return }
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
        for key in keys { schedule.borrowed.drop(key.keycode) }
    }

    /// Leaves the record (gives up this process's slot) when it holds nothing.
    func leave() {
        guard lock.isRegistered, schedule.borrowed.keys.isEmpty else { return }
        let lock = self.lock
        _ = try? withKeymapLock { (view: inout LockedKeymap) throws(InjectorError) in lock.unregister(in: &view.record) }
    }
}
