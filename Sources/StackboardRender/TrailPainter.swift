import StackboardCore

extension KeyboardPainter {
    /// How many of a swipe's last points its trail shows.
    public static let trailPoints = 48

    /// The trail's line width for keys of `unit` pixels: a tenth of a key, at least 4 pixels.
    public func trailWidth(unit: Double) -> Double { max(4 * scale, unit / 10) }

    /// Paints the fading trail of a swipe: its last `trailPoints` points joined up in the
    /// highlight colour, full width at the finger and thinning out towards the tail (opaque, so
    /// that the joints do not show). Returns the rectangle it painted (empty for fewer than two
    /// points).
    public func paintTrail(_ ctx: CairoContext, path: [Point], unit: Double) -> Rect {
        let points = Array(path.suffix(Self.trailPoints))
        guard points.count >= 2 else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        let width = trailWidth(unit: unit)
        for i in 1..<points.count {
            let age = Double(points.count - 1 - i) / Double(points.count - 1) // 0 at the finger
            ctx.strokeLine(from: (Double(points[i - 1].x), Double(points[i - 1].y)), to: (Double(points[i].x), Double(points[i].y)),
                           width: max(1, width * (1 - age)), color: theme.highlight)
        }
        return Self.bounds(of: points, margin: Int(width.rounded(.up)) + 1)
    }

    /// The rectangle a trail of `path` covers (what `paintTrail` would paint).
    public func trailBounds(path: [Point], unit: Double) -> Rect {
        let points = Array(path.suffix(Self.trailPoints))
        guard points.count >= 2 else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return Self.bounds(of: points, margin: Int(trailWidth(unit: unit).rounded(.up)) + 1)
    }

    /// Paints the keyboard again inside `region` only: the background, then every key that
    /// reaches into it (erases a trail).
    public func paintRegion(_ ctx: CairoContext, geometry: KeyboardGeometry, region: Rect, shifted: Bool,
                            states: (Int) -> KeyVisual, pendingMorse: String?) {
        TextLock.held {
            paintRegionLocked(ctx, geometry: geometry, region: region, shifted: shifted, states: states, pendingMorse: pendingMorse)
        }
    }

    private func paintRegionLocked(_ ctx: CairoContext, geometry: KeyboardGeometry, region: Rect, shifted: Bool,
                                   states: (Int) -> KeyVisual, pendingMorse: String?) {
        guard !region.isEmpty else { return }
        ctx.save()
        ctx.clip(to: RectD(region))
        ctx.fill(region, with: theme.background)
        for placed in geometry.keys where placed.frame.intersects(region) {
            paintKey(ctx, placed, shifted: shifted, state: states(placed.index), pendingMorse: pendingMorse)
        }
        ctx.restore()
    }

    static func bounds(of points: [Point], margin: Int) -> Rect {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for p in points {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        return Rect(x: minX - margin, y: minY - margin, width: maxX - minX + 2 * margin, height: maxY - minY + 2 * margin)
    }
}
