/// The dwell-click ring's outline as rows of rectangles, for the X Shape extension: an annulus of
/// outer diameter `diameter` and `thickness` pixels, so that the window shows only the ring and
/// the pointer inside it stays in view. Each row of pixels whose centre lies in the annulus is
/// one rectangle (a row crossing the hole is two).
public enum RingShape {
    /// The rectangles of the annulus in a `diameter` square (`thickness` at least 1).
    public static func rows(diameter: Int, thickness: Int) -> [Rect] {
        guard diameter > 0 else { return [] }
        let outer = Double(diameter) / 2
        let inner = max(0, outer - Double(max(1, thickness)))
        var rects: [Rect] = []
        for y in 0..<diameter {
            let dy = Double(y) + 0.5 - outer
            guard abs(dy) < outer else { continue }
            let outerHalf = (outer * outer - dy * dy).squareRoot()
            let left = Int((outer - outerHalf).rounded()), right = Int((outer + outerHalf).rounded())
            guard right > left else { continue }
            if abs(dy) < inner {
                let innerHalf = (inner * inner - dy * dy).squareRoot()
                let holeLeft = Int((outer - innerHalf).rounded()), holeRight = Int((outer + innerHalf).rounded())
                if holeLeft > left { rects.append(Rect(x: left, y: y, width: holeLeft - left, height: 1)) }
                if right > holeRight { rects.append(Rect(x: holeRight, y: y, width: right - holeRight, height: 1)) }
            } else {
                rects.append(Rect(x: left, y: y, width: right - left, height: 1))
            }
        }
        return rects
    }
}
