import CX11
import StackboardCore

/// A key planned ahead of the release that types it: what `sendArmedKey` sends.
struct ArmedKey {
    /// The plan: keycode, level keys (no locks or latches to clear).
    var plan: KeyPlan
    /// The group and modifiers it was planned in; the release must find them unchanged.
    var state: KeyboardLockState
}

extension Injector {
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
              !borrowed.isBorrowed(plan.keycode), plan.clearLocked == 0, plan.clearLatched == 0 else { return false }
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
        allSent = false
        if needsLock([key.plan], of: 1, holding: false) { lock.acquire() }
        pace.sent(events: execute(key.plan, hold: false), at: clock())
        lastKeyEpoch = epoch
        lock.release()
        // A lost connection is reported by the next request the keyboard makes.
        try? display.sync()
        return true
    }

    /// Nothing stands between a key of the keymap and the application.
    private var readyForArmedKey: Bool {
        !stale && !recordChanged && !changedSinceKeys && outbox.isEmpty && !confirmsKeymapBeforeKeys && map != nil
    }
}
