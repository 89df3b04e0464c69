import StackboardCore
import StackboardRuntime
import XCTest
@testable import StackboardCompose

final class RomajiKanaTests: XCTestCase {
    private func kana(_ letters: String) -> String {
        var romaji = RomajiKana()
        letters.forEach { romaji.type($0) }
        return romaji.text
    }

    func testSyllablesSmallKanaAndDoubledConsonants() {
        XCTAssertEqual(kana("nihongo"), "にほんご")
        XCTAssertEqual(kana("kitte"), "きって")
        XCTAssertEqual(kana("shashin"), "しゃしn")
        XCTAssertEqual(kana("konnnichiha"), "こんにちは")
        XCTAssertEqual(kana("kanji"), "かんじ")
        XCTAssertEqual(kana("tsuxtu"), "つっ")
        XCTAssertEqual(kana("ra-men"), "らーめn")
        XCTAssertEqual(kana("kyouto"), "きょうと")
    }

    func testAFinalNIsReadAsNAndBackspaceTakesBackALetterThenAKana() {
        var romaji = RomajiKana()
        "hon".forEach { romaji.type($0) }
        XCTAssertEqual(romaji.finishedKana, "ほん")
        XCTAssertTrue(romaji.backspace())
        XCTAssertEqual(romaji.text, "ほ")
        XCTAssertTrue(romaji.backspace())
        XCTAssertFalse(romaji.backspace())
        XCTAssertEqual(RomajiKana.katakana("にほんご"), "ニホンゴ")
    }
}

/// The Japanese engine over the real anthy (scripts/setup.sh installs it).
final class KanaWordsTests: XCTestCase {
    nonisolated(unsafe) static let anthy: Result<AnthyConverter, ComposeError> = Result { () throws(ComposeError) in try AnthyConverter() }

    private func engine() throws -> KanaWords { KanaWords(anthy: try Self.anthy.get(), learning: false) }

    func testRomajiConvertToKanjiAndTheCandidateIsTyped() throws {
        let engine = try engine()
        "nihongo".forEach { XCTAssertEqual(engine.typing(String($0)), KeypadEdit(text: "")) }
        let bar = engine.suggestions()
        XCTAssertEqual(bar.first, "にほんご")
        let slot = try XCTUnwrap(bar.firstIndex(of: "日本語"), "\(bar)")
        XCTAssertEqual(engine.accepting(slot: slot), KeypadEdit(text: "日本語"))
        XCTAssertEqual(engine.suggestions(), [])
    }

    func testLettersTypedAfterTheKanaStayWhenACandidateIsPicked() throws {
        // "nihongowo" and the n of the next word: picking 日本語を keeps that n.
        let engine = try engine()
        "nihongowon".forEach { _ = engine.typing(String($0)) }
        let slot = try XCTUnwrap(engine.suggestions().firstIndex(of: "日本語を"), "\(engine.suggestions())")
        XCTAssertEqual(engine.accepting(slot: slot), KeypadEdit(text: "日本語を"))
        "yuuryoku".forEach { _ = engine.typing(String($0)) }
        XCTAssertEqual(engine.suggestions().first, "にゅうりょく", "the n was kept")
        // Katakana picked with the h of a coming "ha": the h stays in the composition.
        engine.reset(.windowChanged)
        "konnpyu-ta-h".forEach { _ = engine.typing(String($0)) }
        let katakana = try XCTUnwrap(engine.suggestions().firstIndex(of: "コンピューター"), "\(engine.suggestions())")
        XCTAssertEqual(engine.accepting(slot: katakana), KeypadEdit(text: "コンピューター"))
        XCTAssertEqual(engine.suggestions().first, "h")
        XCTAssertEqual(engine.typing(" "), KeypadEdit(text: "h"), "space types what is left as it is")
    }

    func testKatakanaKanaAndSpace() throws {
        let engine = try engine()
        "nihongo".forEach { _ = engine.typing(String($0)) }
        XCTAssertTrue(engine.suggestions().contains("ニホンゴ"), "\(engine.suggestions())")
        XCTAssertEqual(engine.accepting(slot: 0), KeypadEdit(text: "にほんご"))
        "nihongo".forEach { _ = engine.typing(String($0)) }
        let first = engine.suggestions()[1]
        XCTAssertEqual(engine.typing("。"), KeypadEdit(text: first + "。"))
        XCTAssertEqual(engine.deletingBackward(), KeypadEdit(deleteCount: 1, text: ""))
    }

    func testASecretFieldGetsTheLetters() throws {
        let engine = try engine()
        engine.setSecure(true)
        XCTAssertEqual(engine.typing("a"), KeypadEdit(text: "a"))
        XCTAssertTrue(engine.isLocked)
    }
}
