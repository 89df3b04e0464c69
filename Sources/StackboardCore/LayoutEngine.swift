/// A key with its frame in window pixels.
public struct PlacedKey: Equatable, Hashable, Sendable {
    /// The key's position in the layer, in document order (depth first), from 0.
    public var index: Int
    /// The key.
    public var key: Key
    /// Its frame in window pixels.
    public var frame: Rect
    /// A placed key.
    public init(index: Int, key: Key, frame: Rect) { self.index = index; self.key = key; self.frame = frame }
}

/// Lays stacks out in whole pixels, like UIStackView with `.fillEqually` (or by weight).
///
/// Leftover pixels are handed out one at a time along the stack (the boundaries are the
/// rounded-down cumulative shares), so the items tile the stack exactly with the given gaps.
public enum LayoutEngine {
    /// Splits `length` pixels between items of `weights` with `spacing` between them.
    /// Returns each item's (offset, length); the lengths add up to `length - spacing * (n - 1)`.
    public static func distribute(length: Int, spacing: Int, weights: [Double]) -> [(offset: Int, length: Int)] {
        let n = weights.count
        guard n > 0 else { return [] }
        let gaps = spacing * (n - 1)
        let available = max(0, length - gaps)
        let effectiveSpacing = length - gaps >= 0 ? spacing : 0
        let total = weights.reduce(0, +)
        var result: [(offset: Int, length: Int)] = []
        result.reserveCapacity(n)
        var cumulative = 0.0
        var start = 0
        for (i, w) in weights.enumerated() {
            cumulative += w
            let end: Int
            if i == n - 1 || total <= 0 {
                end = i == n - 1 ? available : available * (i + 1) / n
            } else {
                end = min(available, Int((Double(available) * cumulative / total).rounded(.down)))
            }
            result.append((offset: start + i * effectiveSpacing, length: max(0, end - start)))
            start = max(start, end)
        }
        return result
    }

    /// The frame of every key of `layer` in a window of `size`, in document order.
    public static func place(_ layer: Layer, in size: Size, defaults: LayoutDefaults) -> [PlacedKey] {
        var out: [PlacedKey] = []
        let bounds = Rect(size: size).inset(by: defaults.insets)
        place(layer.root, in: bounds, defaultSpacing: defaults.spacing, into: &out)
        return out
    }

    private static func place(_ stack: Stack, in rect: Rect, defaultSpacing: Int, into out: inout [PlacedKey]) {
        let inner = rect.inset(by: stack.insets)
        let spacing = stack.spacing ?? defaultSpacing
        let weights: [Double]
        switch stack.distribution {
        case .fillEqually: weights = Array(repeating: 1, count: stack.items.count)
        case .proportional: weights = stack.items.map { $0.weight }
        }
        let horizontal = stack.axis == .horizontal
        let spans = distribute(length: horizontal ? inner.width : inner.height, spacing: spacing, weights: weights)
        for (item, span) in zip(stack.items, spans) {
            let frame = horizontal
                ? Rect(x: inner.x + span.offset, y: inner.y, width: span.length, height: inner.height)
                : Rect(x: inner.x, y: inner.y + span.offset, width: inner.width, height: span.length)
            switch item {
            case .key(let key):
                out.append(PlacedKey(index: out.count, key: key, frame: frame))
            case .stack(let nested):
                place(nested, in: frame, defaultSpacing: defaultSpacing, into: &out)
            }
        }
    }
}

/// The keys of one layer at one size, with hit testing.
public struct KeyboardGeometry: Equatable, Sendable {
    /// The window size the keys were laid out for.
    public var size: Size
    /// Every key of the layer with its frame, in document order.
    public var keys: [PlacedKey]

    /// Lays out `layer` of `layout` at `size`.
    public init(layout: Layout, layer: Layer, size: Size) {
        self.size = size
        self.keys = LayoutEngine.place(layer, in: size, defaults: layout.defaults)
    }

    /// Geometry from already placed keys.
    public init(size: Size, keys: [PlacedKey]) { self.size = size; self.keys = keys }

    /// The index of the key under `point`.
    ///
    /// Frames are half-open; a point in a gap or an inset goes to the nearest key (ties to the
    /// first in document order); blank keys and keys with no area are never hit; a point
    /// outside the window hits nothing.
    public func hit(_ point: Point) -> Int? {
        guard Rect(size: size).contains(point) else { return nil }
        var best: Int?
        var bestDistance = Int.max
        for placed in keys where placed.key.style != .blank && !placed.frame.isEmpty {
            let d = placed.frame.distanceSquared(to: point)
            if d == 0 { return placed.index }
            if d < bestDistance { bestDistance = d; best = placed.index }
        }
        return best
    }
}
