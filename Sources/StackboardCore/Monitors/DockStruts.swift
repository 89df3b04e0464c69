/// The screen edge a docked keyboard sits on (of its monitor).
public enum DockEdge: String, CaseIterable, Equatable, Hashable, Sendable {
    /// Along the top of the monitor.
    case top
    /// Along the bottom of the monitor.
    case bottom
}

/// The `_NET_WM_STRUT` (4 values) and `_NET_WM_STRUT_PARTIAL` (12 values) of a docked window.
///
/// Struts are relative to the root window's edges, not to a monitor's: a bottom strut is the
/// distance from the screen's bottom edge to the window's top edge, so a dock on a monitor
/// shorter than the screen (or not flush with its edge) reserves the strip below it too, and
/// the partial strut's start and end limit it to the dock's columns (its monitor's, for a
/// full-width dock). A strip that would reach into another monitor (a bottom dock on a monitor
/// with another one below it) cannot be said with struts: then the dock reserves nothing.
public struct DockStruts: Equatable, Sendable {
    /// left, right, top, bottom.
    public var strut: [Int]
    /// left, right, top, bottom, left_start_y, left_end_y, right_start_y, right_end_y,
    /// top_start_x, top_end_x, bottom_start_x, bottom_end_x.
    public var partial: [Int]

    /// No space reserved.
    public static let none = DockStruts(strut: [0, 0, 0, 0], partial: [Int](repeating: 0, count: 12))

    /// Struts with both lists given.
    public init(strut: [Int], partial: [Int]) {
        self.strut = strut
        self.partial = partial
    }

    /// The struts of a window at `frame` (root pixels) docked on `edge`, on a screen of `screen`.
    public init(edge: DockEdge, frame: Rect, screen: Size) {
        let startX = max(0, frame.x)
        let endX = max(startX, min(screen.width, frame.maxX) - 1)
        switch edge {
        case .top:
            let top = max(0, min(screen.height, frame.maxY))
            strut = [0, 0, top, 0]
            partial = [0, 0, top, 0, 0, 0, 0, 0, startX, endX, 0, 0]
        case .bottom:
            let bottom = max(0, min(screen.height, screen.height - frame.y))
            strut = [0, 0, 0, bottom]
            partial = [0, 0, 0, bottom, 0, 0, 0, 0, 0, 0, startX, endX]
        }
    }

    /// The struts of a dock at `frame` on `edge` of `monitor` in `layout`: `.none` when the strip
    /// they reserve would cover part of another monitor (see the type's comment).
    public init(edge: DockEdge, frame: Rect, monitor: Monitor, in layout: MonitorLayout) {
        if Self.blocker(edge: edge, frame: frame, monitor: monitor, in: layout) != nil {
            self = .none
        } else {
            self.init(edge: edge, frame: frame, screen: layout.screen)
        }
    }

    /// The other monitor that the strip reserved for a dock at `frame` on `edge` of `monitor`
    /// would cover, if one would (nil: the struts can be set).
    public static func blocker(edge: DockEdge, frame: Rect, monitor: Monitor, in layout: MonitorLayout) -> Monitor? {
        let struts = DockStruts(edge: edge, frame: frame, screen: layout.screen)
        let startX = edge == .top ? struts.partial[8] : struts.partial[10]
        let endX = edge == .top ? struts.partial[9] : struts.partial[11]
        let reserved = edge == .top
            ? Rect(x: startX, y: 0, width: endX - startX + 1, height: struts.strut[2])
            : Rect(x: startX, y: layout.screen.height - struts.strut[3], width: endX - startX + 1, height: struts.strut[3])
        return layout.monitors.first { $0.name != monitor.name && $0.frame.intersects(reserved) }
    }
}
