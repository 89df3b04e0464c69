/// The space bar as a trackpad (a long press on it, then a slide): the pointer's movement becomes
/// arrow keys that move the caret.
///
/// Each axis counts on its own: one arrow (← → horizontally, ↑ ↓ vertically) per step of the
/// pointer along it, measured from where the last arrow was counted. A step is `step` pixels near
/// where the slide began and gets shorter as the pointer goes farther from there (`stepLength`),
/// down to a quarter of that at three steps' distance and beyond, so that a short slide moves the
/// caret a character at a time and a long one moves it fast. Coming back toward the start the
/// steps grow again (a step's length is taken where it begins). Vertical steps are twice as long
/// as horizontal ones (lines are farther apart than characters, and a slide along a line should
/// not wander off it).
public struct CaretTrackpad: Equatable, Sendable {
    /// Where the slide began (window pixels).
    public let start: Point
    /// The horizontal step near the start, in pixels (vertical steps are twice as long).
    public let step: Double
    /// The most arrows one move may give along each axis (a pointer that jumps far does not flood
    /// the application).
    public static let maxArrowsPerMove = 64

    /// Where the last arrow of each axis was counted.
    private var countedX: Double
    private var countedY: Double

    /// A trackpad whose slide begins at `start`, with steps of `step` pixels near it (at least 1).
    public init(start: Point, step: Double) {
        self.start = start
        self.step = step.isFinite ? max(1, step) : 1
        countedX = Double(start.x)
        countedY = Double(start.y)
    }

    /// The pointer is at `point`: the arrows its movement since the last call gives, in the
    /// order to send them (horizontal first).
    public mutating func move(to point: Point) -> [NamedKey] {
        var arrows: [NamedKey] = []
        let horizontal = Self.steps(from: &countedX, to: Double(point.x), origin: Double(start.x), step: step,
                                    limit: Self.maxArrowsPerMove)
        arrows += Array(repeating: horizontal > 0 ? NamedKey.right : .left, count: abs(horizontal))
        let vertical = Self.steps(from: &countedY, to: Double(point.y), origin: Double(start.y), step: 2 * step,
                                  limit: Self.maxArrowsPerMove)
        arrows += Array(repeating: vertical > 0 ? NamedKey.down : .up, count: abs(vertical))
        return arrows
    }

    /// The length of a step that begins `distance` pixels from the start, for a base `step`.
    public static func stepLength(atDistance distance: Double, step: Double) -> Double {
        max(step / 4, step / (1 + abs(distance) / step))
    }

    /// Counts whole steps from `counted` toward `target` along one axis (positive: toward larger
    /// coordinates), moving `counted` to where the last one ended; at most `limit` steps.
    static func steps(from counted: inout Double, to target: Double, origin: Double, step: Double, limit: Int) -> Int {
        var count = 0
        while abs(count) < max(0, limit) {
            let direction: Double = target > counted ? 1 : -1
            let length = stepLength(atDistance: counted - origin, step: step)
            guard abs(target - counted) >= length else { break }
            counted += direction * length
            count += Int(direction)
        }
        if abs(count) >= limit { counted = target } // what was cut off is dropped, not owed
        return count
    }
}
