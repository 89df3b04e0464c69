import CX11
import StackboardCore

/// XInput 2.2 touch input for the keyboard window: one pointer id per finger.
///
/// It selects XI_TouchBegin/Update/End on the window (all master devices) and XI_HierarchyChanged
/// on the root window. Pointer events emulated from touches, and how they are kept out:
/// - The server sends no emulated button or motion events to a window that selects touch
///   events. The one exception is the motion that moves the pointer to the first finger just
///   before its TouchBegin: a MotionNotify with no button down. A window that selects only
///   Button1Motion (the keyboard without dwell) never gets it, so core pointer events stay as
///   they are and nothing else is needed.
/// - A window that selects PointerMotion (hover, for dwell) gets it as a hover at the finger,
///   and core events carry no flag to tell it from a mouse. Then call
///   `selectPointerEvents(true)`: pointer events come as XI2 events, whose `XIPointerEmulated`
///   flag marks the emulated ones, and `translate` drops those. X sends an event to a client as
///   XI2 instead of core when the client selected both on the window, so `translate` rewrites
///   every real (mouse or XTest) XI2 pointer event in place into its core form and returns nil:
///   `WindowInput` takes it as a core event.
///
/// Tested against Xorg with the `inputtest` touch driver (Tests/StackboardIntegrationTests/Touch*).
public final class TouchInput {
    private let display: OpaquePointer
    private let window: Window
    private let opcode: Int32
    private var tracker: TouchTracker
    /// Whether the window's pointer events are selected as XI2 events (see the type's comment).
    public private(set) var selectsPointerEvents = false
    /// Where each finger (by pointer id) was last seen, in root pixels.
    private var roots: [Int: Point] = [:]
    /// The server time of the touch event `translate` looked at last.
    public private(set) var lastEventTime: UInt = 0

    private static let touchEvents = [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd]
    private static let pointerEvents = [XI_ButtonPress, XI_ButtonRelease, XI_Motion]

    /// Selects touch events on `window` (and device hierarchy changes on the root).
    /// A touch silent for `timeout` seconds is cancelled by `expire(now:)`. Throws when the
    /// server has no XInput 2.2; the caller then keeps core pointer events only.
    public init(display: OpaquePointer, window: UInt, timeout: Double = 10) throws(TouchError) {
        let xinput = try XInputVersion.query(display)
        guard xinput.hasTouch else { throw .xinputTooOld(major: xinput.major, minor: xinput.minor) }
        let opcode = xinput.opcode
        self.display = display
        self.window = Window(window)
        self.opcode = opcode
        self.tracker = TouchTracker(timeout: timeout)
        select(window: self.window, device: XIAllMasterDevices, events: Self.touchEvents)
        // ContextWatcher makes the same selection (one mask per window and device: they must agree).
        select(window: XDefaultRootWindow(display), device: XIAllDevices, events: [XI_HierarchyChanged])
    }

    /// Takes the window's pointer events as XI2 events too (on), so that the motion emulated
    /// from a finger can be told from a mouse and dropped; needed while the window selects
    /// PointerMotion (hover). Call it when no button is down.
    public func selectPointerEvents(_ on: Bool) {
        guard on != selectsPointerEvents else { return }
        selectsPointerEvents = on
        select(window: window, device: XIAllMasterDevices, events: Self.touchEvents + (on ? Self.pointerEvents : []))
    }

    /// Translates one event (`WindowInput` hands it the window's XInput 2 events). Touch events of the window: the `InputEvent`s for them (pointer ids
    /// from 1, stable for the whole touch sequence). Device hierarchy changes: [] (or cancels
    /// for touches of a device that went away). With `selectPointerEvents(true)`: an XI2 pointer
    /// event emulated from a touch gives []; a real one is rewritten in place into its core
    /// ButtonPress/ButtonRelease/MotionNotify, and nil. Any other event: untouched, nil.
    /// So: nil means "handle `event` as before".
    /// `batch` is the batch `event` was read in (its time; the queue is looked at for what
    /// follows a touch's end).
    public func translate(_ event: UnsafeMutablePointer<XEvent>, in batch: XEventBatch) -> [InputEvent]? {
        let now = batch.now
        guard event.pointee.type == GenericEvent, event.pointee.xcookie.extension == opcode else { return nil }
        let evtype = event.pointee.xcookie.evtype
        let isTouch = Self.touchEvents.contains(evtype)
        guard isTouch || Self.pointerEvents.contains(evtype) || evtype == XI_HierarchyChanged else {
            return nil
        }
        guard XGetEventData(display, &event.pointee.xcookie) != 0, let data = event.pointee.xcookie.data else {
            return []
        }
        var result: [InputEvent]? = []
        var core: XEvent?
        if evtype == XI_HierarchyChanged {
            result = hierarchyChanged(data.assumingMemoryBound(to: XIHierarchyEvent.self).pointee)
        } else {
            let xi = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            if isTouch {
                lastEventTime = xi.time
                result = touch(xi, now: now, batch: batch)
            } else if TouchInput.isEmulatedPointerEvent(xi) {
                result = []
            } else {
                core = CorePointerEvent.make(from: xi)
                result = nil
            }
        }
        XFreeEventData(display, &event.pointee.xcookie)
        if let core { event.pointee = core }
        return result
    }

    /// Whether an XI2 pointer event was emulated from a touch (XIPointerEmulated). Wheel
    /// buttons 4 to 7 emulated from smooth-scroll valuators carry the same flag; they are
    /// not from a touch and are kept.
    static func isEmulatedPointerEvent(_ xi: XIDeviceEvent) -> Bool {
        guard xi.flags & XIPointerEmulated != 0 else { return false }
        return xi.evtype == XI_Motion || !(4...7).contains(xi.detail)
    }

    /// Cancels the touches that went silent for the timeout (their end was lost).
    public func expire(now: Double) -> [InputEvent] {
        tracker.expire(now: now)
    }

    /// Cancels every touch in progress (call it when the window is hidden, as for the mouse);
    /// their later events are ignored.
    public func cancelAll() -> [InputEvent] {
        tracker.cancelAll()
    }

    /// When `expire(now:)` must next be called; nil while no finger is down.
    public var nextDeadline: Double? { tracker.nextDeadline }

    /// The number of touch sequences in progress.
    public var activeTouches: Int { tracker.touches.count }

    /// Where the finger with pointer id `pointer` was last seen, in root pixels (its release
    /// included; nil: never, or cancelled).
    public func rootPosition(ofPointer pointer: Int) -> Point? { roots[pointer] }

    private func touch(_ xi: XIDeviceEvent, now: Double, batch: XEventBatch) -> [InputEvent] {
        let events = sequence(xi, now: now, batch: batch)
        let root = Point(x: TouchInput.pixel(xi.root_x), y: TouchInput.pixel(xi.root_y))
        for event in events {
            switch event {
            case .press(let id, _), .move(let id, _), .release(let id, _): roots[id] = root
            case .cancel(let id): roots[id] = nil
            default: break
            }
        }
        return events
    }

    private func sequence(_ xi: XIDeviceEvent, now: Double, batch: XEventBatch) -> [InputEvent] {
        let key = TouchTracker.Key(device: xi.sourceid, touch: UInt32(bitPattern: xi.detail))
        let point = Point(x: TouchInput.pixel(xi.event_x), y: TouchInput.pixel(xi.event_y))
        switch xi.evtype {
        case XI_TouchBegin:
            return tracker.begin(key, at: point, now: now)
        case XI_TouchUpdate:
            return tracker.update(key, at: point, pendingEnd: xi.flags & XITouchPendingEnd != 0, now: now)
        default:
            guard tracker.touches[key] != nil else { return [] }
            // A device that is disabled or unplugged ends its touches with ordinary TouchEnds,
            // followed at once by the hierarchy change: such an end is a cancel, not a tap.
            return tracker.end(key, at: point, cancelled: hierarchyChangeQueued(batch))
        }
    }

    private func hierarchyChanged(_ event: XIHierarchyEvent) -> [InputEvent] {
        guard let info = event.info, event.num_info > 0 else { return [] }
        var out: [InputEvent] = []
        for i in 0..<Int(event.num_info) where info[i].flags & (XISlaveRemoved | XIDeviceDisabled) != 0 {
            out += tracker.cancel(device: info[i].deviceid)
        }
        return out
    }

    /// Whether an XI_HierarchyChanged event is already in the queue (read without blocking,
    /// nothing removed).
    private func hierarchyChangeQueued(_ batch: XEventBatch) -> Bool {
        batch.isQueued { event in
            event.pointee.type == GenericEvent && event.pointee.xcookie.extension == opcode
                && event.pointee.xcookie.evtype == XI_HierarchyChanged
        }
    }

    /// The XInput 2 events `translate` takes: touches, pointer events, device changes.
    var routes: [XEventRoute] {
        (Self.touchEvents + Self.pointerEvents + [XI_HierarchyChanged]).map { .generic(extension: opcode, evtype: $0) }
    }

    private func select(window: Window, device: Int32, events: [Int32]) {
        selectXIEvents(display, window: window, device: device, events: events)
    }

    /// A touch position (sub-pixel, window coordinates) to the nearest pixel.
    private static func pixel(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(max(-1e9, min(1e9, value)).rounded())
    }
}
