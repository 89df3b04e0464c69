/// The state of one modifier, as the painter shows it.
public enum ModifierLatch: Sendable, Equatable {
    /// Not active.
    case off
    /// Tapped once: applies to the next key that types something, then clears.
    case latched
    /// Tapped twice: stays on until tapped again.
    case locked
    /// Held down by a pointer (applies to keys other pointers fire while it is held).
    case held
}

/// How one key is painted right now (the painter's input, filled by the keyboard state).
public struct KeyVisual: Equatable, Hashable, Sendable {
    /// A pointer is down on the key.
    public var pressed: Bool
    /// Its modifier is latched.
    public var latched: Bool
    /// Its modifier is locked (or, for caps lock, caps lock is on).
    public var locked: Bool
    /// Dwell progress from 0 to 1 while the pointer rests on the key (nil: not dwelling).
    public var dwellProgress: Double?
    /// Switch scanning highlights the key (alone or as part of its row).
    public var scanHighlighted: Bool
    /// The highlight is the back step of the key's group (painted in another style).
    public var scanBack: Bool
    /// Shows its shifted label (per key: caps lock shifts letters only).
    public var shifted: Bool
    /// A label shown instead of the key's own (the suggestion bar's words), nil for none.
    public var label: String?

    /// A visual with every property given (default: plain).
    public init(pressed: Bool = false, latched: Bool = false, locked: Bool = false,
                dwellProgress: Double? = nil, scanHighlighted: Bool = false, scanBack: Bool = false, shifted: Bool = false, label: String? = nil) {
        self.pressed = pressed
        self.latched = latched
        self.locked = locked
        self.dwellProgress = dwellProgress
        self.scanHighlighted = scanHighlighted
        self.scanBack = scanBack
        self.shifted = shifted
        self.label = label
    }

    /// A key at rest.
    public static let idle = KeyVisual()
}

/// The open long-press popup: the alternates of one key, laid out in a row above it.
public struct AlternatesPopup: Equatable, Sendable {
    /// The index of the key that was long-pressed.
    public var keyIndex: Int
    /// The alternates offered, left to right.
    public var options: [Key]
    /// One frame per option in window pixels (y may be negative: above the keyboard).
    public var frames: [Rect]
    /// The option the release would choose (nil: none).
    public var highlighted: Int?

    /// A popup with every property given.
    public init(keyIndex: Int, options: [Key], frames: [Rect], highlighted: Int?) {
        self.keyIndex = keyIndex
        self.options = options
        self.frames = frames
        self.highlighted = highlighted
    }

    /// Lays the options out as cells of the key's size in a row centred above `keyFrame`,
    /// `spacing` apart, the row's bottom edge `max(2, spacing)` px above the key. The row is kept
    /// inside the window's width (cells shrink when they cannot all fit). The first option is
    /// highlighted.
    public init(keyIndex: Int, options: [Key], keyFrame: Rect, window: Size, spacing: Int) {
        let gap = max(0, spacing)
        let n = options.count
        let y = keyFrame.y - max(2, gap) - keyFrame.height
        let total = n * keyFrame.width + max(0, n - 1) * gap
        var frames: [Rect] = []
        if total > window.width {
            let spans = LayoutEngine.distribute(length: max(0, window.width), spacing: gap,
                                                weights: Array(repeating: 1, count: n))
            frames = spans.map { Rect(x: $0.offset, y: y, width: $0.length, height: keyFrame.height) }
        } else {
            let centred = keyFrame.x + keyFrame.width / 2 - total / 2
            let startX = min(max(0, centred), window.width - total)
            frames = (0..<n).map {
                Rect(x: startX + $0 * (keyFrame.width + gap), y: y, width: keyFrame.width, height: keyFrame.height)
            }
        }
        self.init(keyIndex: keyIndex, options: options, frames: frames, highlighted: n > 0 ? 0 : nil)
    }

    /// The option a pointer at `point` points at: the one nearest in x, while the point is within
    /// a band from one cell height above the row to half a cell below the long-pressed key
    /// (`keyFrame`), and no further than half a cell beyond either end of the row. Nil outside.
    public func option(at point: Point, keyFrame: Rect) -> Int? {
        guard let first = frames.first, let last = frames.last else { return nil }
        let row = frames.reduce(first) { $0.union($1) }
        let cellWidth = max(1, first.width), cellHeight = max(1, first.height)
        let top = row.y - cellHeight
        let bottom = max(row.maxY, keyFrame.maxY) + cellHeight / 2
        let left = row.x - cellWidth / 2, right = last.maxX + cellWidth / 2
        guard point.y >= top, point.y < bottom, point.x >= left, point.x < right else { return nil }
        var best = 0
        var bestDistance = Int.max
        for (i, frame) in frames.enumerated() {
            let d = point.x < frame.x ? frame.x - point.x : (point.x >= frame.maxX ? point.x - (frame.maxX - 1) : 0)
            if d < bestDistance { bestDistance = d; best = i }
        }
        return best
    }
}
