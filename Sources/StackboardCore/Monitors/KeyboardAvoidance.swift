/// Where a floating keyboard goes so that it does not cover the focused field (Onboard's
/// "prevent occlusion", in screen pixels).
///
/// Rules:
/// - A docked keyboard never moves (the struts already keep maximized windows clear of it).
/// - When the keyboard at its home frame leaves the field (plus `clearance` on every side) uncovered,
///   it stays home.
/// - Otherwise it moves just above, below, left or right of the field, each candidate kept on the
///   screen, and takes the uncovering candidate whose centre is nearest home's.
/// - A field too large to leave uncovered (a tall text area) is replaced by its caret, when known.
/// - When nothing uncovers it, the candidate that covers the least of it wins (ties: nearest home).
public enum KeyboardAvoidance {
    /// The frame for a keyboard whose usual frame is `home`, on `screen`, with `field` focused.
    public static func frame(home: Rect, screen: Rect, field: Rect, caret: Rect? = nil,
                             docked: Bool, clearance: Int = 8) -> Rect {
        guard !docked, !home.isEmpty, !field.isEmpty else { return home }
        var targets = [field]
        if let caret, !caret.isEmpty, caret != field { targets.append(caret) }
        for target in targets {
            let padded = grow(target, by: clearance)
            if !home.intersects(padded) { return home }
            if let best = candidates(home: home, screen: screen, around: padded)
                .filter({ !$0.intersects(padded) })
                .min(by: { distance($0, home) < distance($1, home) }) {
                return best
            }
        }
        let padded = grow(targets.last ?? field, by: clearance)
        let all = [home] + candidates(home: home, screen: screen, around: padded)
        return all.min(by: { a, b in
            let (oa, ob) = (overlap(a, padded), overlap(b, padded))
            return oa != ob ? oa < ob : distance(a, home) < distance(b, home)
        }) ?? home
    }

    /// Above, below, left and right of `target`, each kept on `screen`.
    static func candidates(home: Rect, screen: Rect, around target: Rect) -> [Rect] {
        let w = home.width, h = home.height
        let spots = [
            (home.x, target.y - h), (home.x, target.maxY),
            (target.x - w, home.y), (target.maxX, home.y),
        ]
        return spots.map { clamp(Rect(x: $0.0, y: $0.1, width: w, height: h), to: screen) }
    }

    /// `r` moved (not resized) to lie on `screen` where it fits.
    static func clamp(_ r: Rect, to screen: Rect) -> Rect {
        guard !screen.isEmpty else { return r }
        let x = max(screen.x, min(r.x, screen.maxX - r.width))
        let y = max(screen.y, min(r.y, screen.maxY - r.height))
        return Rect(x: x, y: y, width: r.width, height: r.height)
    }

    static func grow(_ r: Rect, by d: Int) -> Rect {
        Rect(x: r.x - d, y: r.y - d, width: r.width + 2 * d, height: r.height + 2 * d)
    }

    static func overlap(_ a: Rect, _ b: Rect) -> Int {
        let w = min(a.maxX, b.maxX) - max(a.x, b.x), h = min(a.maxY, b.maxY) - max(a.y, b.y)
        return w > 0 && h > 0 ? w * h : 0
    }

    static func distance(_ a: Rect, _ b: Rect) -> Int {
        let dx = (a.x * 2 + a.width) - (b.x * 2 + b.width), dy = (a.y * 2 + a.height) - (b.y * 2 + b.height)
        return dx * dx + dy * dy
    }
}
