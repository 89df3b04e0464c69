import StackboardCore

/// The screen edge a docked keyboard sits on.
public enum DockEdge: String, CaseIterable, Equatable, Hashable, Sendable {
    /// Along the top of the screen.
    case top
    /// Along the bottom of the screen.
    case bottom
}

/// How the keyboard window is placed and stacked.
public enum WindowPlacement: Equatable, Hashable, Sendable {
    /// A floating window kept above the others (also above a full-screen application).
    case floating
    /// A dock window on an edge, with struts so maximized windows end next to it.
    case dock(DockEdge)
}

/// The `_NET_WM_STRUT` (4 values) and `_NET_WM_STRUT_PARTIAL` (12 values) of a docked window.
///
/// Struts are root-relative: a bottom strut is the distance from the screen's bottom edge to
/// the window's top edge, so a window not flush with the edge reserves the gap below it too.
struct Struts: Equatable {
    /// left, right, top, bottom.
    var strut: [Int]
    /// left, right, top, bottom, left_start_y, left_end_y, right_start_y, right_end_y,
    /// top_start_x, top_end_x, bottom_start_x, bottom_end_x.
    var partial: [Int]

    /// The struts of a window at `frame` (root coordinates) docked on `edge` of a `screen`.
    init(edge: DockEdge, frame: Rect, screen: Size) {
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
}
