import Testing
@testable import StackboardCore

@Suite struct EntrySessionTests {
    @Test func editsReportOneEventEach() {
        var field = EntrySession(rules: FieldRules())
        #expect(field.apply(.insert("12")) == [.insert("12")])
        #expect(field.apply(.insert("7")) == [.insert("7")])
        #expect(field.text == "127")
        #expect(field.apply(.deleteBackward) == [.delete])
        #expect(field.apply(.moveToStart) == [.cursor])
        #expect(field.apply(.deleteForward) == [.delete])
        #expect(field.text == "2")
        #expect(field.apply(.clear) == [.clear])
        #expect(field.text == "")
    }

    @Test func commandsThatChangeNothingReportNothing() {
        var field = EntrySession(initial: "ab", rules: FieldRules())
        #expect(field.apply(.moveRight) == [])
        #expect(field.apply(.moveToEnd) == [])
        #expect(field.apply(.deleteForward) == [])
        #expect(field.apply(.insert("")) == [])
        _ = field.apply(.moveToStart)
        #expect(field.apply(.moveLeft) == [])
        #expect(field.apply(.deleteBackward) == [])  // at the start of a non-empty field
        _ = field.apply(.clear)
        #expect(field.apply(.clear) == [])
    }

    @Test func backspaceOnEmptyIsReportedOnlyWhenAsked() {
        var reporting = EntrySession(initial: "1", rules: FieldRules(), reportBackspaceOnEmpty: true)
        #expect(reporting.apply(.deleteBackward) == [.delete])
        #expect(reporting.apply(.deleteBackward) == [.backspaceEmpty])
        #expect(reporting.apply(.deleteBackward) == [.backspaceEmpty])
        var quiet = EntrySession(rules: FieldRules())
        #expect(quiet.apply(.deleteBackward) == [])
        // Forward delete on an empty field is not a backspace.
        #expect(reporting.apply(.deleteForward) == [])
    }

    @Test func aPendingMorseCodeMeansTheFieldIsNotEmpty() {
        var field = EntrySession(rules: FieldRules(), reportBackspaceOnEmpty: true)
        _ = field.apply(.morseDot)
        #expect(field.apply(.deleteBackward) == [.morse])
        #expect(field.apply(.deleteBackward) == [.backspaceEmpty])
    }

    @Test func tapOnTheFieldMovesTheCursor() {
        var field = EntrySession(initial: "12345", rules: FieldRules())
        #expect(field.setCursor(2) == [.cursor])
        #expect(field.apply(.insert("x")) == [.insert("x")])
        #expect(field.text == "12x345")
        #expect(field.setCursor(99) == [.cursor])
        #expect(field.buffer.cursor == 6)
        #expect(field.setCursor(99) == [])
    }

    @Test func selectAllThenTypeReplaces() {
        var field = EntrySession(initial: "old", rules: FieldRules())
        #expect(field.selectAll() == [.cursor])
        #expect(field.apply(.insert("new")) == [.insert("new")])
        #expect(field.text == "new")
    }

    @Test func doneAndCancel() {
        var field = EntrySession(initial: "42", rules: FieldRules())
        #expect(field.done() == [.done])
        #expect(field.text == "42")
        #expect(field.cancel() == .cancel)
    }

    @Test func secureFieldDisplaysBulletsButKeepsTheText() {
        var field = EntrySession(rules: FieldRules(maxLength: 6, allow: .digits, secure: true))
        _ = field.apply(.insert("1234"))
        #expect(field.displayText == "••••")
        #expect(field.displayCursor == 4)
        #expect(field.text == "1234")
        let plain = EntrySession(initial: "1234", rules: FieldRules())
        #expect(plain.displayText == "1234")
    }

    @Test func descriptionsNeverShowTheText() {
        var field = EntrySession(rules: FieldRules(secure: true))
        _ = field.apply(.insert("987"))
        for text in [String(describing: field), String(reflecting: field), entryFieldDump(field)] {
            #expect(!text.contains(where: { "987".contains($0) }), "\(text)")
        }
        let event = EntryEvent.insert("731")
        for text in [String(describing: event), String(reflecting: event), entryFieldDump(event)] {
            #expect(!text.contains("731"))
        }
        #expect(event.description == "insert(3 characters)")
    }

    @Test func eventNames() {
        let names = [EntryEvent.insert("x"), .delete, .clear, .backspaceEmpty, .reject(.overflow),
                     .cursor, .multiply(10), .morse, .done, .cancel].map(\.name)
        #expect(names == ["insert", "delete", "clear", "backspace-empty", "reject",
                          "cursor", "multiply", "morse", "done", "cancel"])
    }
}
