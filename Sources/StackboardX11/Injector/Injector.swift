import CX11
import StackboardCore
import StackboardSystem
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Types text and keys into the focused application with XTest, exactly, on any XKB keymap
/// (docs/x11-facts.md, items 1-13). Characters are looked up in the XTEST keyboard's own map
/// for the current group (never switching groups), which it follows from XkbStateNotify events
/// (no round trip before a key). A character that is not in the map goes on a level of a
/// borrowed, verified-empty keycode (up to four characters per keycode), shared with every other
/// Stackboard process of the display through the keymap lock and record (`KeymapLock`). A
/// borrowed character is only replaced, and a keycode only given back, once the focused
/// application has handled its keys: it answered a `_NET_WM_PING` sent after them, or enough
/// time has passed at the pace of a slow application (`KeyDeliveryPace`), whether it answers
/// pings or not: a pong that does not come by then (a toolkit whose pong the barrier cannot see,
/// a hung application) never holds the keys longer. Keycodes are given back after `idleRestoreSeconds` of idle by
/// `expireIdle(now:)`, and by `shutdown()`, which also releases every key still down. Creating
/// an injector first restores the keycodes that Stackboard processes which are gone left
/// borrowed. Not thread-safe: use it from one thread.
public final class Injector {
    let display: InjectorDisplay
    var map: KeyboardMap?
    /// The request number of the last map fetch: notifications older than it are already in `map`.
    var mapSerial: UInt = 0
    var stale = true
    /// Whether a stale map, or a changed keymap record, is read at the next idle turn
    /// (`expireIdle`, see `refreshDueWhenIdle`), before a key needs it; off after reading the
    /// map there failed, until the next map change (the key then reports the failure).
    var refreshesWhenIdle = true
    /// What this process has borrowed.
    var borrowed: BorrowedKeys
    /// Keycodes that were empty and borrowed by no one at the last read (verified again under
    /// the lock before one is taken).
    var free: [Int] = []
    /// Keycodes the injector holds down, in press order.
    var pressed: [Int] = []
    var planCache: [PlanKey: KeyPlan] = [:]
    var planCacheState: KeyboardLockState?
    let clock: () -> Double
    /// Whether the keymap changed since the last keys were sent.
    var changedSinceKeys = false
    /// When keys last went out after a keymap change (clients fetch the change then).
    var lastFetchTrigger: Double?
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
    /// The record changed since it was last read (someone registered, borrowed, gave back).
    var recordChanged = true
    /// How many keycodes this process may hold (from the last read of the record).
    var share = Int.max
    /// Keycodes other Stackboard processes have borrowed (from the last read of the record):
    /// never typed with, since their borrower may change them at any moment.
    var othersBorrowed: Set<Int> = [] {
        didSet {
            guard othersBorrowed != oldValue else { return }
            map?.avoided = othersBorrowed
            planCache.removeAll()
        }
    }
    /// The ping barrier with the focused application.
    let barrier: PingBarrier
    /// The stretch of keys being sent: each ping ends one, so a pong proves every key stamped
    /// with the ping's epoch or an earlier one handled.
    var epoch = 0
    /// The epoch of the last keys sent.
    var lastKeyEpoch = -1
    /// Every epoch up to this one is confirmed handled by a pong.
    var confirmedSend = -1
    /// Whether the focused application answered `_NET_WM_PING` at the last barrier.
    var pingable = false
    /// The epoch the last ping was for (-1: none yet).
    var askedAt = -1
    /// When `expireIdle` last looked for a pong.
    var lastBarrierPoll = 0.0
    /// When a slow application would have handled the keys sent so far.
    var pace = KeyDeliveryPace()
    /// No more keys follow (`finishTyping`), and none was sent since it was said.
    var allSent = false

    /// How long a keymap change waits after keys that followed the previous change, so that
    /// clients finish fetching that one (Xlib drops a change that arrives during a fetch): s.
    static let settleSeconds = 0.1
    /// How long `expireIdle` waits between looks at the barrier while a pong is due: s.
    static let pongPollSeconds = 0.02

    /// Seconds of idle after which a borrowed keycode is given back (default 10).
    public var idleRestoreSeconds: Double {
        get { borrowed.idleTimeout }
        set { borrowed.idleTimeout = max(0, newValue) }
    }

    /// Seconds an application that does not answer `_NET_WM_PING` is given per key event before
    /// a keycode it may still look up is changed (default 0.2; 0 trusts it to keep up).
    public var slowApplicationSeconds: Double {
        get { pace.perEvent }
        set { pace.perEvent = max(0, newValue) }
    }

    /// How long typing a character waits for other Stackboard processes to give back a keycode
    /// when they hold every free one (default 10 s; the keyboard should use a short wait).
    public var keycodeWaitSeconds: Double = 10

    /// How long `shutdown()` waits at most for the application to handle the last keys (s).
    public var shutdownWaitSeconds: Double = 5

    /// Whether text whose characters need a keymap change while the application is still busy
    /// with earlier keys is queued (and sent by `expireIdle` once it has caught up) instead of
    /// waited for: the keyboard never blocks on a slow application. Off: `type` waits.
    public var defersWhenBusy = false
    /// Whether every stretch of keys first makes sure, holding the keymap lock, that no other
    /// program changed the keymap since it was planned (one round trip per stretch): exact
    /// while `setxkbmap` or a layout switcher runs, for `type`. Off (the keyboard: no round trip
    /// before a tap's key), only a stretch that has just borrowed checks, as that costs round
    /// trips anyway.
    public var confirmsKeymapBeforeKeys = false
    /// Keys queued by `defersWhenBusy`, in order.
    var outbox: [DeferredSend] = []
    /// Deferred keys dropped since `takeDropped` was last asked (nil: none).
    var dropped: DroppedKeys?
    /// When the outbox last sent keys (or got its first ones).
    var outboxProgress = 0.0

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
        borrowed = BorrowedKeys(idleTimeout: max(0, idleRestoreSeconds))
        clock = MonotonicClock.now // the clock of `expireIdle(now:)` and `nextDeadline`
        lock = KeymapLock(display: connection.raw)
        barrier = PingBarrier(displayName: String(cString: XDisplayString(connection.raw)))
        selectEvents()
        try refresh()
        restoredAtStart = restoreAbandoned()
    }

    deinit {
        if !isShutDown { shutdown() }
    }

    /// The core keyboard's effective group (0-based), as the state events last said: what the
    /// keys are typed in (no round trip).
    public var group: Int { lockState.group }

    /// Types `text` into the focused window, with `modifiers` held around it (a shortcut such as
    /// Ctrl+C uses the key that carries `c` in some group when the current group has none).
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
    /// possible and never while the application is busy with earlier keys.
    /// `modifiers`: those it will be typed with (a shortcut may use a key of another group).
    public func prepare(_ text: String, modifiers: Set<Modifier> = []) throws(InjectorError) {
        guard let keysyms = CharacterKeysyms.keysyms(for: text) else { throw .untypableControlCharacter }
        isShutDown = false
        drainOwnEvents()
        if stale { try refresh() }
        try borrowAhead(keysyms, state: lockState, otherGroups: !modifiers.isDisjoint(with: Self.shortcutModifiers))
        try display.sync()
    }

    /// When `expireIdle(now:)` has work to do (monotonic seconds); nil when there is none.
    public var nextDeadline: Double? { nextDue(now: clock()) }

    /// Gives back every borrowed keycode idle since `now - idleRestoreSeconds`, and those beyond
    /// this process's share of the pool while other Stackboard processes borrow too, each once
    /// the application has handled its keys (a ping is sent and its pong looked for here, never
    /// waited for) and only when it still holds what the injector put there.
    public func expireIdle(now: Double) {
        drainOwnEvents()
        lastBarrierPoll = now
        if let confirmed = barrier.readPongs() { confirm(confirmed, at: now) }
        if !outbox.isEmpty { flushOutbox() }
        if refreshDueWhenIdle, stale {
            do { try refresh() } catch { refreshesWhenIdle = false }
        }
        if recordChanged { try? refreshShare() }
        guard now >= (lastFetchTrigger ?? 0) + Injector.settleSeconds else { return }
        let busy = Set(pressed)
        var due = borrowed.idle(now: now, busy: busy)
        for key in borrowed.excess(limit: share, busy: busy) where !due.contains(key) { due.append(key) }
        if !due.isEmpty {
            if handled(due, now: now) {
                giveBack(due)
            } else if !barrier.isWaiting, askedAt < lastKeyEpoch {
                askForProof()
            }
        }
        if barrier.isWaiting, outbox.isEmpty, isQuiet(now: now) { barrier.giveUp() }
        if borrowed.keys.isEmpty, outbox.isEmpty { leave() }
    }

    /// Releases every key the injector holds down.
    public func releaseAll() {
        guard !pressed.isEmpty else { return }
        let now = clock()
        lastKeyEpoch = epoch
        allSent = false
        let handledBy = pace.sent(events: pressed.count, at: now)
        lock.acquire()
        for kc in pressed.reversed() {
            XTestFakeKeyEvent(display.raw, UInt32(kc), 0, 0)
            for level in borrowed.keys[kc]?.levels ?? [] { borrowed.touch(level.keysym, now: now, handledBy: handledBy, stretch: epoch) }
        }
        lock.release()
        pressed.removeAll()
        XSync(display.raw, 0)
    }

    /// Sends the keys still deferred, releases every key and restores every borrowed keycode that
    /// is still the injector's, after waiting (at most `shutdownWaitSeconds` in all) for the
    /// application to handle the keys; deferred keys still waiting then are dropped.
    /// Call it on exit and on SIGTERM, SIGINT and SIGHUP.
    public func shutdown() {
        let limit = clock() + shutdownWaitSeconds
        flushOutbox(until: limit)
        releaseAll()
        drainOwnEvents()
        if !borrowed.keys.isEmpty {
            waitUntilQuiet(limit: limit)
            giveBack(Array(borrowed.keys.values))
        }
        leave()
        barrier.close()
        lock.close()
        XSync(display.raw, 0)
        isShutDown = true
    }
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
