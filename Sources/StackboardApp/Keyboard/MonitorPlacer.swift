import StackboardCore
import StackboardBus
import StackboardX11

/// What the monitor placer asks of the display: the X side (`MonitorWatcher`) or a fake.
protocol MonitorDisplay: AnyObject {
    /// The monitors now.
    func layout() -> MonitorLayout
    /// The active window's frame in root pixels (nil: none).
    func activeWindowFrame() -> Rect?
}

/// What the monitor placer asks of the keyboard's window.
protocol MonitorPlacedWindow: AnyObject {
    /// Moves the window to `frame` on `monitor` of `layout` (a dock's struts are that monitor's).
    func place(_ frame: Rect, on monitor: Monitor, in layout: MonitorLayout)
    /// Moves the window to `frame` on the monitor it is on.
    func move(to frame: Rect)
    /// Where the window is now, in root pixels (nil: gone).
    func rootFrame() -> Rect?
}

/// Keeps the keyboard on its monitor (`KeyboardPlacement` decides, this carries it out): at
/// start, when the monitors change, when it is shown (`--monitor focus`: the active window's
/// monitor) and when auto-show shows it for a field (`focus`: the field's monitor; a floating
/// keyboard then moves out of the field's way within its monitor). It publishes the monitor
/// for `stackboard status --monitor` and reports, once each, a named monitor that is missing,
/// a monitor that went, and a dock whose struts would cover another monitor.
final class MonitorPlacer {
    /// Where the keyboard is and goes (the pure part).
    private(set) var placement: KeyboardPlacement
    /// The monitors and the active window.
    let display: MonitorDisplay
    /// The keyboard's window.
    let window: MonitorPlacedWindow
    /// Where the monitor line (`HDMI-1 1920x1080+1280+0`) is published.
    var publish: (String) -> Void = { _ in }
    /// Where problems and news are reported (one line each).
    let report: (String) -> Void
    /// The place the user last gave the keyboard on a monitor of this size, relative to the
    /// monitor (the remembered geometry, kept per monitor size; nil: none remembered).
    var remembered: (Size) -> Rect? = { _ in nil }
    /// What was last reported, so that nothing is said twice in a row.
    private var lastReport: String?

    /// A placer carrying out `placement` on `window`, with the monitors of `display`.
    init(placement: KeyboardPlacement, display: MonitorDisplay, window: MonitorPlacedWindow, report: @escaping (String) -> Void) {
        self.placement = placement
        self.display = display
        self.window = window
        self.report = report
    }

    /// Puts the window where the placement says (struts of its monitor), publishes the monitor
    /// and reports a named monitor that is not there.
    func start(now: Double) {
        if let missing = placement.choice.missing(in: placement.layout) { say(missing) }
        placement.started(now: now)
        apply(frame: placement.frame, notice: nil)
    }

    /// The monitors changed (RandR): the keyboard lays itself out again on its monitor, or moves.
    func monitorsChanged(now: Double) {
        guard let change = placement.monitorsChanged(to: display.layout(), now: now, remembered: remembered) else { return }
        apply(frame: change.frame, notice: change.notice)
    }

    /// The window was moved or resized: the user's move is its new place; shortly after a change
    /// of the monitors, the window manager's own move is undone.
    func windowConfigured(now: Double) {
        guard let current = window.rootFrame() else { return }
        if let again = placement.windowConfigured(current: current, now: now) { window.move(to: again) }
    }

    /// The user docked or floated the keyboard (`WindowMover`) at `frame`: its place from now
    /// on, put on its monitor (a dock along the monitor's edge, with that monitor's struts).
    func placed(_ placement: WindowPlacement, frame: Rect) {
        switch placement {
        case .dock(let edge): self.placement.placed(dock: edge, frame: frame)
        case .floating: self.placement.placed(dock: nil, frame: frame)
        }
        apply(frame: self.placement.frame, notice: nil)
    }

    /// The size factor changed (the settings panel): the window takes its new size in its place.
    func rescale(_ scale: Double) {
        placement.rescaled(to: scale)
        apply(frame: placement.frame, notice: nil)
    }

    /// A hidden keyboard is about to be shown, for `field` (auto-show) or for the user. With
    /// `--monitor focus` it goes to the active window's monitor (a field with extents has been
    /// placed already, by `place(for:)`).
    func willShow(field: FieldRequest?) {
        guard field?.rect == nil, placement.choice == .focus else { return }
        if let change = placement.shown(focus: display.activeWindowFrame(), remembered: remembered) {
            apply(frame: change.frame, notice: nil)
        }
    }

    /// Auto-show shows the keyboard for `request`: with `focus`, on the field's monitor; a
    /// floating keyboard moves out of the field's way within its monitor (home without a field).
    func place(for request: FieldRequest) {
        if let field = request.rect, let change = placement.shown(focus: field, remembered: remembered) {
            apply(frame: change.frame, notice: nil)
        }
        guard !placement.isDocked else { return }
        let home = placement.homeFrame
        let target = request.rect.map {
            KeyboardAvoidance.frame(home: home, screen: placement.monitor.frame, field: $0, caret: request.caret, docked: false)
        } ?? home
        guard target != placement.frame else { return }
        placement.avoided(target)
        window.move(to: target)
    }

    private func apply(frame: Rect, notice: String?) {
        window.place(frame, on: placement.monitor, in: placement.layout)
        publish(placement.monitor.description)
        if let notice { say(notice) }
        if let blocker = placement.strutBlocker, let edge = placement.sizing.dock {
            say("the keyboard docked along the \(edge.rawValue) of \(placement.monitor.name) reserves no space: monitor "
                + "\(blocker.name) lies between it and the screen's edge, and struts reserve space only along the screen's "
                + "edges; windows may go under it")
        }
    }

    private func say(_ line: String) {
        guard line != lastReport else { return }
        lastReport = line
        report(line)
    }
}

extension MonitorWatcher: MonitorDisplay {}

extension KeyboardWindow: MonitorPlacedWindow {}
