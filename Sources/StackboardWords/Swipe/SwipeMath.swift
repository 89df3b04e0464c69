import StackboardCore
/// Normal noise for synthetic swipes (the evaluation's jittered paths).
enum SwipeMath {
    /// Two independent standard normal numbers from `rng` (the polar Box–Muller method).
    static func normalPair<G: RandomNumberGenerator>(_ rng: inout G) -> (Double, Double) {
        while true {
            let u = Double.random(in: -1..<1, using: &rng), v = Double.random(in: -1..<1, using: &rng)
            let s = u * u + v * v
            guard s > 0, s < 1 else { continue }
            let f = (-2 * PureMath.log(s) / s).squareRoot()
            return (u * f, v * f)
        }
    }
}
