import CX11
import StackboardCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The X events of the injector's connections: its own (or the keyboard's, which it shares) and
/// the ping barrier's. Every one is read here (the pump hands over those of a shared one), and turned into the schedule's news (`TypingSchedule.mapChanged`,
/// `recordChangedNews`) or the keyboard state the keys are planned in.
extension Injector {
    /// Selects what the injector follows: keymap changes (XKB map and new-keyboard
    /// notifications, on the core and the XTEST keyboard), the core keyboard's group and locked
    /// and latched modifiers (XkbStateNotify, only those components: no event for a held Shift),
    /// and property changes of the root window (the keymap record). On a shared connection the
    /// root window's event mask is added to, not replaced.
    func selectEvents() {
        let dpy = display.raw
        let mask = UInt32(XkbNewKeyboardNotifyMask | XkbMapNotifyMask)
        XkbSelectEvents(dpy, UInt32(XkbUseCoreKbd), mask, mask)
        if let device = display.xtestDevice { XkbSelectEvents(dpy, device, mask, mask) }
        let details = UInt(XkbGroupStateMask | XkbModifierLockMask | XkbModifierLatchMask)
        XkbSelectEventDetails(dpy, UInt32(XkbUseCoreKbd), UInt32(XkbStateNotify), details, details)
        let root = XDefaultRootWindow(dpy)
        var current = XWindowAttributes()
        let had = display.owned ? 0 : (XGetWindowAttributes(dpy, root, &current) != 0 ? current.your_event_mask : 0)
        XSelectInput(dpy, root, had | PropertyChangeMask)
    }

    /// Handles an XKB map or state notification, a MappingNotify, or a change of the keymap
    /// record. Returns true when the event was one of those that nobody else needs (state
    /// notifications are left to others too: returns false for them).
    public func handle(xEvent: UnsafePointer<XEvent>) -> Bool {
        let type = xEvent.pointee.type
        if type == MappingNotify {
            var mapping = xEvent.pointee.xmapping
            XRefreshKeyboardMapping(&mapping)
            schedule.mapChanged(serial: mapping.serial)
            return true
        }
        if type == PropertyNotify, xEvent.pointee.xproperty.atom == lock.recordAtom {
            schedule.recordChangedNews()
            return true
        }
        guard type == display.xkbEventBase else { return false }
        if isMapChange(xEvent) {
            schedule.mapChanged(serial: xEvent.pointee.xany.serial)
            return true
        }
        switch UnsafeRawPointer(xEvent).assumingMemoryBound(to: XkbAnyEvent.self).pointee.xkb_type {
        case XkbStateNotify:
            if stateEventsAhead > 0 {
                stateEventsAhead -= 1
            } else {
                apply(UnsafeRawPointer(xEvent).assumingMemoryBound(to: XkbStateNotifyEvent.self).pointee)
            }
            return false
        default:
            return false
        }
    }

    /// Reads and handles the events of a connection the injector opened itself; on a shared
    /// connection, applies the state events already in Xlib's queue (those the injector's own
    /// keys caused, read by its last sync, or a physical keyboard's) without taking them out.
    func drainOwnEvents() {
        guard display.owned else { followQueuedState(); return }
        var event = XEvent()
        while XPending(display.raw) > 0 {
            XNextEvent(display.raw, &event)
            _ = handle(xEvent: &event)
        }
    }

    /// Reads the core keyboard's state (one round trip: at start, and after a keymap change);
    /// state events older than this request are then ignored.
    func readState() {
        var st = XkbStateRec()
        stateSerial = XNextRequest(display.raw)
        XkbGetState(display.raw, UInt32(XkbUseCoreKbd), &st)
        lockState = KeyboardLockState(group: Int(st.group), locked: UInt32(st.locked_mods), latched: UInt32(st.latched_mods))
    }

    private func apply(_ e: XkbStateNotifyEvent) {
        guard e.serial >= stateSerial else { return }
        lockState = KeyboardLockState(group: Int(e.group), locked: UInt32(e.locked_mods), latched: UInt32(e.latched_mods))
    }

    /// Applies the XkbStateNotify events in the shared connection's queue that were not applied
    /// yet, in order, leaving them there for the owner's loop (which passes them to `handle`).
    /// An empty queue (the loop read it all before the tap that types) is not scanned: the scan
    /// reads the socket and flushes when nothing matches, two system calls before the key.
    private func followQueuedState() {
        guard XEventsQueued(display.raw, QueuedAlready) > 0 else {
            stateEventsAhead = 0
            return
        }
        let base = display.xkbEventBase
        var seen = 0
        var states: [XkbStateNotifyEvent] = []
        peekQueuedEvents { event in
            guard event.pointee.type == base,
                  UnsafeRawPointer(event).assumingMemoryBound(to: XkbAnyEvent.self).pointee.xkb_type == XkbStateNotify else { return }
            seen += 1
            if seen > stateEventsAhead {
                states.append(UnsafeRawPointer(event).assumingMemoryBound(to: XkbStateNotifyEvent.self).pointee)
            }
        }
        for state in states { apply(state) }
        stateEventsAhead = seen
    }

    /// Whether `event` says the keymap changed: a MappingNotify, an XKB map or new-keyboard
    /// notification.
    func isMapChange(_ event: UnsafePointer<XEvent>) -> Bool {
        if event.pointee.type == MappingNotify { return true }
        guard event.pointee.type == display.xkbEventBase else { return false }
        let kind = UnsafeRawPointer(event).assumingMemoryBound(to: XkbAnyEvent.self).pointee.xkb_type
        return kind == XkbMapNotify || kind == XkbNewKeyboardNotify
    }

    /// Whether another program changed the keymap since the batch about to go out was planned.
    /// Such a change (`setxkbmap`, a layout switcher) can land between the plan and the keys:
    /// one held back by the server grab of a borrowing runs right after it, and keys planned
    /// for the old map go out on keycodes that mean something else, or nothing, in the new one.
    /// Called holding the keymap lock (one round trip; see `confirmsKeymapBeforeKeys`); marks
    /// the map stale when it was changed. A change that comes after the lock is taken waits
    /// for the keys.
    func keymapChangedSincePlanning() -> Bool {
        XSync(display.raw, 0)
        noteQueuedMapChanges()
        return schedule.stale
    }

    /// Marks the map stale for map notifications in the queue: all events are handled on a
    /// connection of the injector's own; on a shared one the queue is only looked at, and left
    /// for the owner's loop.
    private func noteQueuedMapChanges() {
        guard !display.owned else { drainOwnEvents(); return }
        guard XEventsQueued(display.raw, QueuedAlready) > 0 else { return }
        peekQueuedEvents { event in
            if isMapChange(event) { schedule.mapChanged(serial: event.pointee.xany.serial) }
        }
    }

    /// Shows `visit` each event in the connection's queue, in order, and leaves them there
    /// (`visitQueuedEvents`).
    func peekQueuedEvents(_ visit: (UnsafePointer<XEvent>) -> Void) {
        visitQueuedEvents(on: display.raw, visit)
    }
}

extension PingBarrier {
    /// Reads what has arrived on the barrier's connection, without waiting, and keeps each pong
    /// of a ping of its own (a pong answers every earlier ping too: the schedule knows which).
    func readPongs(now: Double) {
        guard let dpy, !pending.isEmpty else { return }
        var event = XEvent()
        while XPending(dpy) > 0 {
            XNextEvent(dpy, &event)
            guard let stamp = Self.pongStamp(of: event, protocols: protocols, ping: pingAtom),
                  pending.contains(stamp) else { continue }
            pending = pending.filter { $0 > stamp } // stamps grow: the earlier pings are answered too
            arrived.append((stamp, now))
        }
        if pending.isEmpty { XSelectInput(dpy, XDefaultRootWindow(dpy), NoEventMask); XFlush(dpy) }
    }
}
