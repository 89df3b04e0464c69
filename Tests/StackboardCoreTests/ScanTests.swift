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

    static func highlighted(_ rig: Rig) -> [Int] {
        rig.state.geometry.keys.indices.filter { rig.state.visual(ofKey: $0).scanHighlighted }
    }

    @Test func marksRepaintTheKeysWhoseHighlightChanged() {
        var rig = Rig(layout: ScanTests.layout)
        #expect(rig.state.setScanMarks(ScanMarks(keys: [0, 1, 2])) == [.redraw([0, 1, 2])])
        #expect(ScanTests.highlighted(rig) == [0, 1, 2])
        #expect(rig.state.setScanMarks(ScanMarks(keys: [1])) == [.redraw([0, 2])])
        #expect(rig.state.visual(ofKey: 1).scanBack == false)
    }

    @Test func theBackStepOfAGroupIsMarkedApart() {
        var rig = Rig(layout: ScanTests.layout)
        _ = rig.state.setScanMarks(ScanMarks(keys: [3, 5], back: true))
        #expect(rig.state.visual(ofKey: 3).scanHighlighted && rig.state.visual(ofKey: 3).scanBack)
        #expect(!rig.state.visual(ofKey: 0).scanBack)
    }

    @Test func aPickFiresTheKeyAsATapWouldWithItsClick() {
        var rig = Rig(layout: ScanTests.layout)
        let effects = rig.handle(.pick(key: 1))
        #expect(effects.first == .click(.character))
        #expect(typed(effects) == ["b"])
        #expect(rig.handle(.pick(key: 42)) == [], "no such key: nothing")
    }

    @Test func aPickedLayerKeyShowsItsLayerAndClearsTheMarks() {
        var rig = Rig(layout: ScanTests.layout)
        _ = rig.state.setScanMarks(ScanMarks(keys: [9]))
        _ = rig.handle(.pick(key: 9))
        #expect(rig.state.layerName == "two")
        #expect(rig.state.scanMarks == .none)
    }

    @Test func aPickedOptionOfTheAlternatesTypesItAndClosesThePopup() {
        var rig = Rig()
        _ = rig.press("a")
        _ = rig.advance(to: 1)
        #expect(rig.state.alternates != nil)
        _ = rig.state.setScanMarks(ScanMarks(option: 2))
        #expect(rig.state.alternates?.highlighted == 2)
        let effects = rig.handle(.pickOption(2))
        #expect(typed(effects) == ["â"])
        #expect(rig.state.alternates == nil)
        #expect(typed(rig.release("a")) == [], "the pointer that opened it was let go of")
    }

    @Test func hidingClearsTheMarks() {
        var rig = Rig(layout: ScanTests.layout)
        _ = rig.state.setScanMarks(ScanMarks(keys: [0]))
        _ = rig.state.releaseAll()
        #expect(ScanTests.highlighted(rig) == [])
    }

    @Test func scanGroupsFollowTheRootStack() {
        #expect(ScanTests.layout.layers[0].scanRows() == [[0, 1, 2], [3, 5], [6, 7, 8], [9]])
    }
}
