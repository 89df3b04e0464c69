import StackboardCore
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

/// The simulated user reaches a candidate far down the list through the candidate grid as the
/// keyboard shows it: the first ▸ opens the grid, a pick goes back to the bar.
final class ComposeEvaluationGridTests: XCTestCase {
    /// "ab" composes; its candidates are 30 words, the one meant ("字") at index 12.
    final class FarCandidate: KeypadWords {
        var composing = ""
        var bar = CandidateBar(shown: 5)
        var told: [Int] = []
        let list = (0..<30).map { $0 == 12 ? "字" : "x\($0)" }
        var isLocked: Bool { false }
        func typing(_ text: String) -> KeypadEdit { composing += text; bar.rewind(); return KeypadEdit(text: "") }
        func deletingBackward() -> KeypadEdit { KeypadEdit(text: "") }
        func sending(_ key: NamedKey) {}
        func contextLost() { composing = "" }
        func reset(_ reason: ContextReset) { composing = "" }
        func setSecure(_ on: Bool) {}
        func showing(slots: Int) { told.append(slots); bar.fit(slots: slots) }
        func accepting(slot: Int) -> KeypadEdit? {
            switch bar.tap(slot: slot, count: min(bar.shown, list.count - bar.firstIndex)) {
            case .candidate(let i): composing = ""; bar.rewind(); return KeypadEdit(text: list[i])
            case .nextPage: bar.turn(more: list.count > bar.firstIndex + bar.shown); return KeypadEdit(text: "")
            case .composition: defer { composing = "" }; return KeypadEdit(text: composing)
            case .nothing: return nil
            }
        }
        func suggestions() -> [String] {
            guard !composing.isEmpty else { return [] }
            let page = Array(list.dropFirst(bar.firstIndex).prefix(bar.shown))
            return bar.labels(composing: composing, page: page, more: list.count > bar.firstIndex + bar.shown)
        }
    }

    private var tick = 0.0
    private func clock() -> Double { tick += 0.001; return tick }

    func testTheGridReachesAFarCandidateWithOneTapForMore() {
        let steps = [ComposeEvaluation.Step(character: "字", taps: ["a", "b"])]
        let paged = ComposeEvaluation.candidates(steps, engine: FarCandidate(), shown: 5, clock: clock)
        XCTAssertTrue(paged.exact)
        XCTAssertEqual(paged.candidateTaps, 3, "▸ twice (pages of 5), then the pick")
        let engine = FarCandidate()
        let grid = ComposeEvaluation.candidates(steps, engine: engine, shown: 5, grid: 24, clock: clock)
        XCTAssertTrue(grid.exact)
        XCTAssertEqual(grid.candidateTaps, 2, "▸ opens the grid, then the pick")
        XCTAssertEqual(grid.letterTaps, 2)
        XCTAssertEqual(engine.told.last, 7, "back on the bar after the pick")
        XCTAssertTrue(engine.told.contains(26))
    }
}
