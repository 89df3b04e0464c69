extension Layout {
    /// The layout with each layer's `shuffled-digit` slots replaced by text keys "0" to "9" in a
    /// random order drawn from `rng` (a new deal each call; each layer dealt on its own).
    ///
    /// The loader guarantees ten slots per layer that has any; with other counts (layouts built
    /// in code) the digits are dealt from a shuffled 0-9 and repeat after ten.
    public func dealingShuffledDigits<G: RandomNumberGenerator>(using rng: inout G) -> Layout {
        var copy = self
        for i in copy.layers.indices {
            var digits = Array(0...9)
            digits.shuffle(using: &rng)
            copy.layers[i].root = Self.deal(digits, into: copy.layers[i].root)
        }
        return copy
    }

    /// The layout with each layer's `shuffled-digit` slots replaced by "1" to "9" then "0" in
    /// document order, the order of a phone pad (for `--no-shuffle`).
    public func dealingDigitsInOrder() -> Layout {
        var copy = self
        for i in copy.layers.indices {
            copy.layers[i].root = Self.deal([1, 2, 3, 4, 5, 6, 7, 8, 9, 0], into: copy.layers[i].root)
        }
        return copy
    }

    /// Whether any layer has `shuffled-digit` slots still to deal.
    public var hasShuffledDigits: Bool {
        layers.contains { $0.root.keys.contains { $0.action == .shuffledDigit } }
    }

    private static func deal(_ digits: [Int], into stack: Stack) -> Stack {
        var next = 0
        return stack.mapKeys { key in
            guard key.action == .shuffledDigit else { return key }
            let digit = String(digits[next % digits.count])
            next += 1
            return Key(label: digit, action: .text(digit), weight: key.weight, style: .normal, repeats: false)
        }
    }
}
