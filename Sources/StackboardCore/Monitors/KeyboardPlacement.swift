/// Which monitor the keyboard is on and where on it, followed through RandR changes: the pure
/// part (the keyboard's X side reads the monitors and moves the window).
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
/// - A window frame other than the last one asked for (`current`) is where the user or the
///   window manager moved it: that is its place from then on, on the monitor of its centre.
///   Auto-show's moves out of a field's way (`avoided`) are not a new place.
/// - The window manager hears of the same change and may, a moment later, give the window its
///   old frame back or keep its old size on the new screen. Until the window is seen at the
///   frame asked for (`windowConfigured`), a frame of the old size is undone (three times at
///   most: a window manager that insists has its way) and is no place of the user's.
public struct KeyboardPlacement: Equatable, Sendable {
    /// Where a floating keyboard goes on its monitor.
    public enum Home: Equatable, Sendable {
        /// Where the options say (`KeyboardSizing.frame`).
        case options
        /// Where the user put it: the frame relative to its monitor's origin, and the size that
        /// monitor had then.
        case moved(Rect, monitorSize: Size)
    }

    /// `--monitor`.
    public let choice: MonitorChoice
    /// `--geometry`, `--dock`, `--scale`.
    public let sizing: KeyboardSizing
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
    /// After a change of the monitors, until the window is seen where it was asked to go.
    public private(set) var settling: Settling?

    /// A frame asked for after a change of the monitors, not yet seen on the window.
    public struct Settling: Equatable, Sendable {
        /// The frame asked for.
        public var asked: Rect
        /// The frame before the change.
        public var before: Rect
        /// How many more times a frame of the old size is undone.
        public var tries: Int
    }

    /// How many times a window manager's old frame is undone after one change.
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

    /// The monitors are now `new`; the window is at `current` (root pixels; nil: unknown).
    /// Returns where the keyboard goes, or nil when the layout is the same as before.
    public mutating func monitorsChanged(to new: MonitorLayout, current: Rect?,
                                         remembered: (Size) -> Rect? = { _ in nil }) -> PlacementChange? {
        guard new != layout else { return nil }
        if settling == nil { observe(current) }
        let old = monitor, before = settling?.before ?? frame
        layout = new
        let still = new.monitor(named: old.name)
        var notice: String?
        let target: Monitor
        if case .named(let wanted) = choice, wanted != old.name, let back = new.monitor(named: wanted) {
            target = back
            notice = "monitor \(wanted) is back: the keyboard moves to it"
        } else if let still {
            target = still
        } else {
            target = new.primary
            notice = "monitor \(old.name) is gone: the keyboard moves to \(target.name)"
        }
        place(on: target, remembered: remembered)
        settling = frame == before ? nil : Settling(asked: frame, before: before, tries: Self.settleTries)
        return PlacementChange(frame: frame, monitor: target, previous: old, notice: notice)
    }

    /// The window was configured (moved or resized) and is now at `current` (nil: unknown).
    /// While settling after a change of the monitors: the frame to ask for again when the
    /// window manager gave it a frame of the old size, else nil.
    public mutating func windowConfigured(current: Rect?) -> Rect? {
        guard var settle = settling, let current else { return nil }
        if current == settle.asked {
            settling = nil
            return nil
        }
        if current.width == settle.before.width, current.height == settle.before.height, settle.tries > 0 {
            settle.tries -= 1
            settling = settle
            return settle.asked
        }
        // The window manager's own adjustment (or one it insists on): where the window is.
        settling = nil
        frame = current
        return nil
    }

    /// The keyboard is being shown, with the active window at `focus` (nil: none known) and the
    /// window at `current`. With `focus` it goes to that window's monitor; returns the change,
    /// nil when it stays where it is.
    public mutating func shown(focus: Rect?, current: Rect?, remembered: (Size) -> Rect? = { _ in nil }) -> PlacementChange? {
        if settling == nil { observe(current) }
        guard choice == .focus, let focus else { return nil }
        let target = layout.monitor(for: focus)
        guard target != monitor else { return nil }
        let old = monitor
        place(on: target, remembered: remembered)
        return PlacementChange(frame: frame, monitor: target, previous: old, notice: nil)
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

    /// Auto-show moved the keyboard to `frame`, out of a field's way: not a new place.
    public mutating func avoided(_ frame: Rect) {
        self.frame = frame
    }

    private mutating func observe(_ current: Rect?) {
        guard let current, current != frame else { return }
        moved(to: current)
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
