import StackboardCore
import StackboardSpeech
import Testing

/// When the keyboard speaks: only when the highlight moved, never into a secret.
@Suite struct ScanSpeechTests {
    let q = SpokenKey(action: .text("q"), label: "q")
    let w = SpokenKey(action: .text("w"), label: "w")
    var row: SpokenHighlight { .group([q, w]) }

    @Test func onlyAChangeIsSpoken() {
        var speech = ScanSpeech()
        #expect(speech.utterance(for: row, keys: [0, 1], layer: "letters", secure: false) == "row: q w")
        #expect(speech.utterance(for: row, keys: [0, 1], layer: "letters", secure: false) == nil, "the same highlight after another turn")
        #expect(speech.utterance(for: .key(q), keys: [0], layer: "letters", secure: false) == "q")
        #expect(speech.utterance(for: .back, keys: [], layer: "letters", secure: false) == "back")
        #expect(speech.utterance(for: .back, keys: [], layer: "letters", secure: false) == nil)
        #expect(speech.utterance(for: .key(q), keys: [0], layer: "letters", secure: false) == "q")
    }

    @Test func anotherLayerAtTheSamePlacesIsAChange() {
        var speech = ScanSpeech()
        let one = SpokenKey(action: .text("1"), label: "1")
        #expect(speech.utterance(for: .key(q), keys: [0], layer: "letters", secure: false) == "q")
        #expect(speech.utterance(for: .key(one), keys: [0], layer: "symbols", secure: false) == "1")
    }

    @Test func nothingHighlightedSaysNothingAndMakesTheNextHighlightNews() {
        var speech = ScanSpeech()
        #expect(speech.utterance(for: row, keys: [0, 1], layer: "letters", secure: false) != nil)
        #expect(speech.utterance(for: nil, keys: [], layer: "letters", secure: false) == nil)
        #expect(speech.utterance(for: row, keys: [0, 1], layer: "letters", secure: false) == "row: q w")
        speech.forget()
        #expect(speech.utterance(for: row, keys: [0, 1], layer: "letters", secure: false) == "row: q w")
    }

    @Test func neverInASecureFieldNorLateAfterIt() {
        var speech = ScanSpeech()
        #expect(speech.utterance(for: row, keys: [0, 1], layer: "letters", secure: true) == nil)
        #expect(speech.utterance(for: .key(q), keys: [0], layer: "letters", secure: true) == nil)
        #expect(speech.utterance(for: .key(w), keys: [1], layer: "letters", secure: true) == nil)
        // The field is left: the highlight it had is not said late; the next one is.
        #expect(speech.utterance(for: .key(w), keys: [1], layer: "letters", secure: false) == nil)
        #expect(speech.utterance(for: .key(q), keys: [0], layer: "letters", secure: false) == "q")
    }
}
