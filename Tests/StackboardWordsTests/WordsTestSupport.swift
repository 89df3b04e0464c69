import StackboardCore
@testable import StackboardWords

/// A hand-made model small enough to reason about: ids in frequency order.
enum TinyWords {
    static let words: [(String, Double)] = [
        ("the", 0.2), ("of", 0.1), ("and", 0.08), ("to", 0.07), ("a", 0.06), ("in", 0.05),
        ("hello", 0.03), ("help", 0.02), ("world", 0.02), ("café", 0.01), ("Paris", 0.01),
        ("helmet", 0.005), ("cat", 0.005), ("l'", 0.004), ("homme", 0.003), ("don't", 0.003),
    ]
    static func id(_ word: String) -> Int { words.firstIndex { $0.0 == word } ?? -1 }
    static var sentenceStart: Int { words.count }
    static let fold: [UInt32: UInt32?] = {
        var table = Dictionary(uniqueKeysWithValues: (0x300..<0x370).map { (UInt32($0), UInt32?.none) })
        table[0xE9] = 0x65   // é → e
        table[0xC9] = 0x65   // É → e
        return table
    }()

    static var bytes: [UInt8] {
        WordModelWriter.encode(language: "en", words: words, pairs: [
            id("hello"): [(id("world"), 0.6)],
            id("the"): [(id("cat"), 0.3), (id("helmet"), 0.2)],
            sentenceStart: [(id("the"), 0.4), (id("hello"), 0.2)],
            id("l'"): [(id("homme"), 0.5)],
        ], backoff: [id("hello"): 0.4, id("the"): 0.5, sentenceStart: 0.4, id("l'"): 0.5], fold: fold,
           triples: [[id("in"), id("the")]: [(id("helmet"), 0.7)], [sentenceStart, id("the")]: [(id("world"), 0.5)]],
           tripleBackoff: [[id("in"), id("the")]: 0.3, [sentenceStart, id("the")]: 0.5])
    }

    static func model() -> ShippedWordModel {
        do { return try ShippedWordModel(storage: bytes, file: "tiny.words") } catch { preconditionFailure("the tiny model does not load: \(error)") }
    }

    static func session(slots: Int = 3, privacy: WordPrivacy = .normal, atSentenceStart: Bool = false) -> SuggestionSession {
        let model = model()
        return SuggestionSession(predictor: WordPredictor(shipped: model, learned: UserWordModel(fold: model.fold)),
                                 slots: slots, privacy: privacy, atSentenceStart: atSentenceStart)
    }
}

extension SuggestionSession {
    /// Types each character of `text` (a newline is return) and applies the edits to `buffer`.
    mutating func type(_ text: String, into buffer: inout String) {
        for c in text {
            if c == "\n" { key(.return); buffer.append("\n"); continue }
            buffer.apply(typed(String(c)))
        }
    }
}

extension String {
    /// Carries out an edit at the end of the text.
    mutating func apply(_ edit: TextEdit) {
        removeLast(Swift.min(edit.deleteCount, count))
        append(edit.text)
    }
}

struct EmptySlot: Error {}

extension SuggestionSession {
    /// `accept(slot)`, throwing when the slot is empty.
    mutating func tap(_ slot: Int) throws -> TextEdit {
        guard let edit = accept(slot) else { throw EmptySlot() }
        return edit
    }
}
