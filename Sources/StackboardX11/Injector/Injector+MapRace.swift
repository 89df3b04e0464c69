import CX11
import StackboardCore

extension Injector {
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
        return stale
    }

    /// Marks the map stale for map notifications in the queue: all events are handled on a
    /// connection of the injector's own; on a shared one the queue is only looked at, and left
    /// for the owner's loop.
    private func noteQueuedMapChanges() {
        guard !display.owned else { drainOwnEvents(); return }
        guard XEventsQueued(display.raw, QueuedAlready) > 0 else { return }
        var scan = MapScan(eventBase: display.xkbEventBase, since: mapSerial)
        var scratch = XEvent()
        withUnsafeMutablePointer(to: &scan) { pointer in
            _ = XCheckIfEvent(display.raw, &scratch, { _, event, arg in
                guard let event, let arg else { return 0 }
                let scan = UnsafeMutableRawPointer(arg).assumingMemoryBound(to: MapScan.self)
                let type = event.pointee.type
                let serial = event.pointee.xany.serial
                if type == MappingNotify, serial >= scan.pointee.since { scan.pointee.found = true }
                if type == scan.pointee.eventBase, serial >= scan.pointee.since {
                    let kind = UnsafeRawPointer(event).assumingMemoryBound(to: XkbAnyEvent.self).pointee.xkb_type
                    if kind == XkbMapNotify || kind == XkbNewKeyboardNotify { scan.pointee.found = true }
                }
                return 0
            }, UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: CChar.self))
        }
        if scan.found { stale = true }
    }
}

/// What `noteQueuedMapChanges` looks for in a shared queue.
private struct MapScan {
    var eventBase: Int32
    /// The serial of the injector's own last change: notifications older than it are of maps
    /// it has read.
    var since: UInt
    var found = false
}
