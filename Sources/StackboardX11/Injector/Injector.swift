import CX11
import StackboardCore
import StackboardSystem

/// Types text and keys into the focused application with XTest, exactly, on any XKB keymap
/// (docs/x11-facts.md, items 1-13): the executor of `TypingSchedule`, and the only part of typing
/// that calls Xlib and XTest. Characters are looked up in the XTEST keyboard's own map for the
/// current group (never switching groups), which it follows from XkbStateNotify events (no round
/// trip before a key). A character that is not in the map goes on a level of a borrowed,
/// verified-empty keycode (up to four characters per keycode), shared with every other
/// Stackboard process of the display through the keymap lock and record (`KeymapLock`). When
/// and what may change is the schedule's decision: a borrowed character is only replaced, and a
/// keycode only given back, once the focused application has handled its keys (its pong to a
/// `_NET_WM_PING`, or the slow-application pace). Nothing here waits: keys that need a keymap
/// change the application is not ready for wait in the outbox, and go out from `expireIdle(now:)`
/// when `nextDeadline` comes or a pong arrives (`pongSource`, a source of the owner's loop).
/// Keycodes are given back after `idleRestoreSeconds` of idle, and by `shutdown()`, which also
/// releases every key still down. Creating an injector first restores the keycodes that
/// Stackboard processes which are gone left borrowed. Not thread-safe: use it from one thread.
public final class Injector {
    let display: InjectorDisplay
    var map: KeyboardMap?
    /// The decisions about time: stretches, pings, the pace, borrowed keycodes, the outbox.
    var schedule: TypingSchedule
    /// Keycodes that were empty and borrowed by no one at the last read (verified again under
    /// the lock before one is taken).
    var free: [Int] = []
    var planCache: [PlanKey: KeyPlan] = [:]
    var planCacheState: KeyboardLockState?
    let clock: () -> Double
    var isShutDown = false
    /// The key a release will type, planned ahead (`armKey`).
    var armed: ArmedKey?
    /// The texts likely typed next (the keyboard's layer on screen), asked only when a keysym
    /// must be borrowed: those missing from the keymap are borrowed in the same change, as far as
    /// free levels go without replacing anything, so the next taps change nothing.
    public var companions: (() -> [String])?

    /// The group and locked and latched modifiers, as XkbStateNotify events tell them.
    var lockState = KeyboardLockState(group: 0, locked: 0, latched: 0)
    /// The request number of the last `XkbGetState`: state events older than it are in `lockState`.
    var stateSerial: UInt = 0
    /// State events still in Xlib's queue that a queue scan has already applied (a shared
    /// connection: they reach `handle(xEvent:)` later, in order, and are skipped there).
    var stateEventsAhead = 0

    /// The keymap lock, the record and this process's registration.
    let lock: KeymapLock
    /// Keycodes other Stackboard processes have borrowed (from the last read of the record):
    /// never typed with, since their borrower may change them at any moment.
    var othersBorrowed: Set<Int> = [] {
        didSet {
            guard othersBorrowed != oldValue else { return }
            map?.avoided = othersBorrowed
            planCache.removeAll()
        }
    }
    /// The ping barrier with the focused application (its connection is a source of the loop).
    let barrier: PingBarrier
    /// Deferred keys dropped since `takeDropped` was last asked (nil: none).
    var dropped: DroppedKeys?
    /// The input focus the last queued keys were stamped with, and when it was read.
    var focusStamp: (focus: UInt, at: Double)?
    /// When `shutdown` gives up waiting for the application (nil: not shutting down).
    var shutdownLimit: Double?

    /// Seconds of idle after which a borrowed keycode is given back (default 10).
    public var idleRestoreSeconds: Double {
        get { schedule.borrowed.idleTimeout }
        set { schedule.borrowed.idleTimeout = max(0, newValue) }
    }

    /// Seconds an application that does not answer `_NET_WM_PING` is given per key event before
    /// a keycode it may still look up is changed (default 0.2; 0 trusts it to keep up).
    public var slowApplicationSeconds: Double {
        get { schedule.pace.perEvent }
        set { schedule.pace.perEvent = max(0, newValue) }
    }

    /// How long typing a character waits for other Stackboard processes to give back a keycode
    /// when they hold every free one (default 10 s; the keyboard should use a short wait).
    public var keycodeWaitSeconds: Double = 10

    /// How long `shutdown()` waits at most for the application to handle the last keys (s).
    public var shutdownWaitSeconds: Double = 5

    /// Whether deferred keys are typed only into the window that had the focus when they were
    /// asked for, and dropped after `TypingSchedule.deferredLimitSeconds` of waiting in vain (the
    /// keyboard). Off (`type`): they wait for the application however long it takes.
    public var defersWhenBusy: Bool {
        get { schedule.dropsStaleKeys }
        set { schedule.dropsStaleKeys = newValue }
    }
    /// Whether every stretch of keys first makes sure, holding the keymap lock, that no other
    /// program changed the keymap since it was planned (one round trip per stretch): exact
    /// while `setxkbmap` or a layout switcher runs, for `type`. Off (the keyboard: no round trip
    /// before a tap's key), only a stretch that has just borrowed checks, as that costs round
    /// trips anyway.
    public var confirmsKeymapBeforeKeys = false

    /// Whether the input focus moved on after the tap whose keys are about to go out (nil: never
    /// asked). The keyboard answers from the display's news of the active window that it read
    /// but has not reached yet in its events: typed now, the keys would go to that window.
    public var focusMovedAfterTap: (() -> Bool)?

    /// How many keycodes processes that are gone had left borrowed, restored when this injector
    /// was created.
    public private(set) var restoredAtStart = 0

    /// Opens its own connection to `displayName` (nil: `$DISPLAY`).
    public convenience init(displayName: String?, idleRestoreSeconds: Double = 10) throws(InjectorError) {
        try self.init(connection: InjectorDisplay(name: displayName), idleRestoreSeconds: idleRestoreSeconds)
    }

    /// Shares the keyboard window's `Display *`: the owner forwards X events to `handle(xEvent:)`
    /// and calls `shutdown()` before it closes the display.
    public convenience init(display: OpaquePointer, idleRestoreSeconds: Double = 10) throws(InjectorError) {
        try self.init(connection: InjectorDisplay(borrowing: display), idleRestoreSeconds: idleRestoreSeconds)
    }

    private init(connection: InjectorDisplay, idleRestoreSeconds: Double) throws(InjectorError) {
        display = connection
        schedule = TypingSchedule(idleTimeout: idleRestoreSeconds, firstStamp: UInt.random(in: 1...0x3fff_ffff))
        clock = MonotonicClock.now // the clock of `expireIdle(now:)` and `nextDeadline`
        lock = KeymapLock(display: connection.raw)
        barrier = PingBarrier(displayName: String(cString: XDisplayString(connection.raw)))
        selectEvents()
        try refresh()
        restoredAtStart = restoreAbandoned()
        HeldButton.releaseAbandoned(connection.raw) // a killed keyboard's drag, like its keycodes
    }

    deinit {
        if !isShutDown { shutdown() }
    }

    /// The core keyboard's effective group (0-based), as the state events last said: what the
    /// keys are typed in (no round trip).
    public var group: Int { lockState.group }

    /// The connection that pongs arrive on, as a source of the owner's loop: while a ping waits,
    /// the loop wakes when its pong comes (then `nextDeadline` says what is due).
    public var pongSource: LoopSource { barrier }

    /// Types `text` into the focused window, with `modifiers` held around it (a shortcut such as
    /// Ctrl+C uses the key that carries `c` in some group when the current group has none).
    /// What cannot go out before the application has caught up waits (`hasWaitingKeys`).
    public func type(_ text: String, modifiers: Set<Modifier> = []) throws(InjectorError) {
        try type(text, modifiers: modifiers, holdLast: false)
    }

    /// Like `type`, but leaves the last character's key and the modifiers down until
    /// `releaseAll()` or `shutdown()` (a test aid, and for press-and-hold).
    public func typeAndHold(_ text: String, modifiers: Set<Modifier> = []) throws(InjectorError) {
        try type(text, modifiers: modifiers, holdLast: true)
    }

    /// Sends a named key (Return, an arrow, F1, XF86AudioMute...) with `modifiers` held.
    public func key(_ key: NamedKey, modifiers: Set<Modifier> = []) throws(InjectorError) {
        guard let keysym = CharacterKeysyms.keysym(named: key.keysymName) else {
            throw .unknownKeyName(key.keysymName)
        }
        try send([keysym], modifiers: modifiers, otherGroups: true, holdLast: false)
    }

    /// Borrows, in one keymap change, keycodes for the characters of `text` that are not in the
    /// keymap (as many as this process's share of the free keycodes carries, in the order the
    /// text first needs them), so that typing it piece by piece changes the keymap as little as
    /// possible. Does nothing while the application is busy with earlier keys (the pieces then
    /// borrow as they go). `modifiers`: those it will be typed with.
    public func prepare(_ text: String, modifiers: Set<Modifier> = []) throws(InjectorError) {
        guard let keysyms = CharacterKeysyms.keysyms(for: text) else { throw .untypableControlCharacter }
        isShutDown = false
        drainOwnEvents()
        if schedule.stale { try refresh() }
        _ = try borrowAhead(keysyms, state: lockState, otherGroups: !modifiers.isDisjoint(with: Self.shortcutModifiers))
        try display.sync()
    }

    /// Whether keys wait for the application (or a keycode) in the outbox.
    public var hasWaitingKeys: Bool { !schedule.outbox.isEmpty }

    /// When `expireIdle(now:)` has work to do (monotonic seconds); nil when there is none.
    public var nextDeadline: Double? {
        if barrier.hasPongs { return 0 }
        return schedule.nextDeadline(now: clock(), registered: lock.isRegistered)
    }

    /// Reads the pongs that arrived and tells the schedule.
    func readPongs(now: Double) {
        barrier.readPongs(now: now)
        for pong in barrier.takePongs() { schedule.pong(stamp: pong.stamp, at: pong.at) }
    }

    /// Sends the deferred keys whose turn has come, reads a changed map or record, and gives
    /// back every borrowed keycode idle since `now - idleRestoreSeconds` (and those beyond this
    /// process's share of the pool while other Stackboard processes borrow too), each once the
    /// application has handled its keys (a ping is sent here, its pong read by `pongSource`,
    /// never waited for) and only when it still holds what the injector put there.
    public func expireIdle(now: Double) {
        drainOwnEvents()
        readPongs(now: now)
        if !schedule.outbox.isEmpty { flushOutbox(now: now) }
        if schedule.readDueWhenIdle, schedule.stale {
            do { try refresh() } catch { schedule.idleReadFailed() }
        }
        if schedule.recordChanged { try? refreshShare() }
        carryOut(schedule.expire(now: now, registered: lock.isRegistered))
    }

    /// Carries out what the schedule asks at an idle turn.
    func carryOut(_ chores: [ScheduledChore]) {
        for chore in chores {
            switch chore {
            case .ping(let ping): _ = ask(ping)
            case .giveBack(let keys): giveBack(keys)
            case .forgetPings: barrier.giveUp()
            case .leaveRecord: leave()
            }
        }
    }

    /// Releases every key the injector holds down.
    public func releaseAll() {
        guard !schedule.pressed.isEmpty else { return }
        let now = clock()
        let pressed = schedule.pressed
        schedule.sent(events: pressed.count, at: now)
        lock.acquire()
        for kc in pressed.reversed() {
            XTestFakeKeyEvent(display.raw, UInt32(kc), 0, 0)
            for level in schedule.borrowed.keys[kc]?.levels ?? [] { schedule.typedBorrowed(level.keysym, at: now) }
        }
        lock.release()
        schedule.releasedAll()
        XSync(display.raw, 0)
    }

    /// Sends the keys still deferred, releases every key and restores every borrowed keycode that
    /// is still the injector's, after waiting (at most `shutdownWaitSeconds` in all) for the
    /// application to handle the keys; deferred keys still waiting then are dropped. The wait is
    /// a loop of its own (`ShutdownSource`): call it once the owner's loop has ended, on exit and
    /// on SIGTERM, SIGINT and SIGHUP. Inside a loop, use `beginShutdown` and `advanceShutdown`.
    public func shutdown() {
        guard !isShutDown else { return }
        beginShutdown(now: clock())
        let loop = EventLoop()
        let source = ShutdownSource(injector: self, loop: loop)
        loop.add(source)
        _ = loop.run()
        loop.remove(source)
        if !isShutDown { finishShutdown() }
    }
}

extension Injector {
    /// Says that no more keys follow (until the next one is sent): each borrowed keycode may
    /// then be given back as soon as the application has handled the key events sent on it,
    /// not every key sent, so that a text ending in characters of the keymap is not waited for
    /// to its end. Only borrowed keycodes the text no longer needs may be given back early
    /// (one given back while text ahead still needs it is borrowed again), hence the caller's word.
    public func finishTyping() { schedule.finishTyping() }

    /// When borrowed keycodes wait for time alone to show that the focused application, which
    /// does not answer `_NET_WM_PING`, has handled their keys (monotonic seconds): the slow-
    /// application pace. Nil when nothing waits for it, or before a ping has told.
    public var giveBackWaitsForTimeUntil: Double? { schedule.giveBackWaitsForTime(now: clock()) }

    /// How many keycodes the injector has borrowed now.
    public var borrowedCount: Int { schedule.borrowed.keys.count }

    /// Syncs the keys sent so far and pings the focused application for them (the schedule's
    /// `ping`); false when the display cannot be reached.
    @discardableResult
    func ask(_ ping: PingRequest) -> Bool {
        XSync(display.raw, 0)
        let outcome = barrier.ping(ping)
        schedule.pingAnswered(ping, sent: outcome == .sent)
        return outcome != .unreachable
    }

    // MARK: shutting down in the loop

    /// Starts shutting down at `now`: the deferred keys go out, every key is released, and
    /// borrowed keycodes are given back once the application has handled the keys, within
    /// `shutdownWaitSeconds`. Call `advanceShutdown` at `shutdownDeadline` and when a pong comes
    /// (`pongSource`) until it says done.
    public func beginShutdown(now: Double) {
        guard !isShutDown, shutdownLimit == nil else { return }
        shutdownLimit = now + shutdownWaitSeconds
    }

    /// When the shutdown next has work (nil: not shutting down).
    public var shutdownDeadline: Double? {
        guard let limit = shutdownLimit else { return nil }
        if barrier.hasPongs { return 0 }
        let now = clock()
        let due: Double
        if !schedule.outbox.isEmpty {
            due = schedule.nextDeadline(now: now, registered: lock.isRegistered) ?? 0
        } else if schedule.borrowed.keys.isEmpty {
            due = 0
        } else {
            due = max(schedule.isQuiet(now: now) ? 0 : schedule.quietTime, schedule.settleTime ?? 0)
        }
        return min(limit, due)
    }

    /// Does what the shutdown can at `now`; true once it is done (or was never begun).
    public func advanceShutdown(now: Double) -> Bool {
        guard let limit = shutdownLimit else { return true }
        drainOwnEvents()
        readPongs(now: now)
        if !schedule.outbox.isEmpty, now < limit {
            flushOutbox(now: now)
            if !schedule.outbox.isEmpty { return false }
        }
        _ = schedule.dropAll() // too late for them (their keys are released here)
        releaseAll()
        drainOwnEvents()
        if !schedule.borrowed.keys.isEmpty, now < limit, !readyToChange() { return false }
        finishShutdown()
        return true
    }

    /// Releases every key, gives back every borrowed keycode that is still the injector's (the
    /// application has handled its keys, or the time is up), leaves the record and closes.
    func finishShutdown() {
        releaseAll()
        giveBack(Array(schedule.borrowed.keys.values))
        leave()
        barrier.close()
        lock.close()
        XSync(display.raw, 0)
        shutdownLimit = nil
        isShutDown = true
    }
}

/// `Injector.shutdown()`'s loop: its deadlines and its pongs, until the shutdown is done. It holds
/// the injector strongly (an unowned reference cannot be read in the injector's deinit, which
/// shuts down too) for the run of the loop only.
final class ShutdownSource: LoopSource {
    private let injector: Injector
    private unowned let loop: EventLoop

    /// Runs `injector`'s shutdown in `loop`.
    init(injector: Injector, loop: EventLoop) {
        self.injector = injector
        self.loop = loop
    }

    var pollRequests: [PollRequest] { injector.barrier.pollRequests }

    var nextDeadline: Double? { injector.shutdownDeadline ?? 0 }

    func dispatch(now: Double) {
        if injector.advanceShutdown(now: now) { loop.stop(0) }
    }

    func prepareToWait() -> Bool { injector.barrier.prepareToWait() }
}

/// What a cached plan was made for.
struct PlanKey: Hashable {
    var keysym: UInt
    var otherGroups: Bool
    var character: Bool
}

extension Injector {
    /// Throws the error `type` would throw for `text` before typing anything (a control
    /// character without a key), without touching the display.
    public static func validate(_ text: String) throws(InjectorError) {
        guard CharacterKeysyms.keysyms(for: text) != nil else { throw .untypableControlCharacter }
    }

    /// Whether `name` is an X keysym name the injector can send.
    public static func isKnownKeyName(_ name: String) -> Bool {
        CharacterKeysyms.keysym(named: name) != nil
    }
}
