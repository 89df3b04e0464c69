import CX11
import StackboardCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Types text and keys into the focused application with XTest, exactly, on any XKB keymap
/// (see docs X11-PITFALLS items 1-12). Characters are looked up in the XTEST keyboard's own map
/// for the current group (never switching groups); a character that is not in the map goes
/// through a borrowed, verified-empty keycode that keeps its mapping until `idleRestoreSeconds`
/// of idle and is given back by `expireIdle(now:)` and `shutdown()`. Every press is tracked;
/// `shutdown()` releases them all and restores the keymap. Not thread-safe: use it from one thread.
public final class Injector {
    let display: InjectorDisplay
    var map: KeyboardMap?
    /// The request number of the last map fetch: notifications older than it are already in `map`.
    var mapSerial: UInt = 0
    var stale = true
    var pool: ScratchPool
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

    /// How long a borrowed keycode must have been idle before it is mapped to another character
    /// (a client that reads its events late still decodes the old one): seconds.
    static let minimumReuseAge = 0.25

    /// How long after keys that follow a keymap change the next change waits, so that clients
    /// finish fetching the first one (Xlib drops a change that arrives during a fetch): seconds.
    static let settleSeconds = 0.1

    /// Seconds of idle after which a borrowed keycode is given back (default 10).
    public var idleRestoreSeconds: Double {
        get { pool.idleTimeout }
        set { pool.idleTimeout = max(0, newValue) }
    }

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
        pool = ScratchPool(idleTimeout: max(0, idleRestoreSeconds))
        clock = Injector.monotonicSeconds
        let mask = UInt32(XkbNewKeyboardNotifyMask | XkbMapNotifyMask)
        XkbSelectEvents(connection.raw, UInt32(XkbUseCoreKbd), mask, mask)
        if let device = connection.xtestDevice { XkbSelectEvents(connection.raw, device, mask, mask) }
        try refresh()
    }

    deinit {
        if !isShutDown { shutdown() }
    }

    /// The clock of `expireIdle(now:)` and `nextDeadline`: CLOCK_MONOTONIC in seconds.
    public static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

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

    /// Handles an XKB map notification or a MappingNotify (the map is read again before the
    /// next key). Returns true when the event was one of those.
    public func handle(xEvent: UnsafePointer<XEvent>) -> Bool {
        let type = xEvent.pointee.type
        if type == MappingNotify {
            var mapping = xEvent.pointee.xmapping
            XRefreshKeyboardMapping(&mapping)
            noteMapChange(serial: mapping.serial)
            return true
        }
        if type == display.xkbEventBase {
            let any = UnsafeRawPointer(xEvent).assumingMemoryBound(to: XkbAnyEvent.self).pointee
            if any.xkb_type == XkbMapNotify || any.xkb_type == XkbNewKeyboardNotify {
                noteMapChange(serial: any.serial)
                return true
            }
        }
        return false
    }

    /// When `expireIdle(now:)` has work to do (monotonic seconds); nil when nothing is borrowed.
    public var nextDeadline: Double? {
        guard let due = pool.nextDeadline(busy: Set(pressed)) else { return nil }
        return max(due, (lastFetchTrigger ?? 0) + Injector.settleSeconds)
    }

    /// Gives back every borrowed keycode idle since `now - idleRestoreSeconds` (only when it
    /// still holds what the injector put there; one someone else changed is left alone).
    public func expireIdle(now: Double) {
        drainOwnEvents()
        let due = pool.expired(now: now, busy: Set(pressed))
        guard !due.isEmpty, now >= (lastFetchTrigger ?? 0) + Injector.settleSeconds else { return }
        giveBack(due)
    }

    /// Releases every key the injector holds down.
    public func releaseAll() {
        guard !pressed.isEmpty else { return }
        let now = clock()
        for kc in pressed.reversed() {
            XTestFakeKeyEvent(display.raw, UInt32(kc), 0, 0)
            pool.touch(kc, now: now)
        }
        pressed.removeAll()
        XSync(display.raw, 0)
    }

    /// Releases every key and restores every borrowed keycode that is still the injector's.
    /// Call it on exit and on SIGTERM, SIGINT and SIGHUP.
    public func shutdown() {
        releaseAll()
        drainOwnEvents()
        giveBack(Array(pool.entries.values))
        XSync(display.raw, 0)
        isShutDown = true
    }

    /// Reads and handles the events of a connection the injector opened itself.
    func drainOwnEvents() {
        guard display.owned else { return }
        var event = XEvent()
        while XPending(display.raw) > 0 {
            XNextEvent(display.raw, &event)
            _ = handle(xEvent: &event)
        }
    }

    private func noteMapChange(serial: UInt) {
        if serial >= mapSerial { stale = true }
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
