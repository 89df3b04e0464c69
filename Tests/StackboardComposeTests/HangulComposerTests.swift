import XCTest
@testable import StackboardCompose

final class HangulComposerTests: XCTestCase {
    /// Taps every jamo of `taps`, returning what was committed and what is still composed.
    private func type(_ taps: String, into composer: inout HangulComposer) -> String {
        taps.map { composer.tap($0) }.joined()
    }

    private func typed(_ taps: String) -> String {
        var composer = HangulComposer()
        return type(taps, into: &composer) + composer.flush()
    }

    func testSyllablesAreComposedFromTheirJamo() {
        XCTAssertEqual(typed("ㅇㅏㄴㄴㅕㅇㅎㅏㅅㅔㅇㅛ"), "안녕하세요")
        XCTAssertEqual(typed("ㅎㅏㄴㄱㅜㄱㅇㅓ"), "한국어")
    }

    func testAFinalMovesToTheNextSyllableWhenAVowelFollows() {
        var composer = HangulComposer()
        XCTAssertEqual(type("ㅎㅏㄴ", into: &composer), "")
        XCTAssertEqual(composer.composing, "한")
        XCTAssertEqual(composer.tap("ㅏ"), "하")
        XCTAssertEqual(composer.composing, "나")
    }

    func testCompoundFinalsJoinAndSplit() {
        XCTAssertEqual(typed("ㄱㅏㅂㅅ"), "값")
        XCTAssertEqual(typed("ㄱㅏㅂㅅㅣ"), "갑시")
        XCTAssertEqual(typed("ㅇㅓㄹㄱㄷㅏ"), "얽다")
        XCTAssertEqual(typed("ㅇㅣㄹㄱㅇㅓ"), "읽어")
    }

    func testCompoundVowelsJoin() {
        XCTAssertEqual(typed("ㄱㅗㅏㅇ"), "광")
        XCTAssertEqual(typed("ㅇㅜㅣ"), "위")
        XCTAssertEqual(typed("ㅇㅡㅣㅅㅏ"), "의사")
        XCTAssertEqual(typed("ㅗㅏ"), "ㅘ")
    }

    func testLoneJamoStandAlone() {
        XCTAssertEqual(typed("ㅋㅋㅋ"), "ㅋㅋㅋ")
        XCTAssertEqual(typed("ㅏ"), "ㅏ")
        XCTAssertEqual(typed("ㄸㅏ"), "따")
        XCTAssertEqual(typed("ㄱㅏㄸ"), "가ㄸ", "ㄸ is never a final")
    }

    func testBackspaceTakesBackOneJamo() {
        var composer = HangulComposer()
        _ = type("ㄱㅏㅂㅅ", into: &composer)
        XCTAssertEqual(composer.composing, "값")
        XCTAssertTrue(composer.backspace())
        XCTAssertEqual(composer.composing, "갑")
        XCTAssertTrue(composer.backspace())
        XCTAssertEqual(composer.composing, "가")
        XCTAssertTrue(composer.backspace())
        XCTAssertEqual(composer.composing, "ㄱ")
        XCTAssertTrue(composer.backspace())
        XCTAssertEqual(composer.composing, "")
        XCTAssertFalse(composer.backspace())
    }

    func testBackspaceAfterAMovedFinalTakesBackTheVowel() {
        var composer = HangulComposer()
        XCTAssertEqual(type("ㅎㅏㄴㅏ", into: &composer), "하")
        XCTAssertTrue(composer.backspace())
        XCTAssertEqual(composer.composing, "ㄴ")
    }

    func testTapsOfEverySyllableComposeBackToIt() {
        // Every one of the 11,172 syllables, alone and followed by a vowel-initial syllable and by
        // a consonant-initial one.
        for value in UInt32(0xAC00)..<0xAC00 + 11_172 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let syllable = Character(scalar)
            for text in [String(syllable), String(syllable) + "아", String(syllable) + "가"] {
                let taps = text.flatMap { Jamo.taps(for: $0) ?? [] }
                XCTAssertEqual(typed(String(taps)), text)
            }
        }
    }

    func testJamoTables() {
        XCTAssertEqual(Jamo.initials.count, 19)
        XCTAssertEqual(Jamo.medials.count, 21)
        XCTAssertEqual(Jamo.finals.count, 27)
        XCTAssertEqual(Jamo.syllable(initial: "ㅎ", medial: "ㅣ", final: "ㅎ"), "힣")
        XCTAssertEqual(Jamo.taps(for: "쐈"), ["ㅆ", "ㅗ", "ㅏ", "ㅆ"])
        XCTAssertNil(Jamo.taps(for: "a"))
    }
}
