import Testing
@testable import StackboardCore

/// What the layer on screen types: the texts an injector borrows keycodes for together.
@Suite struct StateTypeableTextsTests {
    @Test func theLayersTextsAsTheyTypeNowThenInTheOtherShiftState() {
        var rig = Rig()
        #expect(rig.state.typeableTexts == ["a", "b", "e", "1", "x", "A", "B", "E", "!"],
                "text keys only (no blank, no named key), each once")
        rig.tap("⇧")
        #expect(rig.state.typeableTexts == ["A", "B", "E", "!", "x", "a", "b", "e", "1"])
    }

    @Test func capsLockShiftsOnlyCasedLetters() {
        var rig = Rig()
        rig.tap("caps")
        #expect(rig.state.typeableTexts == ["A", "B", "E", "1", "x", "a", "b", "e", "!"])
    }

    @Test func anotherLayerTypesItsOwnTexts() {
        var rig = Rig()
        rig.tap("?123")
        #expect(rig.state.typeableTexts == ["#", "$"])
    }
}
