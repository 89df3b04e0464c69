/// Which monitor the keyboard is on and where on it, followed through RandR changes: the pure
/// part (the keyboard's X side reads the monitors and moves the window). Time is passed in.
///
/// Rules:
/// - At start the keyboard goes on the monitor of its `MonitorChoice`, where `KeyboardSizing`
///   says.
/// - When the monitors change (a resolution, a rotation, a monitor added or removed) it stays on
///   its monitor (by name) while that is there; a named monitor that comes back takes it back;
///   a keyboard whose monitor went moves to the primary one.
/// - A dock docks again along its monitor's edge, sized for the monitor as at start.
/// - A floating keyboard that is where the options put it goes where they put it on the new
///   monitor size (a rotation and back gives the same frame again). One the user moved keeps
///   its offset from its monitor's top-left corner, scaled down if it no longer fits and kept
///   inside; back on a monitor of the size it was moved on, it is exactly where it was. A place
///   remembered for the new monitor size (`remembered`) wins over both.
/// - With `focus`, each show goes to the active window's monitor (with auto-show the field's).
/// - The window seen somewhere other than where it was asked to go (`windowConfigured`) was
///   moved by the user or the window manager: that is its place from then on, on the monitor of
///   its centre. Auto-show's moves out of a field's way (`avoided`) are not a new place.
/// - Except while settling: the window manager hears of a change of the monitors too, and for a
///   few seconds (`settleTime`) moves the window on its own (onto what is left of the screen,
///   back to its old frame). Then the frame asked for is asked again (three times at most: a
///   window manager that insists has its way), and nothing seen is a place of the user's. The
///   window manager's first placement at start is taken the same way, without asking again.
public struct KeyboardPlacement: Equatable, Sendable {
    /// Where a floating keyboard goes on its monitor.
    public enum Home: Equatable, Sendable {
        /// Where the options say (`KeyboardSizing.frame`).
        case options
        /// Where the user put it: the frame relative to its monitor's origin, and the size that
        /// monitor had then.
        case moved(Rect, monitorSize: Size)
    }

    /// A frame asked for after a change, while the window manager may still move the window.
    public struct Settling: Equatable, Sendable {
        /// The frame asked for.
        public var asked: Rect
        /// How many more times a frame other than `asked` is undone.
        public var tries: Int
        /// Until when (seconds, the caller's clock).
        public var until: Double
    }

    /// `--monitor`.
    public let choice: MonitorChoice
    /// `--geometry`, `--dock`, `--scale`; the dock the user chose since (`placed(dock:frame:)`).
    public private(set) var sizing: KeyboardSizing
    /// The monitors as last seen.
    public private(set) var layout: MonitorLayout
    /// The keyboard's monitor.
    public private(set) var monitor: Monitor
    /// Where it goes on its monitor when floating.
    public private(set) var home: Home = .options
    /// Its frame on its monitor, out of every field's way (root pixels).
    public private(set) var homeFrame: Rect
    /// The last frame asked of the window (`homeFrame`, or where auto-show moved it).
    public private(set) var frame: Rect
    /// While the window manager may still move the window on its own (nil: not now).
    public private(set) var settling: Settling?

    /// How long (seconds) after a change the window manager's own moves are expected.
    public static let settleTime = 2.0
    /// How many times a window manager's own move is undone after one change.
    public static let settleTries = 3

    /// The placement at start on `layout`, with the active window at `focus` (for `focus`).
    public init(choice: MonitorChoice, sizing: KeyboardSizing, layout: MonitorLayout, focus: Rect? = nil) {
        self.choice = choice
        self.sizing = sizing
        self.layout = layout
        monitor = choice.monitor(in: layout, focus: focus)
        homeFrame = sizing.frame(on: monitor.frame)
        frame = homeFrame
    }

    /// Whether the keyboard is a dock.
    public var isDocked: Bool { sizing.dock != nil }

    /// The frame relative to the monitor's top-left corner, and the monitor's size: where a
    /// moved keyboard's place is remembered (per layout and monitor size).
    public var placeOnMonitor: (frame: Rect, monitorSize: Size) {
        (Self.relative(homeFrame, to: monitor), Size(width: monitor.frame.width, height: monitor.frame.height))
    }

    /// The struts of a dock at `frame` (nil: floating), `.none` when they would cover another
    /// monitor (`strutBlocker`).
    public func struts(at frame: Rect) -> DockStruts? {
        sizing.dock.map { DockStruts(edge: $0, frame: frame, monitor: monitor, in: layout) }
    }

    /// The monitor a dock's struts would cover (nil: none, or floating).
    public var strutBlocker: Monitor? {
        sizing.dock.flatMap { DockStruts.blocker(edge: $0, frame: homeFrame, monitor: monitor, in: layout) }
    }

    // MARK: Changes

    /// The window is about to be mapped at `frame` (`now`): the window manager's placement of it
    /// is taken as it comes, not as a move of the user's.
    public mutating func started(now: Double) {
        settling = Settling(asked: frame, tries: 0, until: now + Self.settleTime)
    }

    /// The monitors are now `new` (`now`). Returns where the keyboard goes, or nil when the
    /// layout is the same as before.
    public mutating func monitorsChanged(to new: MonitorLayout, now: Double,
                                         remembered: (Size) -> Rect? = { _ in nil }) -> PlacementChange? {
        guard new != layout else { return nil }
        let old = monitor
        layout = new
        var notice: String?
        let target: Monitor
        if case .named(let wanted) = choice, wanted != old.name, let back = new.monitor(named: wanted) {
            target = back
            notice = "monitor \(wanted) is back: the keyboard moves to it"
        } else if let still = new.monitor(named: old.name) {
            target = still
        } else {
            target = new.primary
            notice = "monitor \(old.name) is gone: the keyboard moves to \(target.name)"
        }
        place(on: target, remembered: remembered)
        settling = Settling(asked: frame, tries: Self.settleTries, until: now + Self.settleTime)
        return PlacementChange(frame: frame, monitor: target, previous: old, notice: notice)
    }

    /// The keyboard is being shown, with the active window (or the focused field) at `focus`
    /// (nil: none known). With `focus` it goes to that monitor; returns the change, nil when it
    /// stays where it is.
    public mutating func shown(focus: Rect?, remembered: (Size) -> Rect? = { _ in nil }) -> PlacementChange? {
        guard choice == .focus, let focus else { return nil }
        let target = layout.monitor(for: focus)
        guard target != monitor else { return nil }
        let old = monitor
        place(on: target, remembered: remembered)
        return PlacementChange(frame: frame, monitor: target, previous: old, notice: nil)
    }

    /// The window was seen at `current` (root pixels) at `now`. While settling, returns the
    /// frame to ask for again when the window manager put it elsewhere; otherwise a floating
    /// keyboard seen elsewhere than asked was moved there (`moved(to:)`), and nil.
    public mutating func windowConfigured(current: Rect, now: Double) -> Rect? {
        if var settle = settling, now < settle.until {
            guard current != settle.asked else { return nil }
            if settle.tries > 0 {
                settle.tries -= 1
                settling = settle
                return settle.asked
            }
            // A window manager that insists (or places the window at start): where it put it.
            if frame == homeFrame { homeFrame = current }
            frame = current
            settling = Settling(asked: current, tries: 0, until: settle.until)
            return nil
        }
        settling = nil
        if current != frame { moved(to: current) }
        return nil
    }

    /// The user (or the window manager) put the floating keyboard at `frame` (root pixels): its
    /// place from now on, on the monitor of its centre. A dock stays docked.
    public mutating func moved(to frame: Rect) {
        guard !isDocked, !frame.isEmpty else { return }
        monitor = layout.monitor(for: frame)
        home = .moved(Self.relative(frame, to: monitor), monitorSize: Size(width: monitor.frame.width, height: monitor.frame.height))
        homeFrame = frame
        self.frame = frame
    }

    /// The user docked the keyboard along `edge` at `frame`'s height (the grip, a remembered
    /// dock), or floated it at `frame` (nil): that is its place from now on, on its monitor, and
    /// again after the monitors change.
    public mutating func placed(dock edge: DockEdge?, frame: Rect) {
        guard let edge else {
            sizing.dock = nil
            return moved(to: frame)
        }
        sizing = Self.docked(sizing, along: edge, height: frame.height)
        home = .options
        homeFrame = sizing.frame(on: monitor.frame)
        self.frame = homeFrame
    }

    /// The size factor changed (the settings panel's size): where the options put the keyboard
    /// it takes the frame they now give (a taller one along its edge, without a geometry); a
    /// keyboard the user moved grows or shrinks by the same factor about the middle of its
    /// bottom edge, kept inside its monitor.
    public mutating func rescaled(to scale: Double) {
        let factor = sizing.scale > 0 ? scale / sizing.scale : 1
        sizing.scale = scale
        switch home {
        case .moved(let place, let movedOn) where !isDocked:
            let width = max(1, Int((Double(place.width) * factor).rounded()))
            let height = max(1, Int((Double(place.height) * factor).rounded()))
            let grown = Rect(x: place.x + (place.width - width) / 2, y: place.y + place.height - height, width: width, height: height)
            let fitted = KeyboardSizing.fit(grown, in: movedOn)
            home = .moved(fitted, monitorSize: movedOn)
            homeFrame = Self.absolute(fitted, on: monitor)
        default:
            homeFrame = sizing.frame(on: monitor.frame)
        }
        frame = homeFrame
    }

    /// Auto-show moved the keyboard to `frame`, out of a field's way: not a new place.
    public mutating func avoided(_ frame: Rect) {
        self.frame = frame
        settling?.asked = frame
    }

    private mutating func place(on target: Monitor, remembered: (Size) -> Rect?) {
        monitor = target
        let size = Size(width: target.frame.width, height: target.frame.height)
        if !isDocked, let place = remembered(size) { home = .moved(place, monitorSize: size) }
        switch home {
        case .moved(let place, let movedOn) where !isDocked:
            homeFrame = Self.absolute(movedOn == size ? place : KeyboardSizing.fit(place, in: size), on: target)
        default:
            homeFrame = sizing.frame(on: target.frame)
        }
        frame = homeFrame
    }

    static func relative(_ frame: Rect, to monitor: Monitor) -> Rect {
        Rect(x: frame.x - monitor.frame.x, y: frame.y - monitor.frame.y, width: frame.width, height: frame.height)
    }

    static func absolute(_ frame: Rect, on monitor: Monitor) -> Rect {
        Rect(x: frame.x + monitor.frame.x, y: frame.y + monitor.frame.y, width: frame.width, height: frame.height)
    }
}

/// Where the keyboard goes after a change of the monitors or of the focus.
public struct PlacementChange: Equatable, Sendable {
    /// Its new frame (root pixels).
    public var frame: Rect
    /// Its monitor now.
    public var monitor: Monitor
    /// Its monitor before.
    public var previous: Monitor
    /// One line worth telling the user (its monitor went or came back), if any.
    public var notice: String?
}
