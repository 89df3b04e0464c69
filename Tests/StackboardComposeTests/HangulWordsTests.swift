import StackboardCore
import StackboardRuntime
import XCTest
@testable import StackboardCompose

final class HangulWordsTests: XCTestCase {
    func testJamoAreHeldAndShownOnTheBarUntilTheSyllableIsComplete() {
        let engine = HangulWords()
        XCTAssertEqual(engine.typing("ㅎ"), KeypadEdit(text: ""))
        XCTAssertEqual(engine.typing("ㅏ"), KeypadEdit(text: ""))
        XCTAssertEqual(engine.typing("ㄴ"), KeypadEdit(text: ""))
        XCTAssertEqual(engine.suggestions(), ["한"])
        XCTAssertEqual(engine.typing("ㄱ"), KeypadEdit(text: "한"), "ㄴ ㄱ is no final: 한 is complete")
        XCTAssertEqual(engine.typing("ㅡ"), KeypadEdit(text: ""))
        XCTAssertEqual(engine.suggestions(), ["그"])
        XCTAssertEqual(engine.typing(" "), KeypadEdit(text: "그 "))
        XCTAssertEqual(engine.suggestions(), [])
    }

    func testBackspaceTakesBackAJamoThenDeletes() {
        let engine = HangulWords()
        _ = engine.typing("ㄱ")
        _ = engine.typing("ㅏ")
        XCTAssertEqual(engine.deletingBackward(), KeypadEdit(text: ""))
        XCTAssertEqual(engine.suggestions(), ["ㄱ"])
        XCTAssertEqual(engine.deletingBackward(), KeypadEdit(text: ""))
        XCTAssertEqual(engine.deletingBackward(), KeypadEdit(deleteCount: 1, text: ""))
    }

    func testTheBarTypesTheSyllableAndANamedKeyEndsIt() {
        let engine = HangulWords()
        _ = engine.typing("ㄴ")
        _ = engine.typing("ㅏ")
        XCTAssertEqual(engine.accepting(slot: 0), KeypadEdit(text: "나"))
        XCTAssertNil(engine.accepting(slot: 0))
        _ = engine.typing("ㅁ")
        XCTAssertEqual(engine.endingComposition(), KeypadEdit(text: "ㅁ"))
        XCTAssertNil(engine.endingComposition())
    }

    func testAClickElsewhereKeepsTheCompositionAnotherWindowDropsIt() {
        let engine = HangulWords()
        _ = engine.typing("ㄴ")
        engine.reset(.clickOutside)
        engine.reset(.physicalKey)
        XCTAssertEqual(engine.suggestions(), ["ㄴ"])
        XCTAssertEqual(engine.typing("ㅏ"), KeypadEdit(text: ""))
        XCTAssertEqual(engine.suggestions(), ["나"])
    }

    func testAnotherWindowDropsTheComposition() {
        let engine = HangulWords()
        _ = engine.typing("ㄴ")
        engine.reset(.windowChanged)
        XCTAssertEqual(engine.suggestions(), [])
        XCTAssertEqual(engine.typing("ㅏ"), KeypadEdit(text: ""))
    }
}
