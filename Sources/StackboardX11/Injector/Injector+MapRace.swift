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
        peekQueuedEvents { event in
            if isMapChange(event) { noteMapChange(serial: event.pointee.xany.serial) }
        }
    }

    /// Shows `visit` each event in Xlib's queue, in order, and leaves them there (an
    /// `XCheckIfEvent` whose predicate never matches; like it, it reads what the socket holds
    /// and flushes).
    func peekQueuedEvents(_ visit: (UnsafePointer<XEvent>) -> Void) {
        withoutActuallyEscaping(visit) { visit in
            var box = visit
            var scratch = XEvent()
            withUnsafeMutablePointer(to: &box) { pointer in
                _ = XCheckIfEvent(display.raw, &scratch, { _, event, arg in
                    guard let event, let arg else { return 0 }
                    UnsafeMutableRawPointer(arg).assumingMemoryBound(to: ((UnsafePointer<XEvent>) -> Void).self).pointee(event)
                    return 0
                }, UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: CChar.self))
            }
        }
    }
}
