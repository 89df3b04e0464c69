/// What one press of the summon button comes to: a tap (the keyboard is shown) or a drag (the
/// button follows the pointer and stays where it is let go). Pure: the X side feeds it the
/// pointer's root positions; a press that moves less than `slop` pixels from where it began is
/// a tap, so a shaky finger still taps.
///
/// The button never leaves `bounds` (its monitor): a drag past an edge keeps it at the edge.
public struct SummonGesture: Equatable, Sendable {
    /// What a release ends with.
    public enum Outcome: Equatable, Sendable {
        /// A press and release without movement: show the keyboard.
        case tap
        /// The button was dragged to `frame` (root pixels): remember it there.
        case moved(Rect)
        /// No press was under way (a release whose press went elsewhere).
        case none
    }

    /// How far (pixels, either axis) a press may wander and still be a tap.
    public let slop: Int
    /// The button's frame when the press began.
    private var start: Rect?
    /// Where the press began (root pixels).
    private var anchor = Point(x: 0, y: 0)
    /// Whether the press has become a drag.
    public private(set) var isDragging = false
    /// The monitor the button is kept on during this press.
    private var bounds = Rect(x: 0, y: 0, width: 0, height: 0)

    /// A gesture recogniser whose taps may wander `slop` pixels.
    public init(slop: Int = 8) {
        self.slop = max(0, slop)
    }

    /// Whether a press is under way.
    public var isPressed: Bool { start != nil }

    /// Button 1 went down at `root` while the button was at `frame`, on a monitor at `bounds`.
    public mutating func press(at root: Point, frame: Rect, bounds: Rect) {
        start = frame
        anchor = root
        isDragging = false
        self.bounds = bounds
    }

    /// The pointer moved to `root`: the frame the button takes now (nil: it stays, a tap so far).
    public mutating func move(to root: Point) -> Rect? {
        guard let start else { return nil }
        let dx = root.x - anchor.x, dy = root.y - anchor.y
        if !isDragging, abs(dx) <= slop, abs(dy) <= slop { return nil }
        isDragging = true
        return Self.kept(Rect(x: start.x + dx, y: start.y + dy, width: start.width, height: start.height), in: bounds)
    }

    /// Button 1 went up at `root`.
    public mutating func release(at root: Point) -> Outcome {
        guard start != nil else { return .none }
        let frame = move(to: root)
        let dragged = isDragging
        let last = frame ?? start
        start = nil
        isDragging = false
        guard dragged, let last else { return .tap }
        return .moved(last)
    }

    /// The press was taken away (the button was hidden or unmapped mid-press): nothing happens.
    public mutating func cancel() {
        start = nil
        isDragging = false
    }

    /// `frame` moved (never resized) to lie inside `bounds`, as far as it fits.
    public static func kept(_ frame: Rect, in bounds: Rect) -> Rect {
        guard !bounds.isEmpty else { return frame }
        let x = max(bounds.x, min(frame.x, bounds.maxX - frame.width))
        let y = max(bounds.y, min(frame.y, bounds.maxY - frame.height))
        return Rect(x: x, y: y, width: frame.width, height: frame.height)
    }
}
