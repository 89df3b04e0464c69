import Testing
import StackboardCore
@testable import StackboardWords

/// A model with an ending back-off: after a word ending in -ая the words ending in -ая weigh three
/// times their unigram probability, after -ый the words in -ый; after the word на (a class of its
/// own, not the ending of страна) nothing changes.
enum EndingWords {
    static let words: [(String, Double)] = [
        ("на", 0.3), ("новый", 0.2), ("новая", 0.15), ("красный", 0.1), ("красная", 0.1), ("страна", 0.1),
    ]
    static func id(_ word: String) -> Int { words.firstIndex { $0.0 == word } ?? -1 }
    static let endings = WordModelWriter.Endings(
        letters: 2, contextLetters: 2, classes: [" на", "ая", "на", "ый"], contexts: ["", " на", "ая", "ый"],
        contextFactor: [1, 1, 0.5, 0.5], entries: [[], [], [(1, 3)], [(3, 3)]])

    static func bytes(_ endings: WordModelWriter.Endings? = Self.endings) -> [UInt8] {
        WordModelWriter.encode(language: "ru", words: words, pairs: [:], backoff: [:], endings: endings)
    }

    static func model() throws -> ShippedWordModel { try ShippedWordModel(storage: bytes(), file: "endings.words") }
}

@Suite struct WordsEndingsTests {
    @Test func endingClassesAreTheLastLettersOrTheWholeShortWord() {
        func ending(_ word: String, _ letters: Int) -> String {
            let key = Array(word.utf8)
            return key.withUnsafeBytes { raw in
                let found = WordModelView.endingClass(raw, letters: letters)
                return (found.whole ? " " : "") + String(decoding: key[found.start...], as: UTF8.self)
            }
        }
        #expect(ending("страна", 2) == "на")
        #expect(ending("на", 2) == " на")
        #expect(ending("в", 2) == " в")
        #expect(ending("красная", 3) == "ная")
        #expect(ending("café", 2) == "fé")
        #expect(ending("l'", 3) == " l'")
    }

    @Test func theContextClassComesFromTheSpellingOfTheWordBefore() throws {
        let model = try EndingWords.model()
        #expect(model.endingContextCount == 4)
        model.withView { view in
            #expect(view.endingContext(key: []) == 0)
            #expect(view.endingContext(key: Array("на".utf8)) == 1)
            #expect(view.endingContext(key: Array("белая".utf8)) == 2, "a word the model lacks has a class too")
            #expect(view.endingContext(key: Array("страна".utf8)) == nil, "the ending на is not the word на")
            #expect(view.endingContext(key: Array("синее".utf8)) == nil)
            let afterAya = 2
            #expect(WordMath.probability(cost: view.endingCost(afterAya, EndingWords.id("новая"))) > 2.99)
            #expect(abs(WordMath.probability(cost: view.endingCost(afterAya, EndingWords.id("новый"))) - 0.5) < 0.001)
            #expect(view.endingCost(afterAya, -1) == 0)
            #expect(view.endingCost(99, 0) == 0)
        }
    }

    @Test func theEndingOfTheWordBeforeReordersTheUnigramBackOff() throws {
        let model = try EndingWords.model()
        let predictor = WordPredictor(shipped: model, learned: UserWordModel(fold: model.fold))
        #expect(predictor.candidates(prefix: "нов", context: .unknown, limit: 2) == ["новый", "новая"])
        #expect(predictor.candidates(prefix: "нов", context: .after("красная"), limit: 2) == ["новая", "новый"])
        #expect(predictor.candidates(prefix: "нов", context: .after("Белая"), limit: 2) == ["новая", "новый"])
        #expect(predictor.candidates(prefix: "нов", context: .after("красный"), limit: 2) == ["новый", "новая"])
        #expect(predictor.candidates(prefix: "нов", context: .after("на"), limit: 2) == ["новый", "новая"])
        #expect(predictor.candidates(prefix: "нов", context: .sentenceStart, limit: 2) == ["новый", "новая"])
        let plain = try ShippedWordModel(storage: EndingWords.bytes(nil), file: "plain.words")
        #expect(plain.endingContextCount == 0)
        let without = WordPredictor(shipped: plain, learned: UserWordModel(fold: plain.fold))
        #expect(without.candidates(prefix: "нов", context: .after("красная"), limit: 2) == ["новый", "новая"])
    }

    @Test func everyCutOfAModelWithEndingsIsRefused() {
        let bytes = EndingWords.bytes()
        for length in stride(from: 0, to: bytes.count, by: 5) {
            #expect(throws: WordModelError.self) { try ShippedWordModel(storage: Array(bytes.prefix(length)), file: "cut.words") }
        }
    }

    @Test func damagedEndingTablesAreRefusedWithAMessage() throws {
        let good = EndingWords.bytes()
        let s = try EndingWords.model().sections
        func damaged(_ at: Int, _ value: UInt32) -> [UInt8] {
            var b = good
            withUnsafeBytes(of: value.littleEndian) { for (i, x) in $0.enumerated() { b[at + i] = x } }
            return b
        }
        func damaged16(_ at: Int, _ value: UInt16) -> [UInt8] {
            var b = good
            withUnsafeBytes(of: value.littleEndian) { for (i, x) in $0.enumerated() { b[at + i] = x } }
            return b
        }
        var newer = EndingWords.endings
        newer.version = 2
        var unsorted = EndingWords.endings
        unsorted.classes = ["ая", " на", "на", "ый"]
        var disordered = EndingWords.endings
        disordered.entries = [[], [], [(3, 3), (1, 3)], [(3, 3)]]
        let cases: [(String, [UInt8], String)] = [
            ("newer version", EndingWords.bytes(newer), "version 2"),
            ("unsorted classes", EndingWords.bytes(unsorted), "not sorted"),
            ("entries out of order", EndingWords.bytes(disordered), "out of order"),
            ("section size", damaged(60, UInt32(good.count - s.endingText + 32 + 4)), ""),
            ("letters", damaged(s.endingText - 32 + 4, 0), "out of range"),
            ("class count", damaged(s.endingText - 32 + 12, 70_000), "out of range"),
            ("class end", damaged(s.endingEnds + 4, 999), "class 0"),
            ("entry start", damaged(s.entryStart + 4, 999), "end before they start"),
            ("last entry start", damaged(s.entryStart + 16, 3), "span"),
            ("entry class", damaged16(s.entryClass, 9), "out of range"),
        ]
        for (name, bytes, words) in cases {
            let error = try #require(throws: WordModelError.self, "\(name)") { try ShippedWordModel(storage: bytes, file: "bad.words") }
            #expect(error.description.hasPrefix("bad.words: "), "\(name)")
            #expect(error.message.contains("make-words.py"), "\(name)")
            #expect(error.message.contains(words), "\(name): \(error.message)")
        }
    }
}
