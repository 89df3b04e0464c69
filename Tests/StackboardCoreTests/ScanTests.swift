import Testing
@testable import StackboardCore

@Suite struct ScanTests {
    static let blank = Key(label: "", action: .text(""), style: .blank)

    /// Keys by index: a0 b1 c2 | d3 (blank 4) e5 | [f6 g7] h8 | sym9 | (blank 10).
    /// Scan groups: [0,1,2], [3,5], [6,7,8], [9].
    static let layout: Layout = {
        let t = { (label: String) in StateFixtures.text(label) }
        let first = Layer(name: "one", root: Stack(axis: .vertical, items: [
            StateFixtures.row([t("a"), t("b"), t("c")]),
            StateFixtures.row([t("d"), blank, t("e")]),
            .stack(Stack(axis: .horizontal, items: [
                .stack(Stack(axis: .vertical, items: [.key(t("f")), .key(t("g"))])),
                .key(t("h")),
            ])),
            .key(Key(label: "sym", action: .layer("two"))),
            StateFixtures.row([blank]),
        ]))
        let second = Layer(name: "two", root: Stack(axis: .vertical, items: [
            StateFixtures.row([t("x")]), StateFixtures.row([t("y")]),
        ]))
        return Layout(name: "scan", description: "", layers: [first, second])
    }()

    static func rig(loops: Int = 2) -> Rig {
        Rig(config: KeyboardConfig(timing: KeyTiming(scan: ScanConfig(interval: 1, loops: loops))), layout: layout)
    }

    static func highlighted(_ rig: Rig) -> [Int] {
        rig.state.geometry.keys.indices.filter { rig.state.visual(ofKey: $0).scanHighlighted }
    }

    @Test func scanningStartsAtTheFirstRowAsSoonAsItIsEnabled() {
        var rig = ScanTests.rig()
        #expect(rig.state.nextDeadline == 0, "due at once")
        #expect(rig.advance(to: 10) == [.redraw([0, 1, 2])])
        #expect(ScanTests.highlighted(rig) == [0, 1, 2])
        #expect(rig.state.nextDeadline == 11)
    }

    @Test func rowsAreHighlightedInTurnAndANestedStackIsOneRow() {
        var rig = ScanTests.rig()
        _ = rig.advance(to: 10)
        #expect(rig.advance(to: 11) == [.redraw([0, 1, 2, 3, 5])])
        #expect(ScanTests.highlighted(rig) == [3, 5], "blank keys are skipped")
        #expect(rig.advance(to: 12) == [.redraw([3, 5, 6, 7, 8])])
        #expect(ScanTests.highlighted(rig) == [6, 7, 8])
        #expect(rig.advance(to: 13) == [.redraw([6, 7, 8, 9])])
        #expect(rig.advance(to: 14) == [.redraw([0, 1, 2, 9])], "the all-blank row is not a row, back to the top")
    }

    @Test func theSwitchPicksARowThenAKeyAndTheKeyIsTyped() {
        var rig = ScanTests.rig()
        _ = rig.advance(to: 10)
        rig.now = 10.5
        #expect(rig.handle(.switchPress) == [.redraw([1, 2])])
        #expect(ScanTests.highlighted(rig) == [0])
        #expect(rig.state.nextDeadline == 11.5)
        #expect(rig.advance(to: 11.5) == [.redraw([0, 1])])
        rig.now = 12
        #expect(rig.handle(.switchPress) == [.click(.character), .type("b", modifiers: []), .redraw([0, 2])])
        #expect(ScanTests.highlighted(rig) == [0, 1, 2], "back to the first row")
        #expect(rig.state.nextDeadline == 13)
    }

    @Test func aRowLeftAloneGoesBackToTheRowsAfterItsLoops() {
        var rig = ScanTests.rig(loops: 2)
        _ = rig.advance(to: 10)
        _ = rig.advance(to: 11)
        rig.now = 11
        _ = rig.handle(.switchPress)
        var seen: [[Int]] = [ScanTests.highlighted(rig)]
        for t in 12...15 {
            _ = rig.advance(to: Double(t))
            seen.append(ScanTests.highlighted(rig))
        }
        #expect(seen == [[3], [5], [3], [5], [3, 5]])
        _ = rig.advance(to: 16)
        #expect(ScanTests.highlighted(rig) == [6, 7, 8])
    }

    @Test func rowsLeftAloneStopScanningUntilTheSwitch() {
        var rig = ScanTests.rig(loops: 2)
        _ = rig.advance(to: 10)
        for t in 11...17 { _ = rig.advance(to: Double(t)) }
        #expect(ScanTests.highlighted(rig) == [9])
        #expect(rig.advance(to: 18) == [.redraw([9])])
        #expect(ScanTests.highlighted(rig) == [])
        #expect(rig.state.nextDeadline == nil, "idle means idle")
        rig.now = 30
        #expect(rig.handle(.switchPress) == [.redraw([0, 1, 2])])
        #expect(rig.state.nextDeadline == 31)
    }

    @Test func theSwitchCanPickALayerKey() {
        var rig = ScanTests.rig()
        _ = rig.advance(to: 10)
        for t in 11...13 { _ = rig.advance(to: Double(t)) }
        rig.now = 13.5
        _ = rig.handle(.switchPress)
        #expect(ScanTests.highlighted(rig) == [9])
        rig.now = 14
        #expect(rig.handle(.switchPress) == [.click(.modifier), .redrawAll])
        #expect(rig.state.layerName == "two")
        #expect(ScanTests.highlighted(rig) == [0])
        #expect(rig.state.nextDeadline == 15)
    }

    @Test func aLateWakeUpMovesOneStepAndSchedulesInTheFuture() {
        var rig = ScanTests.rig()
        _ = rig.advance(to: 10)
        _ = rig.advance(to: 50.5)
        #expect(ScanTests.highlighted(rig) == [3, 5])
        #expect(rig.state.nextDeadline == 51.5)
    }

    @Test func withoutScanningTheSwitchDoesNothing() {
        var rig = Rig(layout: ScanTests.layout)
        #expect(rig.state.nextDeadline == nil)
        #expect(rig.handle(.switchPress) == [])
        #expect(ScanTests.highlighted(rig) == [])
    }

    @Test func hidingPausesScanningAndTheSwitchResumesIt() {
        var rig = ScanTests.rig()
        _ = rig.advance(to: 10)
        #expect(rig.state.releaseAll() == [.redraw([0, 1, 2])])
        #expect(rig.state.nextDeadline == nil)
        rig.now = 20
        _ = rig.handle(.switchPress)
        #expect(ScanTests.highlighted(rig) == [0, 1, 2])
    }

    @Test func aLayoutWithOnlyBlankKeysNeverScans() {
        let layout = Layout(name: "b", description: "", layers: [
            Layer(name: "l", root: Stack(axis: .vertical, items: [.key(ScanTests.blank)])),
        ])
        var rig = Rig(config: KeyboardConfig(timing: KeyTiming(scan: ScanConfig(interval: 1, loops: 1))), layout: layout)
        #expect(rig.advance(to: 1) == [])
        #expect(rig.state.nextDeadline == nil)
        #expect(rig.handle(.switchPress) == [])
        #expect(rig.state.nextDeadline == nil)
    }

    @Test func scanGroupsFollowTheRootStack() {
        #expect(ScanTests.layout.layers[0].scanRows() == [[0, 1, 2], [3, 5], [6, 7, 8], [9]])
    }
}
