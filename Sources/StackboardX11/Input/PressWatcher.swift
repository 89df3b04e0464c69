import CX11
import StackboardCore

/// The pointer presses and touches of the whole display (XInput 2 raw button and touch presses
/// on the root window, every master device), on a connection of their own, so that reading
/// them is the keyboard's choice: a press on the keyboard reaches the window's connection as a
/// ButtonPress and this one as a raw press, and when both connections are waited on, the
/// server wakes the keyboard twice per tap (the raw press is written first, on its own). That
/// second wake-up made the release of each tap reach the keyboard later (the scheduler put it
/// to sleep beside the X server more often, as `make bench`'s tap split showed).
///
/// So the keyboard waits on this connection only while the pointer is not over its window
/// (`WindowInput.pointerInside`), and the pump reads it before a press of the keyboard's own is
/// reported and after the window's events of every turn (`OutsidePresses`). Nothing is lost
/// meanwhile: the server queues the raw presses in the socket, and a press elsewhere needs the
/// pointer to leave first (the LeaveNotify wakes the keyboard, which then reads what came).
final class PressWatcher {
    /// The watcher's own connection.
    let connection: XConnection
    /// XInput's major opcode.
    private let opcode: Int32

    /// Opens a second connection to `name` (the keyboard's display) and selects raw button and
    /// touch presses on its root. Throws when the display cannot be opened or has no XInput 2.
    init(displayName name: String) throws(TouchError) {
        guard let connection = try? XConnection(displayName: name) else { throw .noXInput }
        let display = connection.display
        let xinput = try XInputVersion.query(display)
        self.connection = connection
        opcode = xinput.opcode
        let presses = xinput.hasTouch ? [XI_RawButtonPress, XI_RawTouchBegin] : [XI_RawButtonPress]
        selectXIEvents(display, window: connection.root, device: XIAllMasterDevices, events: presses)
        connection.flush()
    }

    /// The raw presses the pump hands to `pressTime`.
    var routes: [XEventRoute] {
        [.generic(extension: opcode, evtype: XI_RawButtonPress), .generic(extension: opcode, evtype: XI_RawTouchBegin)]
    }

    /// The server time of a raw press that can move a caret (buttons and touches; the wheel's
    /// buttons 4 to 7 only scroll); nil for any other event.
    func pressTime(_ event: XEventRef) -> UInt? {
        let display = connection.display
        guard event.pointer.pointee.type == GenericEvent, XGetEventData(display, &event.pointer.pointee.xcookie) != 0,
              let data = event.pointer.pointee.xcookie.data else { return nil }
        let raw = data.assumingMemoryBound(to: XIRawEvent.self).pointee
        let evtype = event.pointer.pointee.xcookie.evtype
        XFreeEventData(display, &event.pointer.pointee.xcookie)
        let caret = evtype == XI_RawTouchBegin || (evtype == XI_RawButtonPress && !(4...7).contains(raw.detail))
        return caret ? raw.time : nil
    }
}
