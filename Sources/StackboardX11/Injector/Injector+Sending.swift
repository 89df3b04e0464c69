import CX11
import StackboardCore

/// A key planned ahead of the release that types it: what `sendArmedKey` sends.
struct ArmedKey {
    /// The plan: keycode, level keys (no locks or latches to clear).
    var plan: KeyPlan
    /// The group and modifiers it was planned in; the release must find them unchanged.
    var state: KeyboardLockState
}

/// Keys the injector did not type, and why: never typed late into another window.
public struct DroppedKeys: Equatable, Sendable {
    /// Why they were dropped.
    public enum Reason: Equatable, Sendable {
        /// Another window got the X input focus before they could go out.
        case focusMoved
        /// A click or tap elsewhere, or another field got the focus, before they could go out.
        case fieldLeft
        /// None could go out for `TypingSchedule.deferredLimitSeconds` past the time the application
        /// should have been ready.
        case tooLate
        /// Typing them failed.
        case failed(InjectorError)
    }
    /// How many texts (taps) were dropped.
    public var count: Int
    /// Why the last of them was.
    public var reason: Reason

    /// `count` texts dropped for `reason`.
    public init(count: Int, reason: Reason) {
        self.count = count
        self.reason = reason
    }

    /// One line for stderr and the bar's notice: a count and the reason, never the text.
    public var description: String {
        let what = count == 1 ? "1 key was not typed" : "\(count) keys were not typed"
        switch reason {
        case .focusMoved: return "\(what): another window got the focus before the application was ready for it"
        case .fieldLeft: return "\(what): the caret moved elsewhere before the application was ready for it"
        case .tooLate: return "\(what): it could not be sent for \(Int(TypingSchedule.deferredLimitSeconds)) s"
        case .failed(let error): return "\(what): \(error.description)"
        }
    }
}


/// How far a planning step got.
enum BatchPlan {
    /// The keys of a prefix of the text, ready to go.
    case plans([KeyPlan])
    /// Nothing can go before a keymap change the schedule does not allow yet (or a keycode
    /// another process must give back): the job waits.
    case wait
}

/// What borrowing a keycode for one keysym came to.
enum BorrowOutcome {
    /// How to type it.
    case plan(KeyPlan)
    /// Not in this batch: every level this process may use is needed by its earlier keys.
    case later
    /// Not now: the application is busy with earlier keys, or the keycodes are others'.
    case wait
}

extension Injector {
    /// How often a batch is planned again when another program changes the keymap under it.
    static let maxReplans = 3

    /// Modifiers that make a key a shortcut (it may use a key of another group).
    static let shortcutModifiers: Set<Modifier> = [.ctrl, .alt, .super]

    /// Types `text` (validated whole before the first key goes out).
    func type(_ text: String, modifiers: Set<Modifier>, holdLast: Bool) throws(InjectorError) {
        guard let keysyms = CharacterKeysyms.keysyms(for: text) else { throw .untypableControlCharacter }
        let shortcut = !modifiers.isEmpty && !modifiers.isDisjoint(with: Self.shortcutModifiers)
        try send(keysyms, modifiers: modifiers, otherGroups: shortcut, holdLast: holdLast)
    }

    /// Sends the keys now, as far as they can go without waiting; what must wait for the
    /// application (a keymap change it is not ready for) or for a keycode waits in the outbox,
    /// behind the keys already there, and `expireIdle` sends it in order once it can.
    func send(_ keysyms: [UInt], modifiers: Set<Modifier>, otherGroups: Bool, holdLast: Bool) throws(InjectorError) {
        guard !keysyms.isEmpty || !modifiers.isEmpty else { return }
        // A tap read after the focus moved on (a loaded machine): its keys would go to the window
        // focused now, not to the one tapped for. Dropped and told, as keys that waited are.
        if focusMovedAfterTap?() == true {
            drop(1, .focusMoved)
            return
        }
        isShutDown = false // in use again: deinit restores what it borrows from now on
        var job = TypingJob(keysyms: keysyms, modifiers: modifiers, otherGroups: otherGroups, holdLast: holdLast)
        if !schedule.outbox.isEmpty {
            // Keys wait already: if their pong has come (read without waiting) or their time,
            // they go first, now, rather than after the taps that follow in this turn.
            let now = clock()
            readPongs(now: now)
            if let due = nextDeadline, due <= now { flushOutbox(now: now) }
        }
        guard schedule.outbox.isEmpty else {
            enqueue(job)
            return
        }
        if try needsChange(job), !readyToChange() {
            enqueue(job)
            return
        }
        if try !run(&job, tap: true) { enqueue(job) }
    }

    /// How long a look at the input focus stamps the keys queued after it: s. Taps read in one
    /// batch are stamped with one round trip, not one each (at one each, a hundred fast taps
    /// took long enough for the keyboard's own presses to fall behind the display's raw ones,
    /// which then counted as presses elsewhere). A focus change within it only drops keys.
    static let focusStampSeconds = 0.05

    /// Queues `job`, stamped with the input focus when the outbox drops keys of another focus.
    private func enqueue(_ job: TypingJob) {
        var job = job
        let now = clock()
        if defersWhenBusy, job.focus == 0 {
            if let stamp = focusStamp, now - stamp.at < Self.focusStampSeconds {
                job.focus = stamp.focus
            } else {
                job.focus = inputFocus()
                focusStamp = (job.focus, now)
            }
        }
        schedule.enqueue(job, at: now)
    }

    /// Presses the modifier keys, types each keysym, releases the modifiers (in reverse order),
    /// and waits until the server has handled it all; true when the whole job went out, false
    /// when it must wait (`job` says how far it got). The group and modifiers come from the
    /// state events already received (no round trip before the keys). Keycodes for characters
    /// that are not in the map are borrowed for a whole batch before its first key goes out, so
    /// that a client sees every keymap change of the batch before it looks any of its keys up;
    /// a borrowed level is taken back for the character the text ahead needs last. A `tap` sent
    /// as it is handled that borrowed is asked about again just before its first key goes out
    /// (borrowing takes round trips, and a click elsewhere can move the focus meanwhile): dropped
    /// (true) if the focus moved on after it.
    func run(_ job: inout TypingJob, tap: Bool = false) throws(InjectorError) -> Bool {
        drainOwnEvents()
        if job.keycodeWaitEnd != nil {
            // Waiting for another process's keycode: read what it gave back.
            try refresh()
            try refreshShare()
        }
        if !defersWhenBusy {
            guard try giveBackExcess() else { return false }
        } else if schedule.recordChanged {
            try refreshShare()
        }
        if schedule.stale { try refresh() }
        var state = lockState
        // Each stretch of keys is sent holding the server grab that is the keymap lock: another
        // Stackboard process's keys (and its Shift or AltGr) never come in between. Planning,
        // which may borrow, happens outside it. One bare key (a tap on a letter) needs no grab
        // (see `needsLock`).
        if !job.started, !job.modifiers.isEmpty {
            lock.acquire()
            defer { lock.release() }
            job.held = try pressModifiers(job.modifiers, state: state)
            schedule.sent(events: job.held.count, at: clock())
        }
        job.started = true
        do {
            var replans = 0
            while job.sent < job.keysyms.count {
                let plans: [KeyPlan]
                switch try planBatch(job.keysyms[job.sent...], state: state, otherGroups: job.otherGroups, job: &job) {
                case .plans(let ready): plans = ready
                case .wait: return false
                }
                job.keycodeWaitEnd = nil
                let confirms = schedule.changedSinceKeys || confirmsKeymapBeforeKeys
                if confirms || needsLock(plans, of: job.keysyms.count, holding: !job.held.isEmpty) { lock.acquire() }
                if confirms, replans < Self.maxReplans, keymapChangedSincePlanning() {
                    // Another program's keymap came in after the plan: plan (and borrow) in that one.
                    lock.release()
                    replans += 1
                    try refresh()
                    state = lockState
                    continue
                }
                // Asked again only after borrowing (its round trips are when a click can come):
                // `send` asked just before, for a key of the keymap.
                if tap, job.sent == 0, confirms, focusMovedAfterTap?() == true {
                    lock.release()
                    drop([job], .focusMoved)
                    return true
                }
                // Keys that waited for the focus they were stamped with are asked about again
                // here, after borrowing (a click elsewhere can come during its round trips), and
                // under the grab, so that the focus cannot move between the look and the keys.
                if !tap, job.sent == 0, job.focus != 0 {
                    lock.acquire()
                    if inputFocus() != job.focus {
                        lock.release()
                        drop([job], .focusMoved)
                        return true
                    }
                }
                for (n, plan) in plans.enumerated() {
                    let events = execute(plan, hold: job.holdLast && job.sent + n == job.keysyms.count - 1)
                    let now = clock()
                    schedule.sent(events: events, at: now)
                    if schedule.borrowed.isBorrowed(plan.keycode) { schedule.typedBorrowed(job.keysyms[job.sent + n], at: now) }
                }
                lock.release()
                schedule.keysWentOut(at: clock())
                job.sent += plans.count
            }
        } catch {
            lock.acquire()
            for kc in job.held.reversed() { up(kc) }
            lock.release()
            XSync(display.raw, 0)
            throw error
        }
        if !job.holdLast, !job.held.isEmpty {
            lock.acquire()
            for kc in job.held.reversed() { up(kc) }
            lock.release()
            schedule.sent(events: job.held.count, at: clock())
        }
        try display.sync()
        return true
    }

    /// Whether the keymap may change now (the application has handled its keys and clients
    /// have fetched the last change); if not, asks for the pong that proves it, unless one was
    /// asked for these keys already. The job that needs the change waits for it.
    func readyToChange() -> Bool {
        if schedule.mayChangeKeymap(now: clock()) {
            schedule.changing()
            return true
        }
        if let ping = schedule.proofNeeded() { ask(ping) }
        return false
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
    private func planBatch(_ keysyms: ArraySlice<UInt>, state: KeyboardLockState, otherGroups: Bool,
                           job: inout TypingJob) throws(InjectorError) -> BatchPlan {
        if planCacheState != state { planCache.removeAll(); planCacheState = state }
        // A key of the keyboard typed before: its plan, without the batch's bookkeeping.
        if keysyms.count == 1, let keysym = keysyms.first,
           let plan = planCache[PlanKey(keysym: keysym, otherGroups: otherGroups, character: CharacterKeysyms.isPrintable(keysym))] {
            return .plans([plan])
        }
        var plans: [KeyPlan] = []
        var protected = Set<UInt>()
        var nextUse: [UInt: Int] = [:]
        for (i, keysym) in keysyms.enumerated() where nextUse[keysym] == nil { nextUse[keysym] = i }
        let uncached = nextUse.keys.filter { planCache[PlanKey(keysym: $0, otherGroups: otherGroups, character: CharacterKeysyms.isPrintable($0))] == nil }
        let ahead = uncached.sorted { nextUse[$0, default: 0] < nextUse[$1, default: 0] }
        let along = companionKeysyms(needed: ahead, state: state, otherGroups: otherGroups)
        if ahead.count > 1 || !along.isEmpty {
            guard try borrowAhead(ahead + along, state: state, otherGroups: otherGroups) else { return .wait }
        }
        for keysym in keysyms {
            let character = CharacterKeysyms.isPrintable(keysym)
            let key = PlanKey(keysym: keysym, otherGroups: otherGroups, character: character)
            var plan = planCache[key]
            if plan == nil { plan = map?.plan(for: keysym, state: state, otherGroups: otherGroups, character: character) }
            if plan == nil {
                switch try borrow(keysym, state: state, otherGroups: otherGroups, character: character,
                                  protecting: protected, nextUse: nextUse, batchHasKeys: !plans.isEmpty, job: &job) {
                case .plan(let borrowed): plan = borrowed
                case .later: break
                case .wait: if plans.isEmpty { return .wait }
                }
            }
            guard let plan else { break }
            planCache[key] = plan
            plans.append(plan)
            protected.insert(keysym)
        }
        return .plans(plans)
    }

    /// The companions' keysyms when one of `needed` must be borrowed (none otherwise: a key
    /// of the keymap, or one already borrowed, changes nothing).
    private func companionKeysyms(needed: [UInt], state: KeyboardLockState, otherGroups: Bool) -> [UInt] {
        guard let companions, let map else { return [] }
        let mustBorrow = needed.contains { keysym in
            schedule.borrowed.slot(for: keysym) == nil
                && map.plan(for: keysym, state: state, otherGroups: otherGroups, character: CharacterKeysyms.isPrintable(keysym)) == nil
        }
        guard mustBorrow else { return [] }
        return companions().flatMap { CharacterKeysyms.keysyms(for: $0) ?? [] }
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
            if !schedule.pressed.contains(kc) {
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
        for kc in plan.levelKeys where !schedule.pressed.contains(kc) {
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

    /// Presses `kc` (tracked, so that it is released at the end).
    func down(_ kc: Int) {
        XTestFakeKeyEvent(display.raw, UInt32(kc), 1, 0)
        schedule.pressed(kc)
    }

    /// Releases `kc`.
    func up(_ kc: Int) {
        XTestFakeKeyEvent(display.raw, UInt32(kc), 0, 0)
        schedule.released(kc)
    }

    /// Whether typing `job` needs a keymap change (a character that is not in the map and
    /// not borrowed yet).
    func needsChange(_ job: TypingJob) throws(InjectorError) -> Bool {
        drainOwnEvents()
        if schedule.recordChanged { try refreshShare() }
        if schedule.stale { try refresh() }
        guard let map else { return false }
        let state = lockState
        // One keysym (a key of the keyboard) without making a set first.
        let distinct = job.keysyms.count == 1 ? job.keysyms : Array(Set(job.keysyms))
        for keysym in distinct where schedule.borrowed.slot(for: keysym) == nil {
            if keymapPlan(for: keysym, in: map, state: state, otherGroups: job.otherGroups) == nil { return true }
        }
        return false
    }

    /// The window that has the X input focus now (one round trip).
    func inputFocus() -> UInt {
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(display.raw, &focus, &revert)
        return UInt(focus)
    }

    /// Drops every deferred key: the field they were for is no longer the one typed into (a click
    /// elsewhere, another window). Counted for `takeDropped`.
    public func dropDeferred() {
        let jobs = schedule.leaveField(now: clock(), focus: inputFocus)
        if !jobs.isEmpty { drop(jobs, .fieldLeft) }
    }

    /// What was dropped since the last call (nil: nothing).
    public func takeDropped() -> DroppedKeys? {
        defer { dropped = nil }
        return dropped
    }

    /// Counts `count` texts dropped for `reason`.
    func drop(_ count: Int, _ reason: DroppedKeys.Reason) {
        dropped = DroppedKeys(count: (dropped?.count ?? 0) + count, reason: reason)
    }

    /// Counts `jobs` dropped for `reason`, and releases the modifier keys a started one held.
    func drop(_ jobs: [TypingJob], _ reason: DroppedKeys.Reason) {
        drop(jobs.count, reason)
        let held = jobs.flatMap(\.held).filter { schedule.pressed.contains($0) }
        guard !held.isEmpty else { return }
        lock.acquire()
        for kc in held.reversed() { up(kc) }
        lock.release()
        schedule.sent(events: held.count, at: clock())
        XFlush(display.raw)
    }

    /// Sends the deferred keys whose turn has come, in order, stopping (and asking for a pong)
    /// where one needs a keymap change the application is not ready for. In a dropping outbox,
    /// keys for a window that no longer has the focus, or that waited too long, are dropped.
    func flushOutbox(now: Double) {
        if let (jobs, reason) = schedule.dropStale(now: now, focus: inputFocus) {
            switch reason {
            case .focusMoved: drop(jobs, .focusMoved)
            case .fieldLeft: drop(jobs, .fieldLeft)
            case .tooLate: drop(jobs, .tooLate)
            }
        }
        while var job = schedule.outbox.first {
            do throws(InjectorError) {
                if !job.started, try needsChange(job), !readyToChange() { return }
                guard try run(&job) else {
                    schedule.updateFirst(job, at: clock())
                    return
                }
            } catch {
                drop(1, .failed(error))
            }
            schedule.finishFirst(at: clock())
        }
    }

    // MARK: the key planned ahead

    /// Plans, ahead of the release that will type it, the key of `text` (one character that is
    /// in the keymap, with no modifiers), so that the release sends it at once. False (and
    /// nothing armed) when anything would make typing it more than one key of the keymap:
    /// a borrowed or missing character, a keymap that changed and is not read yet, keys
    /// waiting for a slow application, locks or latches to clear.
    public func armKey(_ text: String) -> Bool {
        armed = nil
        guard readyForArmedKey, let keysyms = CharacterKeysyms.keysyms(for: text), keysyms.count == 1,
              let keysym = keysyms.first else { return false }
        let state = lockState
        guard let map, let plan = keymapPlan(for: keysym, in: map, state: state, otherGroups: false),
              !schedule.borrowed.isBorrowed(plan.keycode), plan.clearLocked == 0, plan.clearLatched == 0 else { return false }
        armed = ArmedKey(plan: plan, state: state)
        return true
    }

    /// Forgets the armed key.
    public func disarmKey() { armed = nil }

    /// Sends the armed key now, if the keymap and its state are still those it was planned in
    /// (the events read since were handled first, in order). Waits until the server has
    /// handled it, as `type` does. True when it was sent.
    public func sendArmedKey() -> Bool {
        guard let key = armed else { return false }
        armed = nil
        guard readyForArmedKey, key.state == lockState else { return false }
        isShutDown = false
        if needsLock([key.plan], of: 1, holding: false) { lock.acquire() }
        schedule.sent(events: execute(key.plan, hold: false), at: clock())
        lock.release()
        // A lost connection is reported by the next request the keyboard makes.
        try? display.sync()
        return true
    }

    /// Nothing stands between a key of the keymap and the application.
    private var readyForArmedKey: Bool {
        !schedule.stale && !schedule.recordChanged && !schedule.changedSinceKeys && schedule.outbox.isEmpty
            && !confirmsKeymapBeforeKeys && map != nil
    }
}
