/// A corner of a window.
public enum Corner: String, CaseIterable, Hashable, Sendable {
    /// The top-left corner.
    case topLeft
    /// The top-right corner.
    case topRight
    /// The bottom-left corner.
    case bottomLeft
    /// The bottom-right corner.
    case bottomRight

    /// Whether the corner is on the left edge.
    public var isLeft: Bool { self == .topLeft || self == .bottomLeft }
    /// Whether the corner is on the top edge.
    public var isTop: Bool { self == .topLeft || self == .topRight }
}

/// What dragging a floating keyboard does: move it (the grip) or resize it (a corner).
public enum WindowDragKind: Hashable, Sendable {
    /// The window follows the pointer.
    case move
    /// The corner follows the pointer; the opposite corner stays.
    case resize(Corner)
}

/// What the keyboard's window can do with the grip and the corners, which depends on where the
/// keypad lives (the host tells the state: `KeyboardState.setWindowControl`).
public enum WindowControl: Hashable, Sendable {
    /// The keypad cannot move (entry mode, a plug, an application's keypad): the grip is inert.
    case none
    /// Docked on an edge: a double tap on the grip undocks; dragging does nothing.
    case docked
    /// Floating: dragging the grip moves the window, a drag from a corner resizes it, a double
    /// tap on the grip docks it.
    case floating
}

/// One drag of a floating keyboard's window, worked out in root (screen) pixels: the frame the
/// window takes when the pointer is at a point. Moves keep the window on the screen; resizes
/// keep the opposite corner where it was and the size between `minimum` and the screen.
public struct WindowDrag: Equatable, Sendable {
    /// Moving or resizing from which corner.
    public var kind: WindowDragKind
    /// The window's frame when the drag began.
    public var start: Rect
    /// The pointer's position (root pixels) when the drag began.
    public var anchor: Point
    /// The screen's size.
    public var screen: Size
    /// The smallest size a resize may make.
    public var minimum: Size

    /// A drag of `kind` of a window at `start`, grabbed at `anchor`, on a screen of `screen`.
    public init(kind: WindowDragKind, start: Rect, anchor: Point, screen: Size, minimum: Size) {
        self.kind = kind
        self.start = start
        self.anchor = anchor
        self.screen = screen
        self.minimum = Size(width: max(1, min(minimum.width, screen.width)), height: max(1, min(minimum.height, screen.height)))
    }

    /// The window's frame with the pointer at `point` (root pixels).
    public func frame(at point: Point) -> Rect {
        let dx = point.x - anchor.x, dy = point.y - anchor.y
        switch kind {
        case .move:
            let width = min(start.width, screen.width), height = min(start.height, screen.height)
            let x = min(max(0, start.x + dx), screen.width - width)
            let y = min(max(0, start.y + dy), screen.height - height)
            return Rect(x: x, y: y, width: width, height: height)
        case .resize(let corner):
            // The edges that move follow the pointer, clamped to the screen and to the size limits.
            var left = start.x, top = start.y, right = start.maxX, bottom = start.maxY
            if corner.isLeft {
                left = min(max(0, left + dx), right - minimum.width)
                left = max(left, right - screen.width)
            } else {
                right = max(min(screen.width, right + dx), left + minimum.width)
            }
            if corner.isTop {
                top = min(max(0, top + dy), bottom - minimum.height)
                top = max(top, bottom - screen.height)
            } else {
                bottom = max(min(screen.height, bottom + dy), top + minimum.height)
            }
            return Rect(x: left, y: top, width: right - left, height: bottom - top)
        }
    }
}
