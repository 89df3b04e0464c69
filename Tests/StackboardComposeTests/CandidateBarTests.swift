import XCTest
@testable import StackboardCompose

final class CandidateBarTests: XCTestCase {
    func testTheCompositionThenThePageThenMore() {
        let bar = CandidateBar(shown: 3)
        XCTAssertEqual(bar.labels(composing: "ni", page: ["你", "呢", "尼"], more: true), ["ni", "你", "呢", "尼", "▸"])
        XCTAssertEqual(bar.labels(composing: "ni", page: ["你"], more: false), ["ni", "你"])
        XCTAssertEqual(bar.labels(composing: "", page: ["你"], more: true), [])
        XCTAssertEqual(bar.tap(slot: 0, count: 3), .composition)
        XCTAssertEqual(bar.tap(slot: 2, count: 3), .candidate(1))
        XCTAssertEqual(bar.tap(slot: 4, count: 3), .nextPage)
        XCTAssertEqual(bar.tap(slot: 3, count: 2), .nothing)
    }

    func testPagesTurnAndWrapAround() {
        var bar = CandidateBar(shown: 5)
        bar.turn(more: true)
        XCTAssertEqual(bar.firstIndex, 5)
        XCTAssertEqual(bar.tap(slot: 1, count: 5), .candidate(5))
        XCTAssertEqual(bar.labels(composing: "a", page: ["x"], more: false), ["a", "x", "", "", "", "", "▸"],
                       "the last page keeps ▸: back to the first")
        bar.turn(more: false)
        XCTAssertEqual(bar.firstIndex, 0)
        bar.turn(more: true)
        bar.rewind()
        XCTAssertEqual(bar.page, 0)
    }
}

final class CandidateBarFitTests: XCTestCase {
    func testTheGridsSlotsMakeLargerPagesFromTheCandidateShown() {
        var bar = CandidateBar(shown: 5)
        bar.turn(more: true) // candidates 5 to 9
        bar.fit(slots: 26) // the grid: 24 a page, from the page with candidate 5
        XCTAssertEqual(bar.shown, 24)
        XCTAssertEqual(bar.firstIndex, 0)
        bar.turn(more: true)
        XCTAssertEqual(bar.firstIndex, 24)
        XCTAssertEqual(bar.tap(slot: 25, count: 24), .nextPage)
        bar.fit(slots: 7) // back on the bar: the page with candidate 24
        XCTAssertEqual(bar.shown, 5)
        XCTAssertEqual(bar.firstIndex, 20)
    }
}
