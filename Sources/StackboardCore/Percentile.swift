/// One definition of a percentile for every measured figure the project prints
/// (`stackboard words evaluate` and the benchmark programs).
public enum Percentile {
    /// The value at fraction `p` of `sorted` (ascending): the nearest rank over n − 1, so that 0
    /// is the smallest value, 1 the largest and 0.5 the middle one (of two middle ones, the
    /// upper). `p` outside 0...1 is taken as the nearer end; nil when there are no values.
    public static func of(_ sorted: [Double], _ p: Double) -> Double? {
        guard let last = sorted.indices.last else { return nil }
        let fraction = p.isNaN ? 0.5 : min(1, max(0, p))
        return sorted[min(last, Int((Double(last) * fraction).rounded()))]
    }
}
