import CX11
import StackboardCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

extension Injector {
    /// Types `text` (validated whole before the first key goes out).
    func type(_ text: String, modifiers: Set<Modifier>, holdLast: Bool) throws(InjectorError) {
        guard let keysyms = CharacterKeysyms.keysyms(for: text) else { throw .untypableControlCharacter }
        let shortcut = !modifiers.isEmpty && !modifiers.isDisjoint(with: Self.shortcutModifiers)
        try send(keysyms, modifiers: modifiers, otherGroups: shortcut, holdLast: holdLast)
    }

    /// How often a batch is planned again when another program changes the keymap under it.
    static let maxReplans = 3

    /// Modifiers that make a key a shortcut (it may use a key of another group).
    static let shortcutModifiers: Set<Modifier> = [.ctrl, .alt, .super]

    /// Presses the modifier keys, types each keysym, releases the modifiers (in reverse order),
    /// and waits until the server has handled it all. The group and modifiers come from the
    /// state events already received (no round trip before the keys). Keycodes for characters
    /// that are not in the map are borrowed for a whole batch before its first key goes out, so
    /// that a client sees every keymap change of the batch before it looks any of its keys up;
    /// a borrowed level is taken back for the character the text ahead needs last.
    func sendNow(_ keysyms: [UInt], modifiers: Set<Modifier>, otherGroups: Bool, holdLast: Bool) throws(InjectorError) {
        guard !keysyms.isEmpty || !modifiers.isEmpty else { return }
        isShutDown = false // in use again: deinit restores what it borrows from now on
        allSent = false
        drainOwnEvents()
        if !defersWhenBusy { try giveBackExcess() } else if recordChanged { try refreshShare() }
        if stale { try refresh() }
        var state = lockState
        // Each stretch of keys is sent holding the server grab that is the keymap lock: another
        // Stackboard process's keys (and its Shift or AltGr) never come in between. Planning,
        // which may borrow and wait, happens outside it. One bare key (a tap on a letter) needs
        // no grab (see `needsLock`).
        var held: [Int] = []
        if !modifiers.isEmpty {
            lock.acquire()
            defer { lock.release() }
            held = try pressModifiers(modifiers, state: state)
            pace.sent(events: held.count, at: clock())
            lastKeyEpoch = epoch
        }
        do {
            var i = 0
            var replans = 0
            while i < keysyms.count {
                let plans = try planBatch(keysyms[i...], state: state, otherGroups: otherGroups)
                let confirms = changedSinceKeys || confirmsKeymapBeforeKeys
                if confirms || needsLock(plans, of: keysyms.count, holding: !held.isEmpty) { lock.acquire() }
                if confirms, replans < Self.maxReplans, keymapChangedSincePlanning() {
                    // Another program's keymap came in after the plan: plan (and borrow) in that one.
                    lock.release()
                    replans += 1
                    try refresh()
                    state = lockState
                    continue
                }
                for (n, plan) in plans.enumerated() {
                    let events = execute(plan, hold: holdLast && i + n == keysyms.count - 1)
                    let now = clock()
                    pace.sent(events: events, at: now)
                    lastKeyEpoch = epoch
                    if borrowed.isBorrowed(plan.keycode) {
                        borrowed.touch(keysyms[i + n], now: now, handledBy: pace.handledBy, stretch: epoch)
                    }
                }
                lock.release()
                if changedSinceKeys {
                    lastFetchTrigger = clock()
                    changedSinceKeys = false
                }
                i += plans.count
            }
        } catch {
            lock.acquire()
            for kc in held.reversed() { up(kc) }
            lock.release()
            XSync(display.raw, 0)
            throw error
        }
        if !holdLast, !held.isEmpty {
            lock.acquire()
            for kc in held.reversed() { up(kc) }
            lock.release()
            pace.sent(events: held.count, at: clock())
            lastKeyEpoch = epoch
        }
        try display.sync()
    }

    /// Whether the keys of `plans` (a stretch of a text of `count` keysyms, `holding` the caller's
    /// modifier keys or not) must be sent under the keymap lock. Not for a text of one bare key
    /// with no modifier held: its press and release are two requests of one write, and nothing
    /// another Stackboard process sends can change what it types. Its stretches are atomic under
    /// their own grab, so none can fall between the two with Shift held, and the key's keycode is
    /// in the core map or borrowed by this process, which no other one re-maps while it lives.
    /// The grab's cost is the server's: on GrabServer and UngrabServer it stops and starts
    /// listening to every other client, between the release and the application's key
    /// (docs/benchmarks.md, 2026-12-05).
    func needsLock(_ plans: [KeyPlan], of count: Int, holding: Bool) -> Bool {
        holding || !(count == 1 && plans.count == 1 && plans.allSatisfy(\.isBare))
    }

    /// The plan for `keysym` in `state`: the cached one, else one in `map` without borrowing
    /// (nil: the keysym is not in the map).
    func keymapPlan(for keysym: UInt, in map: KeyboardMap, state: KeyboardLockState, otherGroups: Bool) -> KeyPlan? {
        let character = CharacterKeysyms.isPrintable(keysym)
        if planCacheState == state, let plan = planCache[PlanKey(keysym: keysym, otherGroups: otherGroups, character: character)] {
            return plan
        }
        return map.plan(for: keysym, state: state, otherGroups: otherGroups, character: character)
    }

    /// Plans for a prefix of `keysyms`: as long as every keysym is in the map or can be given a
    /// borrowed level without taking one that an earlier keysym of the batch uses.
    private func planBatch(_ keysyms: ArraySlice<UInt>, state: KeyboardLockState, otherGroups: Bool) throws(InjectorError) -> [KeyPlan] {
        if planCacheState != state { planCache.removeAll(); planCacheState = state }
        // A key of the keyboard typed before: its plan, without the batch's bookkeeping.
        if keysyms.count == 1, let keysym = keysyms.first,
           let plan = planCache[PlanKey(keysym: keysym, otherGroups: otherGroups, character: CharacterKeysyms.isPrintable(keysym))] {
            return [plan]
        }
        var plans: [KeyPlan] = []
        var protected = Set<UInt>()
        var nextUse: [UInt: Int] = [:]
        for (i, keysym) in keysyms.enumerated() where nextUse[keysym] == nil { nextUse[keysym] = i }
        let uncached = nextUse.keys.filter { planCache[PlanKey(keysym: $0, otherGroups: otherGroups, character: CharacterKeysyms.isPrintable($0))] == nil }
        let ahead = uncached.sorted { nextUse[$0, default: 0] < nextUse[$1, default: 0] }
        let along = companionKeysyms(needed: ahead, state: state, otherGroups: otherGroups)
        if ahead.count > 1 || !along.isEmpty {
            try borrowAhead(ahead + along, state: state, otherGroups: otherGroups)
        }
        for keysym in keysyms {
            let character = CharacterKeysyms.isPrintable(keysym)
            let key = PlanKey(keysym: keysym, otherGroups: otherGroups, character: character)
            var plan = planCache[key]
            if plan == nil { plan = map?.plan(for: keysym, state: state, otherGroups: otherGroups, character: character) }
            if plan == nil {
                plan = try borrow(keysym, state: state, otherGroups: otherGroups, character: character,
                                  protecting: protected, nextUse: nextUse, batchHasKeys: !plans.isEmpty)
            }
            guard let plan else {
                if plans.isEmpty { throw .noFreeKeycode }
                break
            }
            planCache[key] = plan
            plans.append(plan)
            protected.insert(keysym)
        }
        return plans
    }

    /// The companions' keysyms when one of `needed` must be borrowed (none otherwise: a key
    /// of the keymap, or one already borrowed, changes nothing).
    private func companionKeysyms(needed: [UInt], state: KeyboardLockState, otherGroups: Bool) -> [UInt] {
        guard let companions, let map else { return [] }
        let mustBorrow = needed.contains { keysym in
            borrowed.slot(for: keysym) == nil
                && map.plan(for: keysym, state: state, otherGroups: otherGroups, character: CharacterKeysyms.isPrintable(keysym)) == nil
        }
        guard mustBorrow else { return [] }
        return companions().flatMap { CharacterKeysyms.keysyms(for: $0) ?? [] }
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
        mapSerial = serial
        stale = false
        planCache.removeAll()
        armed = nil // planned in the map before: the release takes the path that plans again
        free = fetched.emptyKeycodes(display: dpy)
        readState() // a new map can move the group without a state event
    }

    /// Presses the keys of `modifiers` in a fixed order (shift, ctrl, alt, super, altgr);
    /// returns the keycodes pressed.
    private func pressModifiers(_ modifiers: Set<Modifier>, state: KeyboardLockState) throws(InjectorError) -> [Int] {
        guard let map else { return [] }
        var done: [Int] = []
        for m in Modifier.allCases where modifiers.contains(m) {
            guard let kc = map.heldModifierKey(m, group: state.group, fallbackMask: 0)
                ?? map.heldModifierKey(m, group: state.group, fallbackMask: fallbackMask(m)) else {
                for k in done.reversed() { up(k) }
                throw .noModifierKey(m)
            }
            if !pressed.contains(kc) {
                down(kc)
                done.append(kc)
            }
        }
        return done
    }

    /// The real modifiers a modifier stands for, from the server's map (AltGr: the modifiers
    /// of ISO_Level3_Shift, not assumed to be Mod5).
    private func fallbackMask(_ m: Modifier) -> UInt32 {
        switch m {
        case .shift: return RealModifier.shift
        case .ctrl: return RealModifier.control
        case .alt: return XkbKeysymToModifiers(display.raw, 0xffe9)
        case .super: return XkbKeysymToModifiers(display.raw, 0xffeb)
        case .altgr: return XkbKeysymToModifiers(display.raw, 0xfe03)
        }
    }

    /// Presses (and unless `hold`, releases) the key of `plan`, with its level modifiers held
    /// and the interfering locks cleared around it and restored exactly after. Returns how
    /// many key events it sent.
    func execute(_ plan: KeyPlan, hold: Bool) -> Int {
        let dpy = display.raw
        let core = UInt32(XkbUseCoreKbd)
        if plan.clearLocked != 0 { XkbLockModifiers(dpy, core, plan.clearLocked, 0) }
        if plan.clearLatched != 0 { XkbLatchModifiers(dpy, core, plan.clearLatched, 0) }
        var levelKeys: [Int] = []
        for kc in plan.levelKeys where !pressed.contains(kc) {
            down(kc)
            levelKeys.append(kc)
        }
        down(plan.keycode)
        if !hold {
            up(plan.keycode)
            for kc in levelKeys.reversed() { up(kc) }
        }
        if plan.clearLocked != 0 { XkbLockModifiers(dpy, core, plan.clearLocked, plan.clearLocked) }
        return hold ? 1 + levelKeys.count : 2 + 2 * levelKeys.count
    }

    func down(_ kc: Int) {
        XTestFakeKeyEvent(display.raw, UInt32(kc), 1, 0)
        pressed.append(kc)
    }

    func up(_ kc: Int) {
        XTestFakeKeyEvent(display.raw, UInt32(kc), 0, 0)
        if let i = pressed.lastIndex(of: kc) { pressed.remove(at: i) }
    }
}
