import StackboardRuntime
import XCTest
@testable import StackboardCompose

final class ComposeEvaluationTests: XCTestCase {
    private var tick = 0.0
    private func clock() -> Double { tick += 0.001; return tick }

    func testHangulIsTypedJamoByJamoAndRebuiltExactly() {
        let steps = ComposeEvaluator.hangulSteps("안녕, 꽃!")
        let result = ComposeEvaluation.composing(steps, engine: HangulWords(), clock: clock)
        XCTAssertTrue(result.exact)
        XCTAssertEqual(result.characters, 3)
        // 안 ㅇㅏㄴ 3, 녕 ㄴㅕㅇ 3, 꽃 ㄲ(shift) ㅗ ㅊ 4; the ! ends the last syllable.
        XCTAssertEqual(result.letterTaps, 10)
        XCTAssertEqual(result.commitTaps, 0)
        XCTAssertEqual(result.updateSeconds.count, 9)
    }

    func testAHangulTextEndingInASyllableNeedsOneCommitTap() {
        let result = ComposeEvaluation.composing(ComposeEvaluator.hangulSteps("한국"), engine: HangulWords(), clock: clock)
        XCTAssertTrue(result.exact)
        XCTAssertEqual(result.commitTaps, 1)
        XCTAssertEqual(result.keystrokesPerCharacter, 7.0 / 2.0)
    }

    func testReadingsFollowPhrasesThenTheMostFrequentReading() {
        let dictionary = "---\nname: t\n...\n\n行\thang\t8%\n行\txing\t92%\n銀\tyin\n銀行\tyin hang\n人\tren\n"
        let readings = PinyinReadings(dictionary: dictionary, vocabulary: "行人\t5\n")
        XCTAssertEqual(readings.syllables(of: Array("銀行")), ["yin", "hang"])
        XCTAssertEqual(readings.syllables(of: Array("行人")), ["xing", "ren"])
        XCTAssertEqual(readings.syllables(of: Array("行銀x")), ["xing", "yin", nil])
        XCTAssertEqual(readings.phrases(of: Array("銀行人")), [["yin", "hang"], ["ren"]])
    }

    func testHanCharactersAreTold() {
        XCTAssertTrue(ComposeEvaluator.isHan("中"))
        XCTAssertFalse(ComposeEvaluator.isHan("，"))
        XCTAssertFalse(ComposeEvaluator.isHan("a"))
    }
}
