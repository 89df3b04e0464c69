import StackboardCore
import StackboardSystem
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

/// A keypad that edits its own field shows no key that would do nothing there.
@Suite struct OwnFieldKeysTests {
    @Test func keysThatDoNothingInAFieldAreBlankGapsOfTheSameSize() throws {
        let keys: [Key] = [
            Key(label: "a", action: .text("a")), Key(label: "ctrl", action: .modifier(.ctrl), weight: 1.5),
            Key(label: "alt", action: .modifier(.alt)), Key(label: "⇧", action: .modifier(.shift)),
            Key(label: "⇥", action: .key(.tab)), Key(label: "✥", action: .move), Key(label: "↑", action: .key(.up)),
            Key(label: "←", action: .key(.left)), Key(label: "⌫", action: .key(.backspace)),
            Key(label: "⏎", action: .key(.returnKey)), Key(label: "esc", action: .key(.escape)),
        ]
        let layout = Layout(name: "t", description: "", layers: [Layer(name: "main", root: Stack(axis: .horizontal, items: keys.map(StackItem.key)))])
        let own = try #require(layout.forOwnField().layers.first).root.keys
        #expect(own.count == keys.count)
        #expect(own.map(\.label) == ["a", "", "", "⇧", "", "", "", "←", "⌫", "⏎", "esc"])
        #expect(own[1].weight == 1.5 && own[1].style == .blank)
        #expect(own.filter { $0.style == .blank }.allSatisfy { $0.action == .text("") })
    }

    @Test func theShippedQwertyInEntryModeHasNoDeadKeys() throws {
        var preparation = LayoutPreparation(shuffle: false, catalog: .forCurrentProcess())
        preparation.ownField = true
        let layout = try preparation.load(LoaderSupport.repoRoot.appendingPathComponent("Resources/layouts/qwerty.json").path)
        let actions = layout.layers.flatMap { $0.root.keys.map(\.action) }
        let dead = actions.filter { !$0.worksInOwnField }
        #expect(dead.isEmpty, "\(dead)")
        let shift = actions.contains(.modifier(.shift)), backspace = actions.contains(.key(.backspace))
        #expect(shift && backspace)
    }
}
