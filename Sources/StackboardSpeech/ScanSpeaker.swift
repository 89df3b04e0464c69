/// What says texts: the `Speaker` (a fake in tests).
public protocol Speaking: AnyObject {
    /// Says `text`, cutting off what is still being said.
    func say(_ text: String)
    /// Stops what is being said.
    func silence()
    /// Collects what has ended, without waiting.
    func collect()
}

extension Speaker: Speaking {}

/// Spoken scanning at work: the highlight of each turn in (`ScanSpeech` decides), the words out
/// through the `Speaker`. The keyboard holds one only with `--speak`.
public final class ScanSpeaker {
    private var speech: ScanSpeech
    private let speaker: Speaking

    /// Scanning spoken with `words` through `speaker`.
    public init(words: SpokenText, speaker: Speaking) {
        speech = ScanSpeech(words: words)
        self.speaker = speaker
    }

    /// The highlight of this turn (see `ScanSpeech.utterance`): a change is said at once,
    /// cutting off what is still being said.
    public func highlight(_ highlight: SpokenHighlight?, keys: [Int], layer: String, secure: Bool) {
        guard let text = speech.utterance(for: highlight, keys: keys, layer: layer, secure: secure) else {
            return speaker.collect() // an engine that has finished is not left a zombie until the next text
        }
        speaker.say(text)
    }

    /// Stops speaking (the keyboard was hidden); the next highlight is said even if the same.
    public func silence() {
        speaker.silence()
        speech.forget()
    }
}
