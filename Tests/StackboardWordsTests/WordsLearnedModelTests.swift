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

    /// At the bounds, as the keyboard writes it: in chunks that make the same bytes as the whole,
    /// the words most recent first, each pair after the words, grouped by its first word, and a
    /// file that reads back to the same model.
    @Test func aModelAtItsBoundsIsWrittenInChunksAndReadsBack() throws {
        var model = UserWordModel(maxWords: 300, maxPairs: 500)
        var previous = UserWordModel.Context.sentenceStart
        for i in 0..<3_000 {
            let word = "w\((i * 7919) % 450)é"
            model.learn(word, after: previous)
            previous = i % 7 == 6 ? .sentenceStart : .after(word)
        }
        #expect(model.words.count <= 300 && model.pairCount <= 500)
        let whole = model.encode()
        var chunks: [[UInt8]] = []
        model.encode(chunkBytes: 100) { chunks.append(Array($0)) }
        #expect(chunks.count > 10 && chunks.dropLast().allSatisfy { $0.count >= 100 && $0.count < 100 + 120 })
        #expect(Array(chunks.joined()) == whole)
        let lines = Array(String(decoding: whole, as: UTF8.self).split(separator: "\n").dropFirst())
        let wordTicks = lines.filter { $0.hasPrefix("w\t") }.map { Int($0.split(separator: "\t")[2]) ?? 0 }
        #expect(wordTicks == wordTicks.sorted(by: >))
        #expect(lines.firstIndex { $0.hasPrefix("p\t") } == wordTicks.count)
        let back = try UserWordModel.decode(whole, maxWords: 300, maxPairs: 500)
        #expect(back == model)
        #expect(back.encode() == whole)
    }

    @Test func bytesThatAreNotUTF8AreRefused() throws {
        let error = try #require(throws: WordModelError.self) {
            try UserWordModel.decode(Array("stackboard-words 1\nw\t1\t1\thello".utf8) + [0xFF, 0x0A], file: "words-en.txt")
        }
        #expect(error.description == "words-en.txt: the learned words file is not UTF-8 text")
    }

    /// A chunk the sink refuses stops the writing with the sink's error.
    @Test func aSinkThatFailsStopsTheWriting() {
        struct Full: Error {}
        var model = UserWordModel()
        for i in 0..<200 { model.learn("word\(i)", after: .sentenceStart) }
        var calls = 0
        #expect(throws: Full.self) {
            try model.encode(chunkBytes: 64) { (_) throws(Full) in
                calls += 1
                if calls == 2 { throw Full() }
            }
        }
        #expect(calls == 2)
    }

    /// The pruning that a bound sets off drops the least used tenth, the same as the rule says,
    /// and keeps the prefix index in step with the words.
    @Test func pruningKeepsThePrefixIndexInStep() {
        var model = UserWordModel(maxWords: 100, maxPairs: 100)
        for i in 0..<95 { model.learn("often\(i)", after: .sentenceStart); model.learn("often\(i)", after: .unknown) }
        for i in 0..<20 { model.learn("once\(i)", after: .after("often1")) }
        #expect(model.words.count <= 100 && model.pairCount <= 100)
        #expect(model.words["once19"] != nil && model.words["once0"] == nil && model.words["often94"] != nil)
        #expect(model.words(withKeyPrefix: Array("once".utf8), limit: 100).sorted() == model.words.keys.filter { $0.hasPrefix("once") }.sorted())
        #expect(model.words(withKeyPrefix: Array("".utf8), limit: 1_000).count == model.words.count)
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
        ("signed count", "stackboard-words 1\nw\t+1\t1\thello\n"),
        ("extra field", "stackboard-words 1\nw\t1\t1\thello\tthere\n"),
        ("huge tick", "stackboard-words 1\nw\t1\t99999999999999999999\thello\n"),
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
