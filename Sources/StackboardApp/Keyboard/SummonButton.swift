import StackboardCore
import StackboardX11

/// What the summon button asks of its window: the X window (`SummonWindow`) or a fake.
protocol SummonWindowing: AnyObject {
    /// The button's side in pixels.
    var diameter: Int { get }
    /// Maps it with its top-left corner at `frame`'s, above other windows.
    func show(at frame: Rect)
    /// Moves it (a drag).
    func move(to frame: Rect)
    /// Unmaps it.
    func hide()
}

extension SummonWindow: SummonWindowing {}

/// `--summon-button`: a small round button that is on screen exactly while the keyboard is
/// hidden. A tap on it shows the keyboard (as `stackboard show` does); a drag moves it, and
/// where it is let go is remembered for that monitor (`SummonPlaces`). It hears the keyboard's
/// state as the control channel does (`KeyboardPublishing`): `hidden` maps it, `shown` unmaps it.
///
/// It lives on the monitor it was last left on; at start, the keyboard's monitor. Turned off
/// (the settings panel), it stays off screen whatever the keyboard does, until turned on again.
final class SummonButton: KeyboardPublishing {
    let window: SummonWindowing
    /// The display's monitors now.
    let monitors: () -> MonitorLayout
    /// The monitor the keyboard is on (where the button starts).
    let home: () -> Monitor?
    /// Shows the keyboard (a tap).
    var onTap: (Double) -> Void = { _ in }
    private var places: SummonPlaces
    /// Writes the places when they changed (nil: nowhere, no state directory).
    private let save: ((SummonPlaces) -> Void)?
    private var gesture = SummonGesture()
    /// The monitor the button was last placed on, by name.
    private var monitorName: String?
    /// Where the button is (root pixels) while it is shown.
    private(set) var frame: Rect?
    /// Whether the keyboard was last said to be shown.
    private var keyboardShown = true
    /// Whether the button is wanted (off: never on screen).
    var enabled = true {
        didSet { follow() }
    }
    /// The gap to a monitor's edges of the button's default place.
    let margin: Int

    /// A button on `window`, placed on `monitors` as `places` remember (and `save` keeps them).
    init(window: SummonWindowing, monitors: @escaping () -> MonitorLayout, home: @escaping () -> Monitor?,
         places: SummonPlaces, save: ((SummonPlaces) -> Void)?, margin: Int) {
        self.window = window
        self.monitors = monitors
        self.home = home
        self.places = places
        self.save = save
        self.margin = margin
    }

    /// Whether the button is on screen (asked to be).
    var isShown: Bool { frame != nil }

    // MARK: KeyboardPublishing

    func publish(state: String) {
        keyboardShown = state == "shown"
        follow()
    }

    func publish(layout: String) {}

    // MARK: Input

    /// Button 1 on the button (root pixels).
    func handle(_ input: SummonInput, now: Double) {
        switch input {
        case .press(let point):
            guard let frame else { return }
            gesture.press(at: point, frame: frame, bounds: Rect(size: monitors().screen))
        case .move(let point):
            if let moved = gesture.move(to: point) {
                frame = moved
                window.move(to: moved)
            }
        case .release(let point):
            switch gesture.release(at: point) {
            case .tap: onTap(now)
            case .moved(let dropped): settle(dropped)
            case .none: break
            }
        case .cancel:
            gesture.cancel()
        }
    }

    /// The monitors changed: a shown button goes to its place on its monitor as it is now (the
    /// keyboard's, or the primary one, when its own went).
    func monitorsChanged() {
        guard frame != nil else { return }
        place()
    }

    // MARK: Placing

    /// On screen exactly while wanted and the keyboard is hidden (a shown button stays where it is).
    private func follow() {
        if enabled && !keyboardShown {
            if frame == nil { place() }
        } else {
            hideButton()
        }
    }

    private func hideButton() {
        gesture.cancel()
        guard frame != nil else { return }
        frame = nil
        window.hide()
    }

    /// Shows the button at its place on its monitor.
    private func place() {
        let monitor = currentMonitor()
        monitorName = monitor.name
        let target = places.frame(on: monitor, diameter: window.diameter, margin: margin)
        frame = target
        window.show(at: target)
    }

    private func currentMonitor() -> Monitor {
        let layout = monitors()
        if let name = monitorName, let monitor = layout.monitor(named: name) { return monitor }
        if let keyboard = home(), let monitor = layout.monitor(named: keyboard.name) { return monitor }
        return layout.primary
    }

    /// A drag ended at `dropped`: the button belongs to the monitor that shows most of it, lies
    /// inside it, and is remembered there.
    private func settle(_ dropped: Rect) {
        let monitor = monitors().monitor(for: dropped)
        let inside = SummonGesture.kept(dropped, in: monitor.frame)
        monitorName = monitor.name
        frame = inside
        if inside != dropped { window.move(to: inside) }
        if places.remember(inside, on: monitor) { save?(places) }
    }
}
