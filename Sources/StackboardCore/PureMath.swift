/// The natural logarithm and exponential in pure Swift (the core links no C math library):
/// accurate to about 1e-15 relative. The word models' costs and the swipe decoder use them.
public enum PureMath {
    /// ln 2.
    public static let ln2 = 0.693_147_180_559_945_309_4

    /// ln x (-infinity for 0, nan for negative x).
    public static func log(_ x: Double) -> Double {
        guard x > 0 else { return x == 0 ? -.infinity : .nan }
        guard x.isFinite else { return x }
        let e = Double(x.exponent), m = x.significand // x = m · 2^e, m in [1, 2)
        let z = (m - 1) / (m + 1), z2 = z * z
        var term = z, sum = 0.0, n = 1.0
        while n < 60 {
            sum += term / n
            term *= z2
            n += 2
        }
        return e * ln2 + 2 * sum
    }

    /// e^x (0 for very negative x, +infinity past about 709).
    public static func exp(_ x: Double) -> Double {
        guard x.isFinite else { return x > 0 ? .infinity : 0 }
        if x < -745 { return 0 }
        if x > 709 { return .infinity }
        let k = (x / ln2).rounded(.down)
        let r = x - k * ln2
        var term = 1.0, sum = 1.0
        for n in 1...18 {
            term *= r / Double(n)
            sum += term
        }
        return sum * Double(sign: .plus, exponent: Int(k), significand: 1)
    }
}
