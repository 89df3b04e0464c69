import CX11
import StackboardCore

/// The pointer presses and touches of the whole display (XInput 2 raw button and touch presses
/// on the root window, every master device), on a connection of their own, so that reading
/// them is the keyboard's choice: a press on the keyboard reaches the window's connection as a
/// ButtonPress and this one as a raw press, and when both connections are waited on, the
/// server wakes the keyboard twice per tap (the raw press is written first, on its own). That
/// second wake-up made the release of each tap reach the keyboard later (the scheduler put it
/// to sleep beside the X server more often; docs/benchmarks.md, 2026-12-04 night).
///
/// So the keyboard waits on this connection only while the pointer is not over its window
/// (`KeyboardWindow.pointerInside`), and reads it (`drain`) before it handles a press of its
/// own and after the window's events of every turn. Nothing is lost meanwhile: the server
/// queues the raw presses in the socket, and a press elsewhere needs the pointer to leave
/// first (the LeaveNotify wakes the keyboard, which then reads what came).
public final class PressWatcher {
    private let connection: XConnection

    /// Opens a second connection to `name` (the keyboard's display) and selects raw button and
    /// touch presses on its root. Throws when the display cannot be opened or has no XInput 2.
    public init(displayName name: String) throws(TouchError) {
        guard let connection = try? XConnection(displayName: name) else { throw .noXInput }
        let display = connection.display
        let xinput = try XInputVersion.query(display)
        self.connection = connection
        let presses = xinput.hasTouch ? [XI_RawButtonPress, XI_RawTouchBegin] : [XI_RawButtonPress]
        selectXIEvents(display, window: connection.root, device: XIAllMasterDevices, events: presses)
        connection.flush()
    }

    /// The connection's descriptor, to wait on.
    public var fileDescriptor: Int32 { connection.fileDescriptor }

    /// Makes every raw press the server had generated before now readable by `drain`: a round
    /// trip on this connection, whose reply the server writes after the events it queued for
    /// it. A press the window's connection has reported was generated before this request, so
    /// its raw press (written at the same moment, but maybe flushed later: the server writes to
    /// its clients one by one) is read by then, however loaded the machine.
    public func catchUp() {
        connection.sync()
    }

    /// Reads every press that has arrived, without blocking: the server times of those that can
    /// move a caret (buttons and touches; the wheel's buttons 4 to 7 only scroll), in order.
    public func drain() -> [UInt] {
        var times: [UInt] = []
        let display = connection.display
        while connection.queuedEvents() > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            guard event.type == GenericEvent, XGetEventData(display, &event.xcookie) != 0,
                  let data = event.xcookie.data else { continue }
            let raw = data.assumingMemoryBound(to: XIRawEvent.self).pointee
            let evtype = event.xcookie.evtype
            XFreeEventData(display, &event.xcookie)
            if evtype == XI_RawTouchBegin || (evtype == XI_RawButtonPress && !(4...7).contains(raw.detail)) {
                times.append(raw.time)
            }
        }
        return times
    }
}
