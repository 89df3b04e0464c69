import Testing
import StackboardCore
@testable import StackboardWords

@Suite struct WordsLearnedModelTests {
    @Test func learningCountsWordsAndPairsAndUnlearningTakesThemBack() {
        var model = UserWordModel()
        model.learn("hello", after: .sentenceStart)
        model.learn("world", after: .after("hello"))
        model.learn("world", after: .unknown)
        #expect(model.words["world"] == UserWordModel.Entry(count: 2, lastUsed: 3))
        #expect(model.pairs[""]?["hello"]?.count == 1)
        #expect(model.pairs["hello"]?["world"]?.count == 1)
        #expect(model.totalCount == 3)
        #expect(model.pairCount == 2)
        model.unlearn("world", after: .after("hello"))
        #expect(model.words["world"]?.count == 1)
        #expect(model.pairs["hello"] == nil)
        #expect(model.pairCount == 1)
    }

    @Test func forgetRemovesTheWordInEveryCaseAndItsPairs() {
        var model = UserWordModel()
        model.learn("Zorg", after: .sentenceStart)
        model.learn("zorg", after: .after("big"))
        model.learn("blip", after: .after("zorg"))
        #expect(model.forget("ZORG") == 5)
        #expect(model.words.keys.sorted() == ["blip"])
        #expect(model.pairCount == 0)
        #expect(model.words(withKeyPrefix: Array("zo".utf8), limit: 10).isEmpty)
        #expect(model.forget("nothing") == 0)
        model.clear()
        #expect(model.words.isEmpty && model.totalCount == 0 && model.tick == 0)
    }

    @Test func theModelStaysWithinItsBoundsDroppingTheLeastUsed() {
        var model = UserWordModel(maxWords: 10, maxPairs: 5)
        for _ in 0..<3 { model.learn("often", after: .unknown) }
        for i in 0..<30 { model.learn("w\(i)", after: .after("w\(i - 1)")) }
        #expect(model.words.count <= 10)
        #expect(model.pairCount <= 5)
        #expect(model.words["often"]?.count == 3)
        #expect(model.words["w29"] != nil)       // the most recent of the once-used stay
        #expect(model.words["w0"] == nil)
    }

    @Test func wordsThatCannotBeWordsAreNotLearned() {
        var model = UserWordModel()
        for bad in ["", "a b", "tab\there", "new\nline", String(repeating: "x", count: 49), "\u{7}"] { model.learn(bad, after: .unknown) }
        #expect(model.words.isEmpty)
    }

    @Test func theFileRoundTripsAndListsTheMostRecentFirst() throws {
        var model = UserWordModel()
        model.learn("alpha", after: .sentenceStart)
        model.learn("beta", after: .after("alpha"))
        model.learn("café", after: .after("beta"))
        let bytes = model.encode()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("stackboard-words 1\nw\t1\t3\tcafé\n"))
        let back = try UserWordModel.decode(bytes)
        #expect(back == model)
        #expect(back.words(withKeyPrefix: Array("caf".utf8), limit: 5) == ["café"])
    }

    @Test(arguments: [
        ("empty", ""),
        ("no header", "w\t1\t1\thello\n"),
        ("newer version", "stackboard-words 2\n"),
        ("bad count", "stackboard-words 1\nw\tmany\t1\thello\n"),
        ("zero count", "stackboard-words 1\nw\t0\t1\thello\n"),
        ("missing field", "stackboard-words 1\np\t1\t1\thello\n"),
        ("unknown kind", "stackboard-words 1\nx\t1\t1\thello\n"),
        ("empty word", "stackboard-words 1\nw\t1\t1\t\n"),
        ("space in word", "stackboard-words 1\nw\t1\t1\ta b\n"),
    ])
    func damagedFilesAreRefusedWithTheLineButNotItsWords(name: String, text: String) throws {
        let error = try #require(throws: WordModelError.self, "\(name)") { try UserWordModel.decode(Array(text.utf8), file: "words-en.txt") }
        #expect(error.description.hasPrefix("words-en.txt: "))
        #expect(!error.description.contains("hello"))
    }

    @Test func invalidUTF8AndHugeFilesAreRefused() {
        #expect(throws: WordModelError.self) { try UserWordModel.decode(Array("stackboard-words 1\nw\t1\t1\t".utf8) + [0xFF, 0xFE, 0x0A]) }
        #expect(throws: WordModelError.self) { try UserWordModel.decode([UInt8](repeating: 0x41, count: UserWordModel.maxFileBytes + 1)) }
    }

    @Test func aFileOverTheBoundsIsCutToThemOnLoad() throws {
        var text = "stackboard-words 1\n"
        for i in 0..<50 { text += "w\t1\t\(i)\tword\(i)\n" }
        let model = try UserWordModel.decode(Array(text.utf8), maxWords: 20)
        #expect(model.words.count <= 20)
        #expect(model.words["word49"] != nil)
    }
}
