import StackboardCore
import Testing

/// The core's `FieldEditor` (pure: time passed by hand): the flash of refused input and
/// the host's veto on inserts.
@Suite struct FieldEditorTests {
    private func editor(_ rules: FieldRules = FieldRules(maxLength: 3, allow: .digits)) -> FieldEditor {
        FieldEditor(session: EntrySession(rules: rules))
    }

    @Test func aRefusalFlashesForAFewTenthsThenStops() {
        var e = editor()
        #expect(e.apply(.insert("1"), now: 10) == [.insert("1")])
        #expect(e.nextDeadline == nil && !e.isFlashing(at: 10))
        #expect(e.apply(.insert("x"), now: 11) == [.reject(.notAllowed(character: "x"))])
        #expect(e.isFlashing(at: 11.1))
        #expect(e.nextDeadline == 11 + FieldEditor.flashDuration)
        let early = e.advance(to: 11.2)
        #expect(!early, "not due yet")
        let due = e.advance(to: 11.3)
        #expect(due, "due: the field must be repainted")
        #expect(e.nextDeadline == nil && !e.isFlashing(at: 11.3))
        #expect(e.session.text == "1")
    }

    @Test func anotherRefusalMovesTheEndOfTheFlash() {
        var e = editor()
        _ = e.apply(.insert("1234"), now: 0)
        _ = e.apply(.insert("a"), now: 0.2)
        #expect(e.nextDeadline == 0.2 + FieldEditor.flashDuration)
    }

    @Test func theVetoRefusesAnInsertAndChangesNothing() {
        var e = editor(FieldRules())
        var asked: [String] = []
        let veto: (String, String) -> Bool = { text, current in asked.append("\(text)|\(current)"); return text != "b" }
        #expect(e.apply(.insert("a"), now: 0, shouldInsert: veto) == [.insert("a")])
        #expect(e.apply(.insert("b"), now: 1, shouldInsert: veto) == [.reject(.notAllowed(character: "b"))])
        #expect(asked == ["a|", "b|a"])
        #expect(e.session.text == "a" && e.isFlashing(at: 1))
    }

    @Test func theVetoAlsoSeesDecodedMorseLetters() {
        var e = editor(FieldRules())
        let veto: (String, String) -> Bool = { text, _ in text != "e" }
        #expect(e.apply(.morseDot, now: 0, shouldInsert: veto) == [.morse])
        #expect(e.apply(.morseGap, now: 1, shouldInsert: veto) == [.reject(.notAllowed(character: "e"))])
        #expect(e.session.text.isEmpty && e.session.pendingMorse == ".", "refused: nothing changed")
    }

    @Test func rulesComeBeforeTheVeto() {
        var e = editor()
        var asked = 0
        _ = e.apply(.insert("x"), now: 0) { _, _ in asked += 1; return true }
        #expect(asked == 0)
    }

    @Test func replacingTheTextKeepsTheRules() {
        var e = editor()
        e.replaceText("12")
        #expect(e.session.text == "12" && e.session.buffer.cursor == 2)
        #expect(e.apply(.insert("34"), now: 0) == [.reject(.tooLong(max: 3))])
    }
}
