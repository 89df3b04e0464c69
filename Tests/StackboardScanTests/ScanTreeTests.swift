import StackboardCore
import StackboardScan
import XCTest

/// How the keys are grouped for each pattern, and what reaching a key costs.
final class ScanTreeTests: XCTestCase {
    func testRowKeyGroupsRowsAndAOneKeyRowIsThatKey() {
        let tree = ScanTree(rows: [[0, 1], [2], [3, 4, 5]], pattern: .rowKey)
        XCTAssertEqual(tree.top, [.group([.key(0), .key(1)]), .key(2), .group([.key(3), .key(4), .key(5)])])
        XCTAssertEqual(tree.reach(4), ScanReach(steps: 3 + 2, moves: 3, picks: 2))
        XCTAssertEqual(tree.reach(2), ScanReach(steps: 2, moves: 1, picks: 1))
        XCTAssertNil(tree.reach(9))
    }

    func testKeyByKeyIsFlat() {
        let tree = ScanTree(rows: [[0, 1], [2]], pattern: .key)
        XCTAssertEqual(tree.top, [.key(0), .key(1), .key(2)])
        XCTAssertEqual(tree.reach(2)?.steps, 3)
    }

    func testBlocksOfRowsForBigLayouts() {
        let rows = (0..<9).map { [$0 * 2, $0 * 2 + 1] }
        let tree = ScanTree(rows: rows, pattern: .blockRowKey)
        XCTAssertEqual(tree.top.count, 3, "nine rows: three blocks of three")
        XCTAssertEqual(tree.path(to: 13), [2, 0, 1], "key 13 is in row 6: block 2, its first row, second key")
        XCTAssertEqual(tree.reach(13), ScanReach(steps: 3 + 1 + 2, moves: 3, picks: 3))
    }

    func testThePinnedBarStaysARowOfTheTopInBlocks() {
        let rows = [[100, 101, 102]] + (0..<9).map { [$0 * 2, $0 * 2 + 1] }
        let tree = ScanTree(rows: rows, pattern: .blockRowKey, pinned: [0])
        XCTAssertEqual(tree.top.first, .group([.key(100), .key(101), .key(102)]))
        XCTAssertEqual(tree.reach(101)?.picks, 2, "a suggestion is two picks away")
        XCTAssertEqual(tree.top.count, 4, "the bar, then three blocks of three rows")
    }

    func testAutomaticPicksByTheLayersSize() {
        let pin = (0..<4).map { r in (0..<3).map { r * 3 + $0 } }
        XCTAssertEqual(ScanPattern.automatic.resolved(rows: pin), .key)
        let qwerty = (0..<5).map { r in (0..<11).map { r * 11 + $0 } }
        XCTAssertEqual(ScanPattern.automatic.resolved(rows: qwerty), .rowKey)
        let big = (0..<12).map { r in (0..<8).map { r * 8 + $0 } }
        XCTAssertEqual(ScanPattern.automatic.resolved(rows: big), .blockRowKey, "twelve rows: blocks reach a key sooner")
    }

    func testRowsOfALayerSkipBlankAndSkippedKeys() throws {
        let layout = try LayoutLoader.load(json: """
        {"name": "t", "layers": [{"name": "a", "rows": [["x", {"label": "", "style": "blank"}, "y"], ["z"]]}]}
        """, file: "t.json")
        let layer = try XCTUnwrap(layout.layers.first)
        XCTAssertEqual(layer.scanRows(), [[0, 2], [3]])
        XCTAssertEqual(layer.scanRows(skipping: [3]), [[0, 2]])
    }
}

/// The cost model over a whole layout: layer keys, shift, the bar.
final class ScanTypistTests: XCTestCase {
    func layout() throws -> Layout {
        try LayoutLoader.load(json: """
        {"name": "t", "layers": [
          {"name": "a", "rows": [["a", "b", "c"], [{"action": "shift"}, {"label": "1", "action": "layer", "layer": "n"}, {"action": "space"}]]},
          {"name": "n", "rows": [["1", "2"], [{"label": "abc", "action": "layer", "layer": "a"}]]}
        ]}
        """, file: "t.json")
    }

    func testAutoScanCostsOfLettersShiftAndLayers() throws {
        var typist = ScanTypist(layout: try layout(), mode: .auto, pattern: .rowKey)
        XCTAssertEqual(typist.type("c"), ScanCost(steps: 1 + 3, selections: 2))
        XCTAssertEqual(typist.type(" "), ScanCost(steps: 2 + 3, selections: 2))
        XCTAssertEqual(typist.type("B"), ScanCost(steps: (2 + 1) + (1 + 2), selections: 4), "shift, then the letter")
        XCTAssertEqual(typist.type("2"), ScanCost(steps: (2 + 2) + (1 + 2), selections: 4), "the layer key, then the digit")
        XCTAssertEqual(typist.layer, "n")
        XCTAssertEqual(typist.type("1"), ScanCost(steps: 2, selections: 2), "the layer stays")
        XCTAssertNil(typist.type("z"))
    }

    func testStepScanCountsEveryMoveAsASelection() throws {
        var typist = ScanTypist(layout: try layout(), mode: .step, pattern: .rowKey)
        XCTAssertEqual(typist.type("c"), ScanCost(steps: 4, selections: 2 + 2))
    }

    func testDirectedScanMovesFromWhereItPicked() throws {
        var typist = ScanTypist(layout: try layout(), mode: .directed, pattern: .rowKey)
        XCTAssertEqual(typist.type("c"), ScanCost(steps: 2, selections: 2), "a → c is one move left (wrapping) and the pick")
        XCTAssertEqual(typist.type("b"), ScanCost(steps: 2, selections: 2))
        XCTAssertEqual(typist.type("b"), ScanCost(steps: 1, selections: 1))
    }
}
