extension KeyboardState {
    /// How far (pixels) a grip or corner press may move before it drags the window.
    static let dragSlop = 10
    /// The side (pixels) of the square in each corner of a floating keyboard where a drag resizes.
    static let cornerZone = 18
    /// The longest time (seconds) between the two taps of a double tap on the grip.
    public static let doubleTapInterval = 0.4

    /// Tells the state what the window can do (the grip and the corners act accordingly); a
    /// press in progress keeps what it began as.
    public mutating func setWindowControl(_ control: WindowControl) -> [Effect] {
        mutate(now: nil) { state in
            state.windowControl = control
            state.lastGripTap = nil
            return []
        }
    }

    /// The corner whose zone holds `point`, if any.
    func corner(at point: Point) -> Corner? {
        let size = geometry.size, zone = Self.cornerZone
        guard size.width > 3 * zone, size.height > 3 * zone else { return nil }
        let left = point.x < zone, right = point.x >= size.width - zone
        let top = point.y < zone, bottom = point.y >= size.height - zone
        switch (left, right, top, bottom) {
        case (true, _, true, _): return .topLeft
        case (_, true, true, _): return .topRight
        case (true, _, _, true): return .bottomLeft
        case (_, true, _, true): return .bottomRight
        default: return nil
        }
    }

    /// What dragging this press would do to the window now (nil: nothing).
    func windowDrag(of track: PointerTrack) -> WindowDragKind? {
        guard windowControl == .floating else { return nil }
        if let corner = track.corner { return .resize(corner) }
        return track.grip ? .move : nil
    }

    /// A tap on the grip: the second within `doubleTapInterval` of the first docks or undocks.
    mutating func gripTapped(now: Double) -> [Effect] {
        if let last = lastGripTap, now - last <= Self.doubleTapInterval, now >= last {
            lastGripTap = nil
            return [.toggleDock]
        }
        lastGripTap = now
        return []
    }

    static func distanceSquared(_ a: Point, _ b: Point) -> Int {
        let dx = a.x - b.x, dy = a.y - b.y
        return dx * dx + dy * dy
    }
}
