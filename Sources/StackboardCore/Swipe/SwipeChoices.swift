/// What a swipe typed and the other words it may have meant: the suggestion bar shows them
/// after the swipe, and tapping one replaces the typed word (and its space) with it. Pure; the
/// keypad runtime keeps one until anything else is typed.
public struct SwipeChoices: Equatable, Sendable {
    /// The word typed (followed by one space).
    public private(set) var typed: String
    /// The other candidates, best first, for the bar's slots.
    public private(set) var alternatives: [String]

    /// The choices after a swipe typed `typed` (alternatives equal to it are dropped).
    public init(typed: String, alternatives: [String]) {
        self.typed = typed
        self.alternatives = alternatives.filter { $0 != typed }
    }

    /// Slot `slot` was tapped: the word to type instead of `typed` (nil: an empty slot). The
    /// choices then offer the replaced word back in that slot.
    public mutating func choose(_ slot: Int) -> String? {
        guard alternatives.indices.contains(slot) else { return nil }
        let chosen = alternatives[slot]
        alternatives[slot] = typed
        typed = chosen
        return chosen
    }
}
