import Testing
@testable import StackboardCompose

/// Japanese readings from MeCab's analysis, as the letters that type them.
@Suite struct JapaneseReadingsTests {
    static let analysis = """
    日本語\t名詞,一般,*,*,*,*,日本語,ニホンゴ,ニホンゴ
    を\t助詞,格助詞,一般,*,*,*,を,ヲ,ヲ
    行っ\t動詞,自立,*,*,五段・カ行促音便,連用タ接続,行く,イッ,イッ
    た\t助動詞,*,*,*,特殊・タ,基本形,た,タ,タ
    コンピューター\t名詞,一般,*,*,*,*,コンピューター,コンピューター,コンピューター
    。\t記号,句点,*,*,*,*,。,。,。
    Linux\t名詞,固有名詞,組織,*,*,*,*
    EOS
    """

    @Test func eachWordIsTypedAtItsFirstCharacter() {
        let steps = JapaneseReadings.steps(analysis: Self.analysis)
        #expect(String(steps.map(\.character)) == "日本語を行ったコンピューター。Linux")
        let taps = steps.map { $0.taps?.joined() }
        #expect(Array(taps.prefix(3)) == ["nihonngo", "", ""])
        #expect(taps[3] == "wo")
        #expect(taps[4] == "ixtu" && taps[6] == "ta", "a small tsu at a word's end")
        #expect(taps[7] == "konnpyu-ta-")
        #expect(taps[14] == nil && taps.suffix(5).allSatisfy { $0 == nil }, "symbols and Latin letters are typed as they are")
    }

    @Test func theSpellingsTypeTheKanaBack() throws {
        for kana in ["きょうと", "がっこう", "しんぶん", "ちゃわん", "ふぃるむ", "ゔぁいおりん", "らーめん"] {
            var composer = RomajiKana()
            for c in try #require(JapaneseReadings.romaji(kana)) { composer.type(c) }
            #expect(composer.finishedKana == kana)
        }
    }
}

/// `words evaluate --language ja` over the real anthy (scripts/setup.sh installs it).
@Suite struct JapaneseEvaluationTests {
    @Test func aSentenceComesOutExactlyAndEveryKanaAndKanjiIsCounted() throws {
        let results = try ComposeEvaluator.run(text: JapaneseReadingsTests.analysis, language: "ja", environment: [:])
        let result = try #require(results.first?.result)
        #expect(result.exact, "Latin letters go out as they are, not as kana")
        #expect(result.characters == 14, "日本語を行ったコンピューター: the symbol and Linux are not counted")
        #expect(result.letterTaps >= "nihonngowoixtutakonnpyu-ta-".count && result.candidateTaps > 0)
        #expect(throws: ComposeError.self) { try ComposeEvaluator.run(text: "plain text, no analysis", language: "ja", environment: [:]) }
    }
}
