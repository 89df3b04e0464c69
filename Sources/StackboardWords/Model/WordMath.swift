import StackboardCore
/// The word models' costs (`-ln p × 1024`) as probabilities.
enum WordMath {
    /// The probability of a cost (`-ln p × 1024`).
    static func probability(cost: Int) -> Double { PureMath.exp(-Double(cost) / ShippedWordModel.costScale) }

    /// A stored cost in nats (`-ln p`).
    static func cost(_ stored: Int) -> Double { Double(stored) / ShippedWordModel.costScale }
}
