import StackboardCore
import StackboardScan
import XCTest

/// Scanning as a switch user meets it: what is highlighted when, and which key a pick fires.
final class ScanMachineTests: XCTestCase {
    /// Three rows: 0 1 2 / 3 4 / 5.
    let rows = [[0, 1, 2], [3, 4], [5]]
    var tree: ScanTree { ScanTree(rows: rows, pattern: .rowKey) }

    func machine(_ mode: ScanMode, _ timing: ScanTiming = ScanTiming(interval: 1)) -> ScanMachine {
        var m = ScanMachine(mode: mode, timing: timing, tree: tree,
                            grid: ScanGrid(rows: rows, centres: [0: 0, 1: 1, 2: 2, 3: 0.5, 4: 1.5, 5: 1]))
        m.start(now: 0)
        return m
    }

    func testAutoScanMovesByItselfAndPicksRowThenKey() {
        var m = machine(.auto)
        XCTAssertEqual(m.highlight, .keys([0, 1, 2]))
        XCTAssertEqual(m.nextDeadline, 1)
        XCTAssertTrue(m.advance(now: 1).moved)
        XCTAssertEqual(m.highlight, .keys([3, 4]))
        XCTAssertNil(m.press(.select, now: 1.5).picked)   // enters the row
        _ = m.release(.select, now: 1.6)
        XCTAssertEqual(m.highlight, .keys([3]))
        _ = m.advance(now: 2.5)
        XCTAssertEqual(m.highlight, .keys([4]))
        XCTAssertEqual(m.press(.select, now: 2.7).picked, 4)
        XCTAssertEqual(m.highlight, .keys([0, 1, 2]), "after a pick the scan starts again at the top")
    }

    func testABackStepEndsEveryGroupAndReturnsToTheNextRow() {
        var m = machine(.auto)
        _ = m.press(.select, now: 0.1)        // row 0 by mistake
        _ = m.release(.select, now: 0.2)
        for t in [1.1, 2.1, 3.1] { _ = m.advance(now: t) }
        XCTAssertEqual(m.highlight, .back([0, 1, 2]))
        _ = m.press(.select, now: 3.2)
        XCTAssertEqual(m.highlight, .keys([3, 4]), "back leaves the row for the one after it: one step, not a lap")
    }

    func testAutoScanLeavesAGroupAfterItsPassesAndPausesAtTheTop() {
        var m = machine(.auto, ScanTiming(interval: 1, loops: 1))
        _ = m.press(.select, now: 0)             // enter row 0: keys 0 1 2 and back
        _ = m.release(.select, now: 0.1)
        for t in 1...4 { _ = m.advance(now: Double(t)) }
        XCTAssertEqual(m.highlight, .keys([0, 1, 2]), "one pass over the row, then back to the rows, on that row")
        for t in 5...7 { _ = m.advance(now: Double(t)) }
        XCTAssertEqual(m.highlight, .none, "one pass over the rows, then it pauses")
        XCTAssertNil(m.nextDeadline)
        XCTAssertNil(m.press(.select, now: 10).picked, "a press resumes without picking")
        XCTAssertEqual(m.highlight, .keys([0, 1, 2]))
    }

    func testFirstItemExtraTime() {
        var m = machine(.auto, ScanTiming(interval: 1, firstItemExtra: 0.5))
        XCTAssertEqual(m.nextDeadline, 1.5)
        _ = m.advance(now: 1.5)
        XCTAssertEqual(m.nextDeadline, 2.5)
    }

    func testAcceptanceTimeIgnoresShortPressesAndBouncesAreIgnored() {
        var m = machine(.auto, ScanTiming(interval: 1, acceptance: 0.3, postAcceptance: 0.5))
        _ = m.press(.select, now: 0.1)
        _ = m.release(.select, now: 0.2)           // too short
        XCTAssertEqual(m.highlight, .keys([0, 1, 2]))
        _ = m.advance(now: 1.2)
        XCTAssertEqual(m.highlight, .keys([3, 4]))
        _ = m.press(.select, now: 1.4)
        XCTAssertNil(m.nextDeadline.map { $0 > 1.8 ? $0 : nil } ?? nil, "held: the highlight stands, the press counts at 1.7")
        XCTAssertEqual(m.nextDeadline ?? -1, 1.7, accuracy: 1e-9)
        _ = m.advance(now: 1.7)
        XCTAssertEqual(m.highlight, .keys([3]), "held long enough: the row is entered")
        _ = m.release(.select, now: 1.8)
        _ = m.press(.select, now: 2.0)             // a bounce within 0.5 s of 1.7
        _ = m.advance(now: 2.4)
        XCTAssertEqual(m.highlight, .keys([3]), "the bounce did nothing")
        _ = m.release(.select, now: 2.5)
    }

    func testStepScanMovesOnlyWithTheNextSwitch() {
        var m = machine(.step)
        XCTAssertNil(m.nextDeadline)
        _ = m.press(.next, now: 5); _ = m.release(.next, now: 5.1)
        XCTAssertEqual(m.highlight, .keys([3, 4]))
        _ = m.press(.select, now: 6); _ = m.release(.select, now: 6.1)
        _ = m.press(.next, now: 7); _ = m.release(.next, now: 7.1)
        XCTAssertEqual(m.press(.select, now: 8).picked, 4)
    }

    func testInverseScanMovesWhileHeldAndPicksOnRelease() {
        var m = machine(.inverse)
        XCTAssertNil(m.nextDeadline, "nothing moves until the switch is held")
        _ = m.press(.select, now: 0)
        _ = m.advance(now: 1)
        XCTAssertEqual(m.highlight, .keys([3, 4]))
        XCTAssertNil(m.release(.select, now: 1.2).picked)   // enters row 1
        XCTAssertEqual(m.highlight, .keys([3]))
        _ = m.press(.select, now: 3)
        _ = m.advance(now: 4)
        XCTAssertEqual(m.release(.select, now: 4.5).picked, 4)
    }

    func testInverseScanIgnoresAHoldShorterThanAcceptance() {
        var m = machine(.inverse, ScanTiming(interval: 1, acceptance: 0.4))
        _ = m.press(.select, now: 0)
        XCTAssertNil(m.release(.select, now: 0.1).picked)
        XCTAssertEqual(m.highlight, .keys([0, 1, 2]), "a short hold picks nothing")
    }

    func testDirectedScanMovesOverTheGridAndPicks() {
        var m = machine(.directed)
        XCTAssertEqual(m.highlight, .keys([0]))
        _ = m.press(.right, now: 1); _ = m.release(.right, now: 1.1)
        _ = m.press(.right, now: 2); _ = m.release(.right, now: 2.1)
        XCTAssertEqual(m.highlight, .keys([2]))
        _ = m.press(.down, now: 3); _ = m.release(.down, now: 3.1)
        XCTAssertEqual(m.highlight, .keys([4]), "down goes to the nearest key across")
        _ = m.press(.down, now: 4); _ = m.release(.down, now: 4.1)
        _ = m.press(.down, now: 5); _ = m.release(.down, now: 5.1)
        XCTAssertEqual(m.highlight, .keys([1]), "down from the last row wraps to the first")
        _ = m.press(.left, now: 6); _ = m.release(.left, now: 6.1)
        _ = m.press(.left, now: 7); _ = m.release(.left, now: 7.1)
        XCTAssertEqual(m.highlight, .keys([2]), "left wraps along the row")
        XCTAssertEqual(m.press(.select, now: 8).picked, 2)
        XCTAssertEqual(m.highlight, .keys([2]), "the highlight stays where it picked")
    }

    func testSwitchesAModeDoesNotUseAreIgnored() {
        var m = machine(.auto)
        XCTAssertEqual(m.press(.next, now: 0.5), ScanStep())
        XCTAssertEqual(m.press(.up, now: 0.5), ScanStep())
        XCTAssertEqual(m.highlight, .keys([0, 1, 2]))
    }

    func testPauseForgetsHeldSwitches() {
        var m = machine(.auto, ScanTiming(interval: 1, acceptance: 0.3))
        _ = m.press(.select, now: 0.1)
        m.pause()
        XCTAssertEqual(m.highlight, .none)
        XCTAssertNil(m.nextDeadline)
        _ = m.advance(now: 5)
        XCTAssertEqual(m.highlight, .none)
    }

    func testANewTreeStartsARunningScanAtTheTop() {
        var m = machine(.auto)
        _ = m.advance(now: 1)
        m.setTree(ScanTree(rows: [[7, 8], [9]], pattern: .rowKey), grid: ScanGrid(rows: [[7, 8], [9]], centres: [:]), now: 1.5)
        XCTAssertEqual(m.highlight, .keys([7, 8]))
        XCTAssertEqual(m.nextDeadline, 2.5)
    }

    /// Seeded random switches and times: the machine never highlights a key the tree does not
    /// hold, never picks one, and always has a deadline while auto scanning runs.
    func testRandomSwitchingStaysInsideTheTree() {
        var rng = SplitMix64(seed: 7)
        for mode in ScanMode.allCases {
            var m = machine(mode, ScanTiming(interval: 0.5, firstItemExtra: 0.2, acceptance: 0.1, postAcceptance: 0.1, loops: 2))
            var now = 0.0
            var held: Set<ScanRole> = []
            for _ in 0..<2000 {
                now += Double(rng.next() % 1000) / 1000
                let role = mode.roles[Int(rng.next() % UInt64(mode.roles.count))]
                let step = held.contains(role) ? m.release(role, now: now) : m.press(role, now: now)
                if held.contains(role) { held.remove(role) } else { held.insert(role) }
                let due = m.advance(now: now)
                for picked in [step.picked, due.picked].compactMap({ $0 }) { XCTAssertTrue((0...5).contains(picked)) }
                switch m.highlight {
                case .none: break
                case .keys(let keys), .back(let keys): XCTAssertTrue(keys.allSatisfy { (0...5).contains($0) })
                }
                if mode == .auto, m.running, held.isEmpty { XCTAssertNotNil(m.nextDeadline) }
            }
        }
    }
}
