import CX11
import StackboardCore
import StackboardSystem

/// The keyboard window's one input stream: the core pointer (button 1, the scan switches' buttons
/// and keys) and XInput 2.2 touch (one pointer per finger, `TouchInput`) become `.input` events in
/// the order the server reported them, each with its pointer's root position just before it.
///
/// Two things happen here first, the moment an event is read: the key a release types ahead
/// (`ReleaseTrigger`, see docs/architecture.md) goes out before anything else is done with that
/// release, the pointer's or a finger's; and a press of the keyboard's own is matched against
/// the display's raw presses (`OutsidePresses`), so that `.pressedOutside` comes before it when
/// a click elsewhere came first.
public final class WindowInput: XEventHandler {
    private let connection: XConnection
    private let window: Window
    var pointer = PointerTranslator()
    /// XInput 2.2 touch on the window (nil until `startTouch`, or without XInput 2.2).
    private(set) var touch: TouchInput?
    /// What to do the moment a pointer's release arrives (`setReleaseTrigger`).
    private var releaseTrigger: ReleaseTrigger?
    /// Whether motion without a button is reported as `.hover` (for dwell).
    private(set) var tracksHover = false
    /// Whether the core pointer is over the window (EnterNotify until LeaveNotify or an unmap).
    /// A press anywhere else needs the pointer elsewhere.
    private(set) var pointerInside = false
    /// Whether the pointer left the window (a LeaveNotify not of a grab, an unmap) since its
    /// last ButtonPress.
    private var leftSincePress = false
    /// The display's raw presses, which the keyboard's own are matched against (nil: not watched).
    private var outside: OutsidePresses?

    /// The input of `window` on `connection`.
    init(connection: XConnection, window: UInt) {
        self.connection = connection
        self.window = Window(window)
    }

    /// Takes XInput 2.2 touches too (selected on the window; without XInput 2.2 the pointer's
    /// events are all there is). Call it before the input is added to the pump.
    public func startTouch() {
        guard touch == nil else { return }
        touch = try? TouchInput(display: connection.display, window: UInt(window))
    }

    /// Watches the display's raw presses on a connection of their own, read by `pump` (after the
    /// first frame: it costs a connection and a few round trips). Without XInput 2 no press is
    /// seen, and no `.pressedOutside` comes.
    public func watchPressesOutside(on pump: XEventPump) {
        guard outside == nil, let watcher = try? PressWatcher(displayName: connection.name) else { return }
        let presses = OutsidePresses(watcher: watcher)
        // Waited on only while the pointer is not over the keyboard (PressWatcher says why).
        presses.source = pump.add(presses, reading: watcher.connection, waits: { [weak self] in self?.pointerInside == false })
        outside = presses
    }

    /// Sets (or with nil, clears) what the next release does first. Refused (false) while a
    /// scan switch key is grabbed: the keyboard's own keys must then get past the grab.
    func setReleaseTrigger(_ trigger: ReleaseTrigger?) -> Bool {
        guard trigger == nil || pointer.switchKeys.isEmpty else {
            releaseTrigger = nil
            return false
        }
        releaseTrigger = trigger
        return true
    }

    /// Reports motion without a button as `.hover` (on) and, with touch, takes the window's
    /// pointer events as XI2 events, so that the motion emulated from a finger is dropped.
    func setHoverTracking(_ on: Bool) {
        tracksHover = on
        touch?.selectPointerEvents(on) // hover must not see the pointer jump to each first finger
    }

    /// The window was unmapped: the pointer is not over it, its press is cancelled, and so are
    /// the touches unless the window is only mapped again elsewhere (`cancelTouches` false).
    func windowUnmapped(cancelTouches: Bool, in batch: inout XEventBatch) {
        pointerInside = false
        leftSincePress = true
        if let e = pointer.cancel() { batch.append(.input(e)) }
        guard cancelTouches, let touch else { return }
        for input in touch.cancelAll() { batch.append(.input(input)) }
    }

    // MARK: XEventHandler

    /// The window's pointer events, the root's keys (the scan switch's grab), XInput 2 touch,
    /// pointer and device events.
    public var routes: [XEventRoute] {
        var routes: [XEventRoute] = [.window(UInt(window)), .window(UInt(connection.root))]
        if let touch { routes += touch.routes }
        return routes
    }

    /// Turns a pointer, touch or switch event into input; true for those (nobody else needs them).
    public func handle(_ event: XEventRef, in batch: inout XEventBatch) -> Bool {
        let e = event.pointer
        if e.pointee.type == GenericEvent {
            guard let touch else { return false }
            if let inputs = touch.translate(e, in: batch) {
                touched(inputs, touch: touch, in: &batch)
                return true
            }
            // A real XI2 pointer event, rewritten into its core form: handled as one.
            guard e.pointee.type != GenericEvent else { return false }
        }
        return handleCore(&e.pointee, in: &batch)
    }

    /// Cancels the touches that went silent for too long (their end was lost).
    public func advance(_ batch: inout XEventBatch) {
        for input in touch?.expire(now: batch.now) ?? [] { batch.append(.input(input)) }
    }

    /// While a finger is down: when its silence cancels it.
    public var nextDeadline: Double? { touch?.nextDeadline }

    private func handleCore(_ event: inout XEvent, in batch: inout XEventBatch) -> Bool {
        switch event.type {
        case ButtonPress where event.xbutton.window == window:
            let b = event.xbutton
            if let e = pointer.switchButton(b.button, down: true) {
                ownPress(OwnPress(time: b.time, afterLeaving: leftSincePress), in: &batch)
                leftSincePress = false
                batch.append(.switched(e))
            } else if let e = pointer.press(button: b.button, x: b.x, y: b.y) {
                ownPress(OwnPress(time: b.time, afterLeaving: leftSincePress), in: &batch)
                leftSincePress = false
                batch.append(.rootPosition(pointer: PointerTranslator.corePointer, Point(x: Int(b.x_root), y: Int(b.y_root))))
                batch.append(.input(e))
            }
        case MotionNotify where event.xmotion.window == window:
            let m = event.xmotion
            if let e = pointer.motion(state: m.state, x: m.x, y: m.y, trackHover: tracksHover) {
                if case .input(.hover)? = batch.last, case .hover = e { batch.removeLast() }
                if case .move = e {
                    batch.append(.rootPosition(pointer: PointerTranslator.corePointer, Point(x: Int(m.x_root), y: Int(m.y_root))))
                }
                batch.append(.input(e))
            }
        case EnterNotify where event.xcrossing.window == window:
            pointerInside = true
        case LeaveNotify where event.xcrossing.window == window:
            pointerInside = false
            // Not a window manager's grab of the press (openbox's, replayed to the window at once).
            if event.xcrossing.mode == NotifyNormal { leftSincePress = true }
            if tracksHover, !pointer.isDown { batch.append(.input(.leave)) }
        case ButtonRelease where event.xbutton.window == window:
            let b = event.xbutton
            if let e = pointer.switchButton(b.button, down: false) {
                batch.append(.switched(e))
            } else if let e = pointer.release(button: b.button, x: b.x, y: b.y) {
                fireReleaseTrigger(pointer: PointerTranslator.corePointer, at: Point(x: Int(b.x), y: Int(b.y)))
                batch.append(.rootPosition(pointer: PointerTranslator.corePointer, Point(x: Int(b.x_root), y: Int(b.y_root))))
                batch.append(.input(e))
            }
        case KeyPress where event.xkey.window == connection.root, KeyRelease where event.xkey.window == connection.root:
            // Only the scan switches' grabs deliver keys here (the window never has the focus).
            if let e = pointer.switchKey(event.xkey.keycode, down: event.type == KeyPress) {
                if e.pressed { ownPress(OwnPress(time: nil), in: &batch) }
                batch.append(.switched(e))
            }
        default:
            return false
        }
        return true
    }

    /// A finger's events: its release sends its key first, as the pointer's does; each finger's
    /// root position goes just before its event (for a window moved under it).
    private func touched(_ inputs: [InputEvent], touch: TouchInput, in batch: inout XEventBatch) {
        for case .release(let id, let point) in inputs { fireReleaseTrigger(pointer: id, at: point) }
        for input in inputs {
            switch input {
            case .press(let id, _), .move(let id, _), .release(let id, _):
                if case .press = input { ownPress(OwnPress(time: touch.lastEventTime), in: &batch) }
                if let root = touch.rootPosition(ofPointer: id) { batch.append(.rootPosition(pointer: id, root)) }
            default:
                break
            }
            batch.append(.input(input))
        }
    }

    /// Fires the trigger if this release is the one it waits for (it is used up either way).
    private func fireReleaseTrigger(pointer id: Int, at point: Point) {
        guard let trigger = releaseTrigger else { return }
        releaseTrigger = nil
        if trigger.waitsFor(pointer: id, at: point, now: MonotonicClock.now()) { trigger.fire() }
    }

    /// A press of the keyboard's own: the presses elsewhere that came before it are told first.
    private func ownPress(_ press: OwnPress, in batch: inout XEventBatch) {
        guard let outside, outside.ownPress(press, in: &batch) > 0 else { return }
        batch.append(.pressedOutside)
    }
}
