import Testing
import StackboardCore
@testable import StackboardWords

@Suite struct WordsPredictorTests {
    let predictor = WordPredictor(shipped: TinyWords.model(), learned: UserWordModel(fold: TinyWords.model().fold))

    @Test func completionRanksTheWordsWithThePrefixBestFirst() {
        #expect(predictor.candidates(prefix: "hel", context: .unknown, limit: 3) == ["hello", "help", "helmet"])
        #expect(predictor.candidates(prefix: "hel", context: .unknown, limit: 1) == ["hello"])
        #expect(predictor.candidates(prefix: "xyz", context: .unknown, limit: 3).isEmpty)
        #expect(predictor.candidates(prefix: "a", context: .unknown, limit: 0).isEmpty)
    }

    @Test func thePreviousWordReordersCompletions() {
        // After "the", "helmet" (a pair) outranks the more frequent "hello" and "help".
        #expect(predictor.candidates(prefix: "hel", context: .after("the"), limit: 3).first == "helmet")
        #expect(predictor.candidates(prefix: "hel", context: .after("The"), limit: 1) == ["helmet"])
    }

    @Test func theTwoWordsBeforeUseTheModelsTriples() {
        #expect(predictor.candidates(prefix: "", context: .after("the"), limit: 1) == ["cat"])
        #expect(predictor.candidates(prefix: "", context: .after("the"), before: .after("in"), limit: 1) == ["helmet"])
        #expect(predictor.candidates(prefix: "", context: .after("the"), before: .sentenceStart, limit: 1) == ["world"])
        #expect(predictor.candidates(prefix: "", context: .after("the"), before: .after("of"), limit: 1) == ["cat"])
    }

    @Test func predictionAfterASpaceComesFromThePreviousWord() {
        #expect(predictor.candidates(prefix: "", context: .after("hello"), limit: 1) == ["world"])
        #expect(predictor.candidates(prefix: "", context: .after("the"), limit: 2) == ["cat", "helmet"])
        #expect(predictor.candidates(prefix: "", context: .sentenceStart, limit: 2) == ["the", "hello"])
        #expect(predictor.candidates(prefix: "", context: .unknown, limit: 3) == ["the", "of", "and"])
    }

    @Test func matchingIgnoresAccentsAndCase() {
        #expect(predictor.candidates(prefix: "cafe", context: .unknown, limit: 3) == ["café"])
        #expect(predictor.candidates(prefix: "CAF", context: .unknown, limit: 3) == ["café"])
        #expect(predictor.candidates(prefix: "par", context: .unknown, limit: 3) == ["Paris"])
    }

    @Test func learnedWordsAreSuggestedAndLearnedPairsWin() {
        var learned = UserWordModel(fold: TinyWords.model().fold)
        for _ in 0..<5 { learned.learn("helix", after: .after("a")) }
        var p = predictor
        p.learned = learned
        #expect(p.candidates(prefix: "heli", context: .unknown, limit: 3) == ["helix"])
        #expect(p.candidates(prefix: "", context: .after("a"), limit: 1) == ["helix"])
        #expect(p.candidates(prefix: "hel", context: .after("a"), limit: 1) == ["helix"])
    }
}
