import Testing
import StackboardCore
@testable import StackboardWords

/// The swipe decoder and its evaluation on a small word list.
@Suite struct SwipeDecoderTests {
    static let decoder = SwipeDecoder(vocabulary: SwipeFixtures.vocabulary, geometry: SwipeFixtures.geometry)

    static func best(_ word: String, previous: String? = nil, offset: Point = Point(x: 0, y: 0)) -> [String] {
        decoder.decode(SwipeFixtures.path(word, offset: offset), vocabulary: SwipeFixtures.vocabulary, previous: previous, limit: 3).map(\.word)
    }

    @Test(arguments: ["hello", "world", "swipe", "keyboard", "quick", "help", "was"])
    func aCleanPathThroughTheLettersDecodesToItsWord(word: String) {
        #expect(Self.best(word).first == word)
    }

    @Test func aPathAThirdOfAKeyOffStillDecodes() {
        let third = Int(SwipeKeyboard(geometry: SwipeFixtures.geometry).unit / 3)
        #expect(Self.best("hello", offset: Point(x: third, y: 0)).first == "hello")
        #expect(Self.best("keyboard", offset: Point(x: 0, y: -third)).first == "keyboard")
    }

    @Test func wordsWithTheSameLineAreRankedByFrequencyAndThePreviousWord() {
        // w-o-r-d and w-o-r-l-d differ; "word" is the commoner of the two with no context…
        #expect(Self.best("word").first == "word")
        // …and after "hello" the pair makes "world" likelier for a path between the two.
        let unit = SwipeKeyboard(geometry: SwipeFixtures.geometry).unit
        let decoder = Self.decoder
        let ambiguous = SwipeFixtures.path("word")
        let plain = decoder.decode(ambiguous, vocabulary: SwipeFixtures.vocabulary, previous: nil, limit: 5)
        let after = decoder.decode(ambiguous, vocabulary: SwipeFixtures.vocabulary, previous: "hello", limit: 5)
        let costPlain = plain.first { $0.word == "world" }?.cost ?? .infinity
        let costAfter = after.first { $0.word == "world" }?.cost ?? .infinity
        #expect(costAfter < costPlain, "unit \(unit)")
    }

    @Test func apostrophesAreSkippedAndOneLetterWordsAreNotSwiped() {
        #expect(Self.best("dont").first == "don't")
        #expect(Self.decoder.wordCount == SwipeFixtures.vocabulary.swipeWordCount - 1) // "I" is tapped
    }

    @Test func theCandidatesDifferIgnoringCaseAndThereAreAtMostTheLimit() {
        let found = Self.decoder.decode(SwipeFixtures.path("hello"), vocabulary: SwipeFixtures.vocabulary, previous: nil, limit: 2)
        #expect(found.count == 2)
        #expect(Set(found.map { $0.word.lowercased() }).count == found.count)
        #expect(Self.decoder.decode([Point(x: 5, y: 5)], vocabulary: SwipeFixtures.vocabulary, previous: nil, limit: 3).isEmpty)
    }

    @Test func theIndexIsKeptAcrossSizesAndRebuiltForOtherLetters() {
        let big = KeyboardGeometry(layout: SwipeFixtures.layout, layer: SwipeFixtures.layout.layers[0], size: Size(width: 1600, height: 500))
        #expect(Self.decoder.serves(SwipeFixtures.vocabulary, geometry: big))
        let relaid = Self.decoder.relaid(big)
        var rng = SplitMix64(seed: 1)
        let path = SwipeEvaluation.path(for: "keyboard", keyboard: relaid.keyboard, fold: { _ in nil }, noise: 0, rng: &rng)
        #expect(relaid.decode(path ?? [], vocabulary: SwipeFixtures.vocabulary, previous: nil, limit: 1).first?.word == "keyboard")
        let digits = Layout(name: "d", description: "", layers: [Layer(name: "d", root: Stack(axis: .vertical, items: [.stack(Stack(axis: .horizontal, items: [.key(Key(label: "1", action: .text("1")))]))]))])
        let other = KeyboardGeometry(layout: digits, layer: digits.layers[0], size: SwipeFixtures.size)
        #expect(!Self.decoder.serves(SwipeFixtures.vocabulary, geometry: other))
        #expect(!SwipeKeyboard(geometry: other).canSwipe)
    }

    @Test func theEvaluationCountsHitsUnknownAndUnswipeableWords() {
        var clock = 0.0
        let result = SwipeEvaluation.run(words: ["hello", "world", "keyboard", "zzzz", "I"], decoder: Self.decoder,
                                         vocabulary: SwipeFixtures.vocabulary, noise: 0.1, seed: 3) { clock += 0.001; return clock }
        #expect(result.words == 5 && result.unknown == 1 && result.unswipeable == 1 && result.swiped == 3)
        #expect(result.top1 == 3 && result.top3 == 3 && result.seconds.count == 3)
        #expect(result.top1Rate == 1)
    }

    @Test func syntheticPathsAreReproducibleFromTheirSeed() {
        let keyboard = SwipeKeyboard(geometry: SwipeFixtures.geometry)
        var a = SplitMix64(seed: 9), b = SplitMix64(seed: 9), c = SplitMix64(seed: 10)
        let one = SwipeEvaluation.path(for: "hello", keyboard: keyboard, fold: { _ in nil }, noise: 1.0 / 3, rng: &a)
        #expect(one == SwipeEvaluation.path(for: "hello", keyboard: keyboard, fold: { _ in nil }, noise: 1.0 / 3, rng: &b))
        #expect(one != SwipeEvaluation.path(for: "hello", keyboard: keyboard, fold: { _ in nil }, noise: 1.0 / 3, rng: &c))
    }

    @Test func theMostFrequentWordsOfATextKeepTheirUsualCase() {
        let text = "The cat saw the dog. I think the dog wags; I do! the THE cat dog's dog"
        #expect(SwipeEvaluation.frequentWords(in: text, count: 4) == ["the", "dog", "cat", "I"])
    }

    @Test func aFrequencyListParsesAndNamesItsBadLine() throws {
        let list = try FrequencyVocabulary.parse("the 10\n\nof\t5\r\n", identity: "f").get()
        #expect(list.words.map(\.word) == ["the", "of"])
        #expect((list.words.first?.cost ?? 0) < (list.words.last?.cost ?? 0))
        guard case .failure(let error) = FrequencyVocabulary.parse("the 10\nof five\n", identity: "f.txt") else {
            Issue.record("accepted a bad line"); return
        }
        #expect(error.message.hasPrefix("f.txt:2:"))
    }

    @Test func theLogarithmAndExponentialAreAccurate() {
        for x in [1e-9, 0.001, 0.5, 1, 2.718281828, 10, 12345] {
            #expect(abs(PureMath.exp(PureMath.log(x)) - x) <= x * 1e-12)
        }
        #expect(abs(PureMath.log(2) - 0.6931471805599453) < 1e-15)
    }

    @Test func choosingAnAlternativeOffersTheReplacedWordBack() {
        var choices = SwipeChoices(typed: "word", alternatives: ["world", "word", "wood"])
        #expect(choices.alternatives == ["world", "wood"])
        #expect(choices.choose(1) == "wood")
        #expect(choices.typed == "wood" && choices.alternatives == ["world", "word"])
        #expect(choices.choose(5) == nil)
    }
}
