import CX11
import StackboardCore

/// Dwell clicking anywhere (`--dwell-click MS`), the X side of `DwellClicker`: follows the
/// pointer with XInput 2 raw motion on the root window (events come only while it moves, so a
/// still pointer wakes nothing), asks where it is once per turn that had motion
/// (`XQueryPointer` on the keyboard's window: the root position and whether it is on the
/// keyboard, in one round trip; a second while a popup of the keyboard is shown), shows the progress ring (`DwellRing`) and carries the clicks
/// out with XTest at the rest point. A drag's held button is recorded on the root window
/// (`HeldButton`) so that a killed keyboard's button is released by the next command.
///
/// Made when dwell clicking is first turned on; add it to the pump.
public final class DwellClicking: XEventHandler {
    private let connection: XConnection
    private let keyboard: KeyboardWindow
    /// The keyboard's control window, which the held-button record names as its owner.
    private let owner: UInt
    private let opcode: Int32
    private var clicker: DwellClicker
    private let ring: DwellRing
    /// Raw motion came in this turn: the pointer is asked where it is. Not at the start: a
    /// pointer resting where it was when the keyboard started clicks nothing until it moves.
    private var moved = false
    /// Told the click type after each change (a choice, or a one-shot type used up).
    public var onTypeChanged: ((ClickType) -> Void)?
    /// Said when a ring cannot be shown, once.
    private let report: (String) -> Void
    private var toldRingFailure = false

    /// Dwell clicking after `duration` seconds of rest, on the keyboard `keyboard` whose control
    /// window is `owner`. Throws a message saying what is missing (XInput 2, XTest).
    public init(keyboard: KeyboardWindow, owner: UInt, duration: Double, report: @escaping (String) -> Void) throws(WindowError) {
        let connection = keyboard.connection
        let display = connection.display
        guard let xinput = try? XInputVersion.query(display) else {
            throw WindowError(description: "dwell clicking needs the XInput 2 extension, which the X server lacks; "
                              + "run without --dwell-click")
        }
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(display, &event, &error, &major, &minor) != 0 else {
            throw WindowError(description: "dwell clicking needs the XTEST extension, which the X server lacks; "
                              + "run without --dwell-click")
        }
        self.connection = connection
        self.keyboard = keyboard
        self.owner = owner
        self.report = report
        opcode = xinput.opcode
        clicker = DwellClicker(duration: duration)
        ring = try DwellRing(connection: connection)
        selectXIEvents(display, window: connection.root, device: XIAllMasterDevices, events: [XI_RawMotion])
        connection.flush()
    }

    /// What the next click does now.
    public var type: ClickType { clicker.type }

    /// Chooses what the next click does (`stackboard click TYPE`, the click panel).
    public func choose(_ type: ClickType) {
        let before = clicker.type
        if let release = clicker.choose(type) { perform(release) }
        showRing()
        if clicker.type != before { onTypeChanged?(clicker.type) }
    }

    /// Releases a button a drag holds (the end of the keyboard, a signal).
    public func releaseHeld() {
        if let release = clicker.releaseHeld() { perform(release) }
        ring.hide()
        connection.flush()
    }

    // MARK: XEventHandler

    /// The raw motion of every master pointer.
    public var routes: [XEventRoute] { [.generic(extension: opcode, evtype: XI_RawMotion)] }

    /// Notes the motion (its data is not needed: the position is asked once per turn).
    public func handle(_ event: XEventRef, in batch: inout XEventBatch) -> Bool {
        moved = true
        return true
    }

    /// The ring's next step.
    public var nextDeadline: Double? { clicker.nextDeadline }

    /// Follows the pointer if it moved, fires what is due, shows or hides the ring.
    public func advance(_ batch: inout XEventBatch) {
        if moved {
            moved = false
            if let (point, overKeyboard) = pointer() {
                clicker.moved(to: point, overKeyboard: overKeyboard, now: batch.now)
            }
        }
        let before = clicker.type
        if let click = clicker.advance(now: batch.now) {
            ring.hide()
            perform(click)
        }
        showRing()
        if clicker.type != before { onTypeChanged?(clicker.type) }
    }

    // MARK: X

    /// Where the pointer is on the root window, and whether that is on the keyboard (mapped) or
    /// on one of its popups (the alternates, the key preview: asked only while one is shown).
    private func pointer() -> (Point, Bool)? {
        let display = connection.display
        var root: Window = 0, child: Window = 0
        var rootX: Int32 = 0, rootY: Int32 = 0, x: Int32 = 0, y: Int32 = 0
        var mask: UInt32 = 0
        guard XQueryPointer(display, Window(keyboard.windowID), &root, &child, &rootX, &rootY, &x, &y, &mask) != 0 else {
            return nil // on another screen
        }
        let size = keyboard.size
        var over = keyboard.isMapped && x >= 0 && y >= 0 && Int(x) < size.width && Int(y) < size.height
        let popups = [keyboard.popup, keyboard.previewPopup].compactMap { $0 }.filter(\.isShown).map(\.id)
        if !over, !popups.isEmpty,
           XQueryPointer(display, connection.root, &root, &child, &rootX, &rootY, &x, &y, &mask) != 0 {
            over = popups.contains(child)
        }
        return (Point(x: Int(rootX), y: Int(rootY)), over)
    }

    private func showRing() {
        guard let (progress, at) = clicker.ring else {
            ring.hide()
            return
        }
        do {
            try ring.show(progress: progress, at: at)
        } catch {
            guard !toldRingFailure else { return }
            toldRingFailure = true
            report("the dwell-click ring cannot be shown (\(error.description)); clicks still happen")
        }
    }

    /// Carries `click` out with XTest: the pointer is put on the point first, then the button.
    private func perform(_ click: PointerClick) {
        let display = connection.display
        switch click {
        case .click(let button, let point):
            move(to: point)
            XTestFakeButtonEvent(display, UInt32(button), 1, 0)
            XTestFakeButtonEvent(display, UInt32(button), 0, 0)
        case .press(let button, let point):
            HeldButton.record(display, button: button, owner: owner) // before the press: a kill finds it
            move(to: point)
            XTestFakeButtonEvent(display, UInt32(button), 1, 0)
        case .release(let button, let point):
            move(to: point)
            XTestFakeButtonEvent(display, UInt32(button), 0, 0)
            HeldButton.clear(display)
        }
        connection.flush()
    }

    private func move(to point: Point) {
        XTestFakeMotionEvent(connection.display, -1, Int32(point.x), Int32(point.y), 0)
    }
}
