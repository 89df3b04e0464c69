/// One monitor of the display, in root pixels: a RandR 1.5 monitor (`XRRGetMonitors`), a
/// Xinerama head, or the whole screen when the server knows of neither.
public struct Monitor: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The RandR name (`HDMI-1`, `DP-2`, a name given with `xrandr --setmonitor`), `xinerama-N`
    /// for a Xinerama head, `screen` for the whole screen.
    public var name: String
    /// Where it is on the root window.
    public var frame: Rect
    /// Whether RandR calls it the primary monitor.
    public var isPrimary: Bool

    /// A monitor with every property given.
    public init(name: String, frame: Rect, isPrimary: Bool = false) {
        self.name = name
        self.frame = frame
        self.isPrimary = isPrimary
    }

    /// `NAME WxH+X+Y`, what `stackboard status --monitor` prints.
    public var description: String { "\(name) \(frame)" }
}

/// The display's monitors on a screen of a given size, as the keyboard uses them: each one
/// clipped to the screen (RandR keeps a monitor that a smaller screen no longer shows; it is
/// dropped), never none (no monitor at all is the whole screen, `screen`).
public struct MonitorLayout: Equatable, Sendable {
    /// The root window's size.
    public let screen: Size
    /// The monitors that show part of the screen, in the server's order.
    public let monitors: [Monitor]

    /// The layout of `monitors` on a screen of `screen` pixels.
    public init(screen: Size, monitors: [Monitor]) {
        self.screen = screen
        let bounds = Rect(size: screen)
        let visible = monitors.compactMap { monitor -> Monitor? in
            let clipped = MonitorLayout.intersection(monitor.frame, bounds)
            return clipped.isEmpty ? nil : Monitor(name: monitor.name, frame: clipped, isPrimary: monitor.isPrimary)
        }
        self.monitors = visible.isEmpty ? [Monitor(name: MonitorLayout.wholeScreenName, frame: bounds, isPrimary: true)] : visible
    }

    /// The name of the one monitor of a server that reports none.
    public static let wholeScreenName = "screen"

    /// The monitor RandR calls primary, else the first one.
    public var primary: Monitor {
        monitors.first(where: \.isPrimary) ?? monitors[0]
    }

    /// The monitor called `name` (nil: none of that name now).
    public func monitor(named name: String) -> Monitor? {
        monitors.first { $0.name == name }
    }

    /// The monitor that shows most of `rect`: the one holding its centre, else the one it overlaps
    /// most, else the primary one (a rectangle off every monitor).
    public func monitor(for rect: Rect) -> Monitor {
        let centre = Point(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
        if let holding = monitors.first(where: { $0.frame.contains(centre) }) { return holding }
        let best = monitors.map { ($0, Self.intersection($0.frame, rect)) }
            .filter { !$0.1.isEmpty }
            .max { $0.1.width * $0.1.height < $1.1.width * $1.1.height }
        return best?.0 ?? primary
    }

    /// The names, in order, for messages (`DP-1, HDMI-1`).
    public var names: String { monitors.map(\.name).joined(separator: ", ") }

    /// The pixels two rectangles share (empty when none).
    static func intersection(_ a: Rect, _ b: Rect) -> Rect {
        let x = max(a.x, b.x), y = max(a.y, b.y)
        let w = min(a.maxX, b.maxX) - x, h = min(a.maxY, b.maxY) - y
        return w > 0 && h > 0 ? Rect(x: x, y: y, width: w, height: h) : Rect(x: x, y: y, width: 0, height: 0)
    }
}
