/// How big the keyboard is and where it goes on its monitor, from `--geometry`, `--dock` and
/// `--scale`. Every frame is for one monitor: offsets count from that monitor's edges.
///
/// Rules:
/// - Without a geometry: the monitor's full width and a third of its height times the scale
///   (at least 40 pixels), along the dock's edge, or along the bottom when floating.
/// - With a geometry: its size and offsets (centred at the bottom without offsets; a top dock
///   without a y offset sits at the top). A dock wider or taller than its monitor is cut to it;
///   a floating keyboard that does not fit is scaled down (both sides by one factor, so the keys
///   keep their shape) and then kept inside the monitor.
public struct KeyboardSizing: Equatable, Sendable {
    /// `--geometry` (nil: the default size and place).
    public var geometry: WindowGeometry?
    /// `--dock` (nil: floating).
    public var dock: DockEdge?
    /// `--scale`: the default height's factor.
    public var scale: Double

    /// Sizing with every setting given.
    public init(geometry: WindowGeometry?, dock: DockEdge?, scale: Double) {
        self.geometry = geometry
        self.dock = dock
        self.scale = scale
    }

    /// The keyboard's frame on `monitor` (root pixels).
    public func frame(on monitor: Rect) -> Rect {
        let size = Size(width: monitor.width, height: monitor.height)
        let local: Rect
        if var geometry {
            if dock == nil { geometry.size = Self.fitting(geometry.size, in: size) }
            var frame = geometry.frame(on: size)
            if geometry.y == nil, dock == .top { frame.y = 0 }
            local = dock == nil ? Self.fit(frame, in: size) : frame
        } else {
            let height = min(size.height, max(40, Int((Double(size.height) / 3 * scale).rounded())))
            local = Rect(x: 0, y: dock == .top ? 0 : size.height - height, width: size.width, height: height)
        }
        return Rect(x: monitor.x + local.x, y: monitor.y + local.y, width: local.width, height: local.height)
    }

    /// `size`, scaled down by one factor for both sides until it fits in `bounds` (never below
    /// one pixel a side); unchanged when it fits.
    public static func fitting(_ size: Size, in bounds: Size) -> Size {
        guard size.width > bounds.width || size.height > bounds.height, size.width > 0, size.height > 0 else { return size }
        let factor = min(Double(bounds.width) / Double(size.width), Double(bounds.height) / Double(size.height))
        return Size(width: min(bounds.width, max(1, Int(Double(size.width) * factor))),
                    height: min(bounds.height, max(1, Int(Double(size.height) * factor))))
    }

    /// A frame relative to a monitor's origin (`frame`), fitted to a monitor of `bounds` size:
    /// scaled down if it does not fit (see `fitting`), then moved (not resized) to lie inside.
    public static func fit(_ frame: Rect, in bounds: Size) -> Rect {
        let size = fitting(Size(width: frame.width, height: frame.height), in: bounds)
        let x = max(0, min(frame.x, bounds.width - size.width))
        let y = max(0, min(frame.y, bounds.height - size.height))
        return Rect(x: x, y: y, width: size.width, height: size.height)
    }
}
