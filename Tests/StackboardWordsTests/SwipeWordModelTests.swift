import Testing
import StackboardCore
@testable import StackboardWords
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The shipped word models as swipe vocabularies: words, pairs and folding as the decoder sees
/// them, and swipes over the shipped qwerty decoded with them.
@Suite struct SwipeWordModelTests {
    static func model(_ language: String) throws -> ShippedWordModel {
        let path = WordsShippedModelsTests.directory + "/" + language + ".words"
        let data = try #require(FileManager.default.contents(atPath: path), "missing \(path)")
        return try ShippedWordModel(storage: [UInt8](data), file: path)
    }

    static let qwerty: KeyboardGeometry = {
        let layout = (try? LayoutCatalog.forCurrentProcess().load("qwerty").withSuggestionSlots(3))
            ?? Layout(name: "none", description: "", layers: [])
        return KeyboardGeometry(layout: layout, layer: layout.layers.first ?? Layer(name: "", root: Stack(axis: .vertical, items: [])),
                                size: Size(width: 1280, height: 400))
    }()

    @Test func theModelListsItsWordsInFrequencyOrderWithTheirPairs() throws {
        let en = try Self.model("en")
        #expect(en.swipeWordCount == en.wordCount)
        var first: [String] = [], costs: [Double] = []
        en.enumerateSwipeWords { rank, word, cost in
            if rank < 5 { first.append(word); costs.append(cost) }
        }
        #expect(first.contains("the") && costs == costs.sorted())
        #expect(en.swipeWord(at: 0) == first[0] && en.swipeWord(at: -1).isEmpty)
        let after = try #require(en.swipeSuccessors(of: "thank"))
        let you = try #require(first.isEmpty ? nil : en.withView { view in view.id(of: "you", fold: en.fold) })
        #expect(after.costs[you] != nil, "'you' follows 'thank'")
        #expect(en.swipeSuccessors(of: "qqqzzz") == nil)
        #expect(en.swipeFold("é") == "e")
    }

    @Test(arguments: ["hello", "world", "keyboard", "because", "thanks", "people"])
    func aCleanSwipeOverQwertyIsDecodedWithTheEnglishModel(word: String) throws {
        let en = try Self.model("en")
        let decoder = SwipeDecoder(vocabulary: en, geometry: Self.qwerty)
        #expect(decoder.keyboard.canSwipe && decoder.wordCount > 50_000)
        var rng = SplitMix64(seed: 1)
        let path = try #require(SwipeEvaluation.path(for: word, keyboard: decoder.keyboard, fold: en.swipeFold, noise: 0.1, rng: &rng))
        #expect(decoder.decode(path, vocabulary: en, previous: nil, limit: 3).first?.word.lowercased() == word, "as the model writes it")
    }

    @Test func thePreviousWordComesFromTheSession() throws {
        var session = SuggestionSession(predictor: WordPredictor(shipped: try Self.model("en"), learned: UserWordModel(fold: try Self.model("en").fold)))
        for c in "thank " { _ = session.typed(String(c)) }
        #expect(session.swipeContext == SwipeContext(previous: "thank", sentenceStart: false))
        session.key(.return)
        #expect(session.swipeContext.sentenceStart)
    }
}
