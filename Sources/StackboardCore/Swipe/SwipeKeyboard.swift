/// The letter keys of a layer as the swipe decoder sees them: each letter's key centre, and the
/// unit distances are measured in (the letter keys' mean width).
public struct SwipeKeyboard: Equatable, Sendable {
    /// One letter key.
    public struct Letter: Equatable, Sendable {
        /// The letter, lower case.
        public var character: Character
        /// The key's index in the layer.
        public var keyIndex: Int
        /// The centre of its frame, window pixels.
        public var x: Double, y: Double
    }

    /// The letter keys in layer order (a letter that appears twice counts once, its first key).
    public let letters: [Letter]
    /// The letter keys' mean width in pixels (at least 1): the unit of every distance.
    public let unit: Double
    let slotOf: [Character: Int]

    /// The letter keys of `geometry`: text keys that type one letter.
    public init(geometry: KeyboardGeometry) {
        var letters: [Letter] = []
        var slotOf: [Character: Int] = [:]
        var width = 0.0
        for placed in geometry.keys where placed.key.style != .blank && !placed.frame.isEmpty {
            guard case .text(let text) = placed.key.action, text.count == 1, text.first?.isLetter == true else { continue }
            let lower = text.lowercased()
            guard lower.count == 1, let c = lower.first, slotOf[c] == nil, letters.count < 250 else { continue }
            slotOf[c] = letters.count
            letters.append(Letter(character: c, keyIndex: placed.index,
                                  x: Double(placed.frame.x) + Double(placed.frame.width) / 2,
                                  y: Double(placed.frame.y) + Double(placed.frame.height) / 2))
            width += Double(placed.frame.width)
        }
        self.letters = letters
        self.slotOf = slotOf
        unit = letters.isEmpty ? 1 : max(1, width / Double(letters.count))
    }

    /// The letters in slot order: two keyboards with the same signature index words alike.
    public var signature: String { String(letters.map(\.character)) }

    /// Whether the layer has enough letters to swipe on (a numbers layer has none).
    public var canSwipe: Bool { letters.count >= 10 }

    /// The letter slots a finger passes to write `word`: each character's key (through `fold`
    /// when the layer has none for it), a repeated letter once, characters that are not letters
    /// (an apostrophe, a hyphen) skipped. Nil when a letter has no key at all.
    public func slots(of word: String, fold: (Character) -> Character?) -> [UInt8]? {
        var out: [UInt8] = []
        for c in word.lowercased() {
            let slot = slotOf[c] ?? fold(c).flatMap { slotOf[$0] ?? slotOf[Character($0.lowercased())] }
            guard let slot else {
                if c.isLetter { return nil }
                continue
            }
            if out.last != UInt8(slot) { out.append(UInt8(slot)) }
        }
        return out
    }
}
