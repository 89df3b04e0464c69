import StackboardCore

/// When a scan highlight is spoken: the keyboard tells it the highlight after each turn, and it
/// answers with the words to say, or nil.
///
/// Rules (tested in Tests/StackboardSpeechTests/ScanSpeechTests.swift):
/// - Only a change is spoken: the same keys of the same layer highlighted again after a turn say
///   nothing; another layer at the same places is a change.
/// - Nothing highlighted (scanning paused or off) says nothing, and the next highlight is news.
/// - Never while the text goes somewhere secret (a password field, a secure entry): the change
///   is taken in silently, so that it is not said late when the field is left either.
public struct ScanSpeech: Sendable {
    /// The wording.
    public var words: SpokenText
    /// Where the highlight was at the last turn (nil: nothing highlighted).
    private var last: Place?

    /// Where a highlight is: the layer and the indices of its keys.
    struct Place: Equatable, Sendable {
        var layer: String
        var keys: [Int]
        var back: Bool
    }

    /// Speech worded by `words`, nothing heard yet.
    public init(words: SpokenText = SpokenText()) { self.words = words }

    /// The words for the highlight of this turn: `highlight` on `keys` of `layer` (nil or no keys:
    /// nothing highlighted); nil when there is nothing new to say or `secure` forbids it.
    public mutating func utterance(for highlight: SpokenHighlight?, keys: [Int], layer: String, secure: Bool) -> String? {
        guard let highlight, !keys.isEmpty || highlight == .back else {
            last = nil
            return nil
        }
        let place = Place(layer: layer, keys: keys, back: highlight == .back)
        guard place != last else { return nil }
        last = place
        return secure ? nil : words.text(for: highlight)
    }

    /// Forgets the last highlight: the next one is spoken even if it is the same (the keyboard
    /// was hidden and shown again).
    public mutating func forget() { last = nil }
}
