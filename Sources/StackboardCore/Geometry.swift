/// A point in window pixels (top-left origin).
public struct Point: Equatable, Hashable, Sendable {
    public var x: Int
    public var y: Int
    /// A point at `x`, `y`.
    public init(x: Int, y: Int) { self.x = x; self.y = y }
}

/// A size in whole pixels.
public struct Size: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// A size of `width` by `height`.
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    /// `WxH`.
    public var description: String { "\(width)x\(height)" }

    /// Parses `WxH` (for example `1280x400`); nil when malformed or not positive.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else { return nil }
        self.init(width: w, height: h)
    }
}

/// Space kept free inside the edges of a stack.
public struct Insets: Equatable, Hashable, Sendable {
    public var top: Int
    public var left: Int
    public var bottom: Int
    public var right: Int
    /// Insets with each edge given.
    public init(top: Int, left: Int, bottom: Int, right: Int) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// The same inset on every edge.
    public init(all value: Int) { self.init(top: value, left: value, bottom: value, right: value) }
    /// No insets.
    public static let zero = Insets(all: 0)
}

/// A rectangle in whole pixels. Containment is half-open: `x <= px < x + width`.
public struct Rect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    /// A rectangle at `x`, `y` of `width` by `height`.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    /// A rectangle at the origin of the given size.
    public init(size: Size) { self.init(x: 0, y: 0, width: size.width, height: size.height) }

    /// One past the right-most pixel column.
    public var maxX: Int { x + width }
    /// One past the bottom-most pixel row.
    public var maxY: Int { y + height }
    /// True when the rectangle covers no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// `WxH+X+Y`.
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }

    /// Half-open containment.
    public func contains(_ p: Point) -> Bool {
        p.x >= x && p.x < maxX && p.y >= y && p.y < maxY
    }

    /// True when the two rectangles share at least one pixel.
    public func intersects(_ other: Rect) -> Bool {
        !isEmpty && !other.isEmpty && x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// The rectangle shrunk by `insets` (never below zero size).
    public func inset(by insets: Insets) -> Rect {
        Rect(x: x + insets.left, y: y + insets.top,
             width: max(0, width - insets.left - insets.right),
             height: max(0, height - insets.top - insets.bottom))
    }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let nx = min(x, other.x), ny = min(y, other.y)
        return Rect(x: nx, y: ny, width: max(maxX, other.maxX) - nx, height: max(maxY, other.maxY) - ny)
    }

    /// Squared distance from `p` to the nearest pixel of the rectangle (0 inside).
    public func distanceSquared(to p: Point) -> Int {
        let dx = p.x < x ? x - p.x : (p.x >= maxX ? p.x - (maxX - 1) : 0)
        let dy = p.y < y ? y - p.y : (p.y >= maxY ? p.y - (maxY - 1) : 0)
        return dx * dx + dy * dy
    }
}
