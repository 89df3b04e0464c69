import CX11
import StackboardCore

/// What happened elsewhere on the display that changes where the user's caret is or what is
/// before it: the keyboard's word context starts again on each.
public enum ContextNews: Equatable, Sendable {
    /// Another window became the active one (`_NET_ACTIVE_WINDOW` changed).
    case activeWindowChanged
    /// A key of a physical keyboard (any keyboard device but the XTEST one the keyboard types
    /// through) went down: the XInput source device's id.
    case physicalKey(device: Int)
    /// The display's keymap was set anew (`setxkbmap` rewrote `_XKB_RULES_NAMES`).
    case keymapNamesChanged
}

/// Watches the whole display without grabbing anything: XInput 2 raw key presses of the
/// physical keyboards on the root window (seen by any client that asks; nothing is taken from
/// the focused application) and the root's `_NET_ACTIVE_WINDOW`. Pointer and touch presses
/// come on a connection of their own (`PressWatcher`).
///
/// Key presses are selected per slave keyboard, leaving out the XTEST ones: keys that this
/// keyboard, xdotool or another on-screen keyboard sends through XTest never reach the process,
/// so typing into another window does not wake it once per key (which made every XTest key on
/// the display slower while the keyboard ran). When a keyboard is plugged in or taken out
/// (XI_HierarchyChanged), the selection is made again.
public final class ContextWatcher {
    private let display: OpaquePointer
    private let root: Window
    private let opcode: Int32
    private let activeWindow: Atom
    private let rulesNames: Atom
    /// The XTEST slave keyboard's device id (its keys are the keyboard's own typing).
    private var xtestKeyboards: Set<Int32>
    /// How many `.activeWindowChanged` news were put in batches so far (the pump reads a whole
    /// batch before its events are handled: `activeWindowChangeAhead` compares).
    public private(set) var activeWindowNewsRead = 0

    /// Selects key presses of the physical keyboards on the root window, device hierarchy
    /// changes and the root's property changes.
    /// Throws without XInput 2.0 (then nothing is watched).
    public init(connection: XConnection) throws(TouchError) {
        let display = connection.display
        let xinput = try XInputVersion.query(display)
        self.display = display
        root = connection.root
        self.opcode = xinput.opcode
        activeWindow = connection.atoms.netActiveWindow
        rulesNames = XInternAtom(display, "_XKB_RULES_NAMES", 0)
        xtestKeyboards = []
        // The same selection as TouchInput's (one mask per window and device, so they must agree).
        select(device: XIAllDevices, events: [XI_HierarchyChanged])
        selectKeyboards()
        connection.selectRootEvents(PropertyChangeMask)
    }

    /// Looks at one event. A raw event is the watcher's own: its news (often none) and the event
    /// is used up. A root property change is only looked at (others need it too): its news, and
    /// `consumed` false. Anything else: nil.
    private func take(_ event: UnsafeMutablePointer<XEvent>) -> (news: ContextNews?, consumed: Bool)? {
        let type = event.pointee.type
        if type == PropertyNotify, event.pointee.xproperty.window == root {
            let atom = event.pointee.xproperty.atom
            return (atom == activeWindow ? .activeWindowChanged : atom == rulesNames ? .keymapNamesChanged : nil, false)
        }
        guard type == GenericEvent, event.pointee.xcookie.extension == opcode else { return nil }
        let evtype = event.pointee.xcookie.evtype
        if evtype == XI_HierarchyChanged {
            // Only looked at: TouchInput reads its data (a cookie's data can be read once).
            selectKeyboards()
            return (nil, false)
        }
        guard evtype == XI_RawKeyPress else { return nil }
        guard XGetEventData(display, &event.pointee.xcookie) != 0, let data = event.pointee.xcookie.data else {
            return (nil, true)
        }
        let raw = data.assumingMemoryBound(to: XIRawEvent.self).pointee
        XFreeEventData(display, &event.pointee.xcookie)
        return (xtestKeyboards.contains(raw.sourceid) ? nil : .physicalKey(device: Int(raw.sourceid)), true)
    }

    /// Selects raw key presses on every attached slave keyboard but the XTEST ones, and clears
    /// it on those and on floating devices (a device id can come back as another device). Notes
    /// the XTEST ones.
    private func selectKeyboards() {
        var count: Int32 = 0
        guard let info = XIQueryDevice(display, XIAllDevices, &count) else { return }
        defer { XIFreeDeviceInfo(info) }
        var xtest: Set<Int32> = []
        for i in 0..<Int(count) where info[i].use == XISlaveKeyboard || info[i].use == XIFloatingSlave {
            let isXTest = info[i].name.map { String(cString: $0).containsBytes(of: "XTEST") } ?? false
            if isXTest { xtest.insert(info[i].deviceid) }
            // A floating keyboard types into nothing; its selection is cleared.
            let types = info[i].use == XISlaveKeyboard && !isXTest
            select(device: info[i].deviceid, events: types ? [XI_RawKeyPress] : [])
        }
        xtestKeyboards = xtest
    }

    private func select(device: Int32, events: [Int32]) {
        selectXIEvents(display, window: root, device: device, events: events)
    }
}

extension ContextWatcher: XEventHandler {
    /// The root's property changes, device changes and raw key presses.
    public var routes: [XEventRoute] {
        [.window(UInt(root)), .generic(extension: opcode, evtype: XI_HierarchyChanged), .generic(extension: opcode, evtype: XI_RawKeyPress)]
    }

    /// Reports its news as `.context`; uses up the raw key presses.
    public func handle(_ event: XEventRef, in batch: inout XEventBatch) -> Bool {
        guard let (news, consumed) = take(event.pointer) else { return false }
        if let news { batch.append(.context(news)) }
        if news == .activeWindowChanged { activeWindowNewsRead += 1 }
        return consumed
    }
}

/// Whether the active window changes after the event being handled: a keyboard that read its
/// taps late (a loaded machine) must not type them into the window that got the focus after
/// them (XTest keys go to the focus of the moment they are sent, not of the tap).
extension ContextWatcher {
    /// True when a change of `_NET_ACTIVE_WINDOW` comes after the event being handled: news read
    /// into the batch but not handled yet (`handled`: how many the caller handled so far), or a
    /// property notification in Xlib's queue. `reading`: what the socket holds is read first,
    /// also when the queue is empty (the key sent the moment its release is read does not: with
    /// an empty queue it costs no system call; a queue that holds other events is scanned with
    /// a read and a flush, as every scan of it is, `visitQueuedEvents`).
    public func activeWindowChangeAhead(handled: Int, reading: Bool) -> Bool {
        if activeWindowNewsRead > handled { return true }
        guard XEventsQueued(display, reading ? QueuedAfterReading : QueuedAlready) > 0 else { return false }
        let (root, activeWindow) = (root, activeWindow)
        return queuedEvent(on: display) { event in
            event.pointee.type == PropertyNotify && event.pointee.xproperty.window == root
                && event.pointee.xproperty.atom == activeWindow
        }
    }
}
