import Testing
import StackboardCore
@testable import StackboardWords

@Suite struct WordsModelTests {
    @Test func aWrittenModelReadsBackWordsKeysAndPairs() throws {
        let model = TinyWords.model()
        #expect(model.language == "en")
        #expect(model.wordCount == TinyWords.words.count)
        #expect(model.pairCount == 6)
        #expect(model.tripleCount == 2)
        model.withView { view in
            #expect(view.word(0) == "the")
            #expect(view.word(TinyWords.id("café")) == "café")
            #expect(Array(view.key(TinyWords.id("café"))) == Array("cafe".utf8))
            #expect(Array(view.key(TinyWords.id("Paris"))) == Array("paris".utf8))
            #expect(view.unigramCost(0) < view.unigramCost(1))
            let successors = view.successors(TinyWords.id("the")).map(view.pairWord)
            #expect(successors == [TinyWords.id("cat"), TinyWords.id("helmet")])
            #expect(view.successors(TinyWords.id("of")).isEmpty)
            let triple = view.tripleSuccessors(TinyWords.id("in"), TinyWords.id("the"))
            #expect(triple.map { $0.range.map(view.tripleWord) } == [TinyWords.id("helmet")])
            #expect(view.tripleSuccessors(TinyWords.id("the"), TinyWords.id("in")) == nil)
        }
    }

    @Test func prefixSearchFindsEveryWordWithTheKeyPrefix() {
        TinyWords.model().withView { view in
            let found = Set(view.prefixRange(Array("hel".utf8)).map { view.word(view.wordInOrder($0)) })
            #expect(found == ["hello", "help", "helmet"])
            #expect(view.prefixRange(Array("zz".utf8)).isEmpty)
            #expect(view.prefixRange([]).count == TinyWords.words.count)
        }
    }

    @Test func idsAreFoundByExactWordThenCaseThenKey() {
        let model = TinyWords.model()
        model.withView { view in
            #expect(view.id(of: "hello", fold: model.fold) == TinyWords.id("hello"))
            #expect(view.id(of: "Hello", fold: model.fold) == TinyWords.id("hello"))
            #expect(view.id(of: "cafe", fold: model.fold) == TinyWords.id("café"))
            #expect(view.id(of: "paris", fold: model.fold) == TinyWords.id("Paris"))
            #expect(view.id(of: "hel", fold: model.fold) == nil)
        }
    }

    @Test func foldLowersCaseAndDropsAccents() {
        let fold = TinyWords.model().fold
        #expect(fold.key("Café") == "cafe")
        #expect(fold.key("CAFE\u{301}") == "cafe")
        #expect(WordFold.basic.key("ÉCOLE") == "école")
        #expect(WordFold.basic.key("e\u{301}") == "e")
    }

    @Test func theEmptyModelLoads() throws {
        let empty = try #require(ShippedWordModel.empty(language: "xx"))
        #expect(empty.wordCount == 0)
        #expect(WordPredictor(shipped: empty, learned: UserWordModel()).candidates(prefix: "a", context: .unknown, limit: 3).isEmpty)
    }

    @Test(arguments: [
        ("empty", [UInt8]()),
        ("not a model", Array("hello world, this is not a word model at all; it is text".utf8) + [UInt8](repeating: 32, count: 20)),
    ])
    func notAModelIsRefusedWithAMessage(name: String, bytes: [UInt8]) {
        #expect(throws: WordModelError.self) { try ShippedWordModel(storage: bytes, file: "x.words") }
    }

    @Test func everyCutOfAModelIsRefused() {
        let bytes = TinyWords.bytes
        for length in stride(from: 0, to: bytes.count, by: 7) {
            #expect(throws: WordModelError.self) { try ShippedWordModel(storage: Array(bytes.prefix(length)), file: "cut.words") }
        }
    }

    @Test func damagedTablesAreRefusedNotReadOutOfBounds() throws {
        let good = TinyWords.bytes
        let model = TinyWords.model()
        let s = model.sections
        func damaged(_ at: Int, _ value: UInt32) -> [UInt8] {
            var b = good
            withUnsafeBytes(of: value.littleEndian) { for (i, x) in $0.enumerated() { b[at + i] = x } }
            return b
        }
        let cases: [(String, [UInt8])] = [
            ("word count", damaged(8, 3_000_000)),
            ("size", damaged(48, UInt32(good.count + 4))),
            ("word end", damaged(s.wordEnds + 4 * 3, 9999)),
            ("key ref", damaged(s.keyRefs, 9999)),
            ("key order", damaged(s.order, 999)),
            ("pair start", damaged(s.pairStart + 4, 999)),
            ("pair word", damaged(s.pairWord, 999)),
            ("fold scalar", damaged(s.fold, 0xD800)),
        ]
        for (name, bytes) in cases {
            let error = try #require(throws: WordModelError.self, "\(name)") { try ShippedWordModel(storage: bytes, file: "bad.words") }
            #expect(error.description.hasPrefix("bad.words: "), "\(name)")
            #expect(error.message.contains("make-words.py"), "\(name)")
        }
    }

    @Test func costsRoundTripThroughTheMath() {
        for p in [1.0, 0.5, 0.1, 1e-3, 1e-6] {
            let back = WordMath.probability(cost: Int(WordModelWriter.cost(p)))
            #expect(abs(back - p) / p < 0.001)
        }
        #expect(WordModelWriter.cost(0) == UInt16.max)
        #expect(abs(PureMath.log(10) - 2.302585092994046) < 1e-12)
        #expect(abs(PureMath.exp(-3) - 0.049787068367863944) < 1e-15)
    }
}
