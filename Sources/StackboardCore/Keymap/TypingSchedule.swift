/// Keys asked for that wait for the application (or for a keycode) before they can go out, and
/// how far they got: the deferred outbox's entries.
public struct TypingJob: Equatable, Sendable {
    /// The keysyms to type, in order.
    public var keysyms: [UInt]
    /// The modifiers held around them.
    public var modifiers: Set<Modifier>
    /// Whether a key of another group may carry a keysym (a shortcut such as Ctrl+C on a
    /// Cyrillic layout).
    public var otherGroups: Bool
    /// Whether the last key (and the modifiers) stay down.
    public var holdLast: Bool
    /// The X input focus when they were asked for: a dropping outbox types them into that
    /// window or nowhere (0: not stamped).
    public var focus: UInt = 0
    /// How many of `keysyms` have gone out.
    public var sent = 0
    /// The modifier keycodes this job holds down (pressed before its first key).
    public var held: [Int] = []
    /// Whether its modifiers were pressed.
    public var started = false
    /// While it waits for another Stackboard process to give back a keycode: when it gives up.
    public var keycodeWaitEnd: Double?
    /// When it was queued.
    public var queuedAt = 0.0
    /// The field was left (a click elsewhere) just after it was queued: it still goes out if
    /// the application is ready by then, else it is dropped (see `leaveField`).
    public var keptUntil: Double?

    /// A job of `keysyms` with `modifiers` held.
    public init(keysyms: [UInt], modifiers: Set<Modifier>, otherGroups: Bool, holdLast: Bool) {
        self.keysyms = keysyms
        self.modifiers = modifiers
        self.otherGroups = otherGroups
        self.holdLast = holdLast
    }
}

/// Why deferred keys were dropped by the schedule itself (typing failures are the executor's).
public enum TypingDropReason: Equatable, Sendable {
    /// Another window got the X input focus before they could go out.
    case focusMoved
    /// A click or tap elsewhere, or another field got the focus, before they could go out.
    case fieldLeft
    /// None could go out for `TypingSchedule.deferredLimitSeconds` past the time the
    /// application should have been ready.
    case tooLate
}

/// A ping the schedule asked for: its stamp and the stretch of keys its pong will confirm.
public struct PingRequest: Equatable, Sendable {
    /// The number the application sends back in its pong.
    public var stamp: UInt
    /// Every stretch up to this one is handled once the pong comes.
    public var covering: Int
}

/// What the executor is to do at an idle turn, in order (`TypingSchedule.expire`).
public enum ScheduledChore: Equatable, Sendable {
    /// Ping the focused application for the keys sent so far (`pingAnswered` says how it went).
    case ping(PingRequest)
    /// Give back these keycodes (each only where it still holds what this process put there).
    case giveBack([BorrowedKey])
    /// Stop listening for pongs: the application is proved quiet by time, whatever it answers.
    case forgetPings
    /// Leave the keymap record: this process holds nothing.
    case leaveRecord
}

/// The injector's decisions about time, as a pure value: when the keymap may change, when
/// borrowed keycodes go back, what the deferred keys wait for, and when it next needs to run.
/// The executor (`Injector`, the only part that calls Xlib and XTest) tells it what it sent and
/// what it saw, passes `now` in, and carries out what it returns.
///
/// Rules (each tested in Tests/StackboardTypingTests/TypingScheduleTests.swift):
/// - Keys go out in stretches: asking for a ping (`askForProof`) ends one. A pong for a ping
///   proves every key of its stretch and of the earlier ones handled (docs/x11-facts.md, 5).
/// - The application is quiet when a pong proved every key sent handled, or when an application
///   at the slow pace (`pace`) has had the time to handle them, whichever comes first: a pong
///   that never comes (a hung application, a toolkit whose pong is not seen) holds nothing
///   longer than the pace, and once quiet the ping is forgotten.
/// - The keymap changes (a borrowing or a giving back) only when the application is quiet and
///   `settleSeconds` have passed since the first keys that followed the previous change (Xlib
///   forgets a change that arrives while it fetches another one).
/// - Once no more keys follow (`finishTyping`) and a ping was asked for the last keys, a
///   borrowed keycode may go back as soon as its own key events are handled.
/// - Borrowed keycodes go back after `borrowed.idleTimeout` of idle, and those beyond the
///   share of the pool at once (another Stackboard process borrows too), each once handled;
///   a keycode that is down is never given back. Holding nothing, the process leaves the record.
/// - Deferred keys go out in order; in a dropping outbox (the keyboard), those asked for in
///   another focus are dropped (`focusMoved`), and all of them when none could go out for
///   `deferredLimitSeconds` past the time the application should have been ready (`tooLate`).
/// - When the field is left (a click elsewhere), the deferred keys are dropped (`fieldLeft`),
///   but for those queued less than `quickPongSeconds` before: they go out if the application
///   is ready within `quickPongSeconds` of their tap, as if the keyboard had waited that long for
///   the pong before it took the click, and are dropped after that. A dropped job that held
///   modifier keys down is returned, for the executor to release them.
/// - A keymap notification older than the injector's own last read is already in its map; a
///   newer one (someone else's change) makes the map stale, and it is read again at the next
///   idle turn, before a key needs it; so is a changed record.
/// - `nextDeadline` is when the executor must next call in: work due at once is due at 0.
public struct TypingSchedule: Equatable, Sendable {
    /// How long a keymap change waits after keys that followed the previous change: s.
    public static let settleSeconds = 0.1
    /// How long deferred keys wait for an application that takes none of them before they are
    /// dropped (a dropping outbox): s.
    public static let deferredLimitSeconds = 5.0
    /// How often a job waiting for another process's keycode looks again: s.
    public static let keycodeRetrySeconds = 0.05
    /// How long a deferred tap is kept through a click elsewhere, for a pong that comes at once: s.
    public static let quickPongSeconds = 0.05

    /// When a slow application would have handled the keys sent so far.
    public var pace = KeyDeliveryPace()
    /// What this process has borrowed.
    public var borrowed: BorrowedKeys
    /// How many keycodes this process may hold (from the last read of the record).
    public var share = Int.max
    /// Keycodes the injector holds down, in press order.
    public private(set) var pressed: [Int] = []
    /// Whether deferred keys of another focus, or too late, are dropped (the keyboard) rather
    /// than waited for (`stackboard type`).
    public var dropsStaleKeys = false

    /// The stretch of keys being sent.
    public private(set) var epoch = 0
    /// The stretch of the last keys sent (-1: none).
    public private(set) var lastKeyEpoch = -1
    /// Every stretch up to this one is confirmed handled by a pong.
    public private(set) var confirmedSend = -1
    /// The stretch the last ping was for (-1: none yet).
    public private(set) var askedAt = -1
    /// Whether the focused application could be pinged at the last ask.
    public private(set) var pingable = false
    /// Pings waiting for their pong.
    public private(set) var pings: [PingRequest] = []
    private var nextStamp: UInt
    /// When keys first went out after a keymap change (clients fetch the change then).
    public private(set) var lastFetchTrigger: Double?
    /// Whether the keymap changed since the last keys were sent.
    public private(set) var changedSinceKeys = false
    /// No more keys follow (`finishTyping`), and none was sent since it was said.
    public private(set) var allSent = false

    /// Whether a keymap change is not in the injector's map yet.
    public private(set) var stale = true
    /// The request number of the injector's last read of the map.
    public private(set) var mapSerial: UInt = 0
    /// Whether a stale map or a changed record is read at idle (off after that read failed,
    /// until the next change).
    public private(set) var refreshesWhenIdle = true
    /// Whether the keymap record changed since it was last read.
    public private(set) var recordChanged = true

    /// Deferred keys, in order.
    public private(set) var outbox: [TypingJob] = []
    /// When the outbox last sent keys (or got its first ones).
    public private(set) var outboxProgress = 0.0

    /// A schedule that gives keycodes back after `idleTimeout` s; `firstStamp` starts the ping
    /// numbers (random, so that two processes never take each other's pongs).
    public init(idleTimeout: Double, firstStamp: UInt) {
        borrowed = BorrowedKeys(idleTimeout: max(0, idleTimeout))
        nextStamp = firstStamp
    }

    // MARK: keys

    /// `events` key events went out at `now` (in the current stretch); returns when a slow
    /// application has handled them.
    @discardableResult
    public mutating func sent(events: Int, at now: Double) -> Double {
        allSent = false
        lastKeyEpoch = epoch
        return pace.sent(events: events, at: now)
    }

    /// A borrowed `keysym` was typed at `now` (after `sent`).
    public mutating func typedBorrowed(_ keysym: UInt, at now: Double) {
        borrowed.touch(keysym, now: now, handledBy: pace.handledBy, stretch: epoch)
    }

    /// `keycode` went down.
    public mutating func pressed(_ keycode: Int) { pressed.append(keycode) }

    /// `keycode` went up.
    public mutating func released(_ keycode: Int) {
        if let i = pressed.lastIndex(of: keycode) { pressed.remove(at: i) }
    }

    /// Every key went up.
    public mutating func releasedAll() { pressed.removeAll() }

    /// The executor changed the keymap (borrowed): keys sent next make clients fetch it.
    public mutating func keymapChanged() { changedSinceKeys = true }

    /// A stretch of keys went out at `now`: if the keymap changed before it, clients fetch the
    /// change from now on.
    public mutating func keysWentOut(at now: Double) {
        guard changedSinceKeys else { return }
        lastFetchTrigger = now
        changedSinceKeys = false
    }

    /// Says that no more keys follow (until the next are sent).
    public mutating func finishTyping() { allSent = true }

    // MARK: proof

    /// Ends the stretch of keys and returns the ping that proves it handled.
    public mutating func askForProof() -> PingRequest {
        askedAt = epoch
        epoch += 1 // keys sent from now on are not covered by this ping
        nextStamp &+= 1
        return PingRequest(stamp: nextStamp, covering: askedAt)
    }

    /// How the ping `request` went: `sent` (it is on its way), or not (no focus, an application
    /// that does not answer pings, or no display): time alone proves its keys handled then.
    public mutating func pingAnswered(_ request: PingRequest, sent: Bool) {
        pingable = sent
        if sent { pings.append(request) }
    }

    /// Whether a ping waits for its pong (the executor listens for pongs meanwhile).
    public var waitsForPong: Bool { !pings.isEmpty }

    /// A pong with `stamp` arrived at `now`; false for a stamp this schedule did not send.
    @discardableResult
    public mutating func pong(stamp: UInt, at now: Double) -> Bool {
        guard let ping = pings.first(where: { $0.stamp == stamp }) else { return false }
        pings.removeAll { $0.covering <= ping.covering }
        confirmedSend = max(confirmedSend, ping.covering)
        if ping.covering >= lastKeyEpoch { pace.confirmed(at: now) }
        return true
    }

    /// Forgets the pings waiting (time has proved the application quiet).
    public mutating func forgetPings() { pings.removeAll() }

    /// When time alone proves the keys sent so far handled.
    public var quietTime: Double { pace.handledBy }

    /// Whether the application has handled every key sent so far (a pong, or time).
    public func isQuiet(now: Double) -> Bool { lastKeyEpoch <= confirmedSend || now >= quietTime }

    /// When clients have fetched the last keymap change (nil: nothing to wait for).
    public var settleTime: Double? { lastFetchTrigger.map { $0 + Self.settleSeconds } }

    /// Whether the keymap may change at `now`: the application is quiet and clients have
    /// fetched the last change.
    public func mayChangeKeymap(now: Double) -> Bool {
        isQuiet(now: now) && now >= (settleTime ?? 0)
    }

    /// Before a keymap change that `mayChangeKeymap` refuses: the ping to ask, if none was asked
    /// for the keys sent so far (a ping still waiting for keys sent before does not cover them).
    public mutating func proofNeeded() -> PingRequest? {
        guard askedAt < lastKeyEpoch else { return nil }
        return askForProof()
    }

    /// The keymap is changed now (`mayChangeKeymap` said yes): the last change is fetched.
    public mutating func changing() { lastFetchTrigger = nil }

    /// Whether `keys` may be changed (see the rules).
    public func handled(_ keys: [BorrowedKey], now: Double) -> Bool {
        if isQuiet(now: now) { return true }
        guard allSent, outbox.isEmpty, askedAt >= lastKeyEpoch else { return false }
        return keys.allSatisfy { $0.stretch <= confirmedSend || now >= $0.handledBy }
    }

    /// When time alone proves that `keys` may be changed (see `handled`).
    public func handledTime(_ keys: [BorrowedKey]) -> Double {
        guard allSent, outbox.isEmpty, let last = keys.map(\.handledBy).max() else { return quietTime }
        return min(quietTime, last)
    }

    /// When borrowed keycodes wait for time alone (the focused application does not answer
    /// pings): the pace. Nil when nothing waits for it, or before a ping has told.
    public func giveBackWaitsForTime(now: Double) -> Double? {
        let keys = Array(borrowed.keys.values)
        guard !keys.isEmpty, askedAt >= 0, !pingable, !handled(keys, now: now) else { return nil }
        return handledTime(keys)
    }

    // MARK: keymap and record news

    /// A keymap notification with request number `serial` came: stale unless the injector's own
    /// last read already has it.
    public mutating func mapChanged(serial: UInt) {
        guard serial >= mapSerial else { return }
        stale = true
        refreshesWhenIdle = true
    }

    /// The executor is about to read (or write) the map with request `serial`: later
    /// notifications are news, earlier ones are in what it reads.
    public mutating func mapRead(serial: UInt) {
        mapSerial = serial
        stale = false
    }

    /// Reading the map at idle failed: not tried again at idle until the next change.
    public mutating func idleReadFailed() { refreshesWhenIdle = false }

    /// The keymap record changed (someone registered, borrowed or gave back).
    public mutating func recordChangedNews() { recordChanged = true }

    /// The record was read: `pool` keycodes (free plus borrowed by live processes) are shared by
    /// this process and `others` live borrowers.
    public mutating func recordRead(pool: Int, others: Int) {
        recordChanged = false
        share = KeymapRecord.share(pool: pool, borrowers: others + 1)
    }

    /// Whether the map or the record is to be read now, while nothing is under way.
    public var readDueWhenIdle: Bool {
        (stale || recordChanged) && refreshesWhenIdle && pressed.isEmpty && outbox.isEmpty
    }

    // MARK: the outbox

    /// Queues `job` behind the others at `now`; the first one starts the outbox's clock.
    public mutating func enqueue(_ job: TypingJob, at now: Double) {
        var job = job
        job.queuedAt = now
        if outbox.isEmpty { outboxProgress = now }
        outbox.append(job)
    }

    /// Puts `job` back at the head of the outbox, as far as it got at `now` (it waits again);
    /// the outbox's clock starts again when some of its keys went out.
    public mutating func updateFirst(_ job: TypingJob, at now: Double) {
        guard let first = outbox.first else {
            enqueue(job, at: now)
            return
        }
        if job.sent > first.sent { outboxProgress = now }
        outbox[0] = job
    }

    /// The head of the outbox went out whole at `now`.
    public mutating func finishFirst(at now: Double) {
        guard !outbox.isEmpty else { return }
        outbox.removeFirst()
        outboxProgress = now
    }

    /// Drops every deferred job (at shutdown, too late for them); returns them.
    public mutating func dropAll() -> [TypingJob] {
        defer { outbox.removeAll() }
        return outbox
    }

    /// The field the deferred keys were for was left at `now` (a click elsewhere): drops those
    /// queued `quickPongSeconds` before or earlier, keeps the others until `quickPongSeconds`
    /// after their tap (`dropStale` drops them then, if they still wait); returns the dropped.
    /// In a dropping outbox none is kept when the window the first waiting key was for no longer
    /// has the input focus (`focus`, asked only then): the click moved it, and a key handled
    /// after that move was stamped with the new window although its tap came before the click.
    public mutating func leaveField(now: Double, focus: () -> UInt) -> [TypingJob] {
        var old = outbox.prefix { now - $0.queuedAt >= Self.quickPongSeconds }.count
        if old < outbox.count, dropsStaleKeys, let field = outbox.first?.focus, field != focus() { old = outbox.count }
        let dropped = Array(outbox.prefix(old))
        outbox.removeFirst(old)
        for i in outbox.indices where outbox[i].keptUntil == nil {
            outbox[i].keptUntil = outbox[i].queuedAt + Self.quickPongSeconds
        }
        return dropped
    }

    /// Drops the jobs that can no longer go where they were asked for at `now`, with the input
    /// focus `focus` (asked only in a dropping outbox): those kept through a click elsewhere
    /// that are still waiting after their time, those of another focus, and all of them when
    /// none could go out for `deferredLimitSeconds` past the time the application should have
    /// been ready. Returns the dropped jobs and why (nil: none).
    public mutating func dropStale(now: Double, focus: () -> UInt) -> (jobs: [TypingJob], reason: TypingDropReason)? {
        let expired = outbox.prefix { ($0.keptUntil ?? .infinity) <= now }.count
        if expired > 0 {
            defer { outbox.removeFirst(expired) }
            return (Array(outbox.prefix(expired)), .fieldLeft)
        }
        guard dropsStaleKeys, !outbox.isEmpty else { return nil }
        if now - max(outboxProgress, quietTime) > Self.deferredLimitSeconds {
            return (dropAll(), .tooLate)
        }
        let current = focus()
        let gone = outbox.prefix { $0.focus != current }.count
        guard gone > 0 else { return nil }
        defer { outbox.removeFirst(gone) }
        return (Array(outbox.prefix(gone)), .focusMoved)
    }

    // MARK: idle turns

    /// After the executor read pongs, sent what the outbox could and read what was due: what to
    /// do with borrowed keycodes and pings at `now`. `registered`: this process is in the record.
    public mutating func expire(now: Double, registered: Bool) -> [ScheduledChore] {
        var out: [ScheduledChore] = []
        guard now >= (settleTime ?? 0) else { return out }
        let busy = Set(pressed)
        var due = borrowed.idle(now: now, busy: busy)
        for key in borrowed.excess(limit: share, busy: busy) where !due.contains(key) { due.append(key) }
        if !due.isEmpty {
            if handled(due, now: now) {
                out.append(.giveBack(due))
                for key in due { borrowed.drop(key.keycode) }
                lastFetchTrigger = nil
            } else if pings.isEmpty, askedAt < lastKeyEpoch {
                out.append(.ping(askForProof()))
            }
        }
        if !pings.isEmpty, outbox.isEmpty, isQuiet(now: now) {
            pings.removeAll()
            out.append(.forgetPings)
        }
        if registered, borrowed.keys.isEmpty, outbox.isEmpty { out.append(.leaveRecord) }
        return out
    }

    /// When the executor must next call in (`expire` and the outbox): a keycode falls idle (or
    /// is beyond the share), or deferred keys wait, and the keys sent so far can be proved
    /// handled; the record or the map to read; at 0 for work due at once. Nil: nothing to do.
    /// A pong is not waited for here: the executor listens for it, and time bounds it.
    public func nextDeadline(now: Double, registered: Bool) -> Double? {
        if readDueWhenIdle { return 0 }
        let busy = Set(pressed)
        var due: [Double] = []
        if recordChanged, registered || !borrowed.keys.isEmpty { due.append(0) }
        if borrowed.keys.isEmpty, outbox.isEmpty, registered { due.append(0) }
        if let head = outbox.first, let end = head.keycodeWaitEnd {
            due.append(min(end, now + Self.keycodeRetrySeconds))
        } else {
            let excess = Set(borrowed.excess(limit: share, busy: busy).map(\.keycode))
            let idle = borrowed.keys.values.filter { !busy.contains($0.keycode) }
            var wanted = idle.map { excess.contains($0.keycode) ? 0 : $0.lastUse + borrowed.idleTimeout }.min()
            if !outbox.isEmpty { wanted = 0 }
            if let wanted {
                if wanted > now || handled(idle, now: now) {
                    due.append(wanted)
                } else {
                    due.append(askedAt < lastKeyEpoch && pings.isEmpty ? 0 : handledTime(idle))
                }
            }
        }
        guard let first = due.min() else { return nil }
        let settled = max(first, settleTime ?? 0)
        // A job kept through a click elsewhere is dropped at its time, settled or not.
        return outbox.compactMap(\.keptUntil).min().map { min($0, settled) } ?? settled
    }
}
