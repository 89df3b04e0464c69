import StackboardCore
/// Polylines in key widths: resampling by length and distances.
enum SwipeGeometry {
    /// A point in key widths.
    struct XY: Equatable, Sendable {
        var x: Double, y: Double
        init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    }

    static func distance2(_ a: XY, _ b: XY) -> Double {
        let dx = a.x - b.x, dy = a.y - b.y
        return dx * dx + dy * dy
    }

    /// Σ d² of each letter to the path point it is matched to, the matches in order along the
    /// path, the first letter on the first point and the last on the last (dynamic programming).
    static func alignedLetterCost(_ letters: [XY], _ line: [XY], work: inout [Double]) -> Double {
        let n = line.count, k = letters.count
        guard n > 0, k > 0 else { return 0 }
        // work[j]: the best cost of letters 0...i with letter i on point j.
        work.removeAll(keepingCapacity: true)
        for j in 0..<n { work.append(j == 0 ? distance2(letters[0], line[0]) : .infinity) }
        guard k > 1 else { return work[0] }
        for i in 1..<k {
            var best = Double.infinity
            for j in 0..<n {
                let before = best
                best = min(best, work[j])
                work[j] = i == k - 1 && j != n - 1 ? .infinity : (j == 0 && i > 0 ? .infinity : before) + distance2(letters[i], line[j])
            }
        }
        return work[n - 1] / Double(k)
    }

    /// The dynamic time warping distance between two resampled lines of the same length: the
    /// cheapest monotone matching of their points (within a band of a quarter of their length),
    /// as the mean of the squared distances along it.
    static func elasticCost(_ a: [XY], _ b: [XY], work: inout [Double]) -> Double {
        let n = a.count
        guard n > 0, b.count == n else { return 0 }
        let band = max(2, n / 4)
        work.removeAll(keepingCapacity: true)
        work.append(contentsOf: repeatElement(Double.infinity, count: 2 * n))
        // Two rows of the table: row i at offset (i % 2) * n.
        for i in 0..<n {
            let row = (i % 2) * n, previous = ((i + 1) % 2) * n
            for j in max(0, i - band - 1)...min(n - 1, i + band + 1) { work[row + j] = .infinity }
            for j in max(0, i - band)...min(n - 1, i + band) {
                let d = distance2(a[i], b[j])
                if i == 0 && j == 0 { work[row] = d; continue }
                var best = Double.infinity
                if i > 0 { best = min(best, work[previous + j]) }
                if j > 0 { best = min(best, work[row + j - 1]) }
                if i > 0 && j > 0 { best = min(best, work[previous + j - 1]) }
                work[row + j] = best + d
            }
        }
        return work[((n - 1) % 2) * n + n - 1] / Double(2 * n)
    }

    /// The letters matched, in order, to the points of `line` (the first to the first point, the
    /// last to the last): the sum of the squared distances, and the points' indices.
    static func matchedLetters(_ letters: [XY], _ line: [XY]) -> (sum: Double, points: [Int]) {
        let n = line.count, k = letters.count
        guard n > 1, k > 1, k <= n else { return (0, []) }
        var cost = [Double](repeating: .infinity, count: k * n)
        var from = [Int](repeating: 0, count: k * n)
        cost[0] = distance2(letters[0], line[0])
        for i in 1..<k {
            var best = Double.infinity, bestAt = 0
            for j in 1..<n {
                if cost[(i - 1) * n + j - 1] < best { best = cost[(i - 1) * n + j - 1]; bestAt = j - 1 }
                if i == k - 1 && j != n - 1 { continue }
                cost[i * n + j] = best + distance2(letters[i], line[j])
                from[i * n + j] = bestAt
            }
        }
        var points = [Int](repeating: n - 1, count: k)
        for i in stride(from: k - 1, to: 0, by: -1) { points[i - 1] = from[i * n + points[i]] }
        return (cost[(k - 1) * n + n - 1], points)
    }

    /// The mean of the squared distances from each point of `line` to the polyline `word`.
    static func strayCost(_ line: [XY], _ word: [XY]) -> Double {
        guard !line.isEmpty, let first = word.first else { return 0 }
        var sum = 0.0
        for p in line {
            var best = distance2(p, first)
            if word.count > 1 {
                for i in 1..<word.count { best = min(best, segmentDistance2(p, word[i - 1], word[i])) }
            }
            sum += best
        }
        return sum / Double(line.count)
    }

    /// The squared distance from `p` to the segment `a`–`b`.
    static func segmentDistance2(_ p: XY, _ a: XY, _ b: XY) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        guard length2 > 0 else { return distance2(p, a) }
        let t = min(1, max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2))
        return distance2(p, XY(a.x + dx * t, a.y + dy * t))
    }

    /// The points without consecutive repeats.
    static func dedup(_ points: [XY]) -> [XY] {
        var out: [XY] = []
        out.reserveCapacity(points.count)
        for p in points where out.last != p { out.append(p) }
        return out
    }

    /// `count` points evenly spaced along the polyline (its first and last point included).
    static func resample(_ points: [XY], count: Int) -> [XY] {
        var out: [XY] = []
        resample(points, count: count, into: &out)
        return out
    }

    /// `resample`, into a reused array.
    static func resample(_ points: [XY], count: Int, into out: inout [XY]) {
        out.removeAll(keepingCapacity: true)
        guard let first = points.first, count > 1 else { return }
        var total = 0.0
        for i in 1..<max(1, points.count) { total += distance2(points[i - 1], points[i]).squareRoot() }
        guard total > 0, points.count > 1 else {
            out = Array(repeating: first, count: count)
            return
        }
        let step = total / Double(count - 1)
        out.append(first)
        var segment = 1, segmentStart = 0.0
        var segmentLength = distance2(points[0], points[1]).squareRoot()
        for k in 1..<(count - 1) {
            let target = Double(k) * step
            while segmentStart + segmentLength < target, segment < points.count - 1 {
                segmentStart += segmentLength
                segment += 1
                segmentLength = distance2(points[segment - 1], points[segment]).squareRoot()
            }
            let a = points[segment - 1], b = points[segment]
            let t = segmentLength > 0 ? min(1, max(0, (target - segmentStart) / segmentLength)) : 0
            out.append(XY(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t))
        }
        out.append(points[points.count - 1])
    }
}
