import StackboardCore
import XCTest
@testable import StackboardCompose

final class ComposeEnginesTests: XCTestCase {
    private func layout(_ bar: String) throws -> Layout {
        try LayoutLoader.load(json: "{\"name\": \"t\", \(bar) \"layers\": [{\"name\": \"l\", \"rows\": [[\"a\"]]}]}", file: "t.json")
    }

    func testAComposingBarGetsItsEngineOnceAndOtherBarsNone() throws {
        var reports: [String] = []
        let engines = ComposeEngines(environment: ["HOME": "/nonexistent"], learning: false, report: { reports.append($0) })
        let hangul = try layout("\"suggestions\": {\"compose\": \"hangul\"},")
        let first = try XCTUnwrap(engines.engine(for: hangul))
        XCTAssertTrue(first is HangulWords)
        XCTAssertTrue(engines.engine(for: hangul) === first, "one engine, made once")
        XCTAssertNil(engines.engine(for: try layout("\"suggestions\": true,")))
        XCTAssertNil(engines.engine(for: try layout("")))
        XCTAssertEqual(reports, [])
    }
}
