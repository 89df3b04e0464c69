import StackboardCore

/// Simulated taps for the evaluation: each letter tapped at its key's centre moved by a 2-D
/// Gaussian (σ in key widths, the same on both axes), seeded so that a run can be repeated. The
/// key typed is the letter key nearest to where the tap landed (a tap off the letters still types
/// a letter: the simulation leaves out taps on space or backspace).
public struct TapNoise: Sendable {
    /// The spread, in key widths.
    public let sigma: Double
    private let keyboard: SwipeKeyboard
    private var rng: SplitMix64

    /// Noise of `sigma` key widths on the letter keys of `geometry`, from `seed`.
    public init(geometry: KeyboardGeometry, sigma: Double, seed: UInt64) {
        keyboard = SwipeKeyboard(geometry: geometry)
        self.sigma = max(0, sigma)
        rng = SplitMix64(seed: seed)
    }

    /// Whether the layer has letter keys to tap.
    public var hasLetters: Bool { keyboard.letters.count >= 10 }

    /// A tap meant for `character`: the character typed (in the meant one's case) and where the
    /// tap landed; nil when the layer has no key for it (it is then typed as it is).
    public mutating func tap(_ character: Character) -> (typed: Character, point: TapPoint)? {
        let lower = Character(character.lowercased())
        guard let meant = keyboard.letters.first(where: { $0.character == lower }) else { return nil }
        let (nx, ny) = SwipeMath.normalPair(&rng)
        let point = TapPoint(x: meant.x + nx * sigma * keyboard.unit, y: meant.y + ny * sigma * keyboard.unit)
        var best = meant, bestDistance = Double.infinity
        for letter in keyboard.letters {
            let d = (letter.x - point.x) * (letter.x - point.x) + (letter.y - point.y) * (letter.y - point.y)
            if d < bestDistance { best = letter; bestDistance = d }
        }
        let typed = character.isUppercase ? Character(best.character.uppercased()) : best.character
        return (typed.uppercased().count == 1 || !character.isUppercase ? typed : best.character, point)
    }
}
