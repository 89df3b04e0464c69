import Testing
import StackboardCore
@testable import StackboardBus

@Suite struct AutoShowFieldTests {
    func facts(role: AccessibleRole, states: AccessibleStates = Fields.editable, _ attributes: [String: String] = [:]) -> FocusFacts {
        FocusFacts(id: Fields.id(1), role: role, states: states, attributes: attributes)
    }

    @Test func gtkFieldsAreTextOrPasswordBecauseGtk3ExposesNoInputPurpose() {
        #expect(facts(role: .text, ["toolkit": "gtk"]).fieldKind == .text)
        #expect(facts(role: .passwordText, ["toolkit": "gtk"]).fieldKind == .password)
        #expect(FieldKind.password.isSecure && !FieldKind.text.isSecure)
    }

    @Test func chromiumInputTypesGiveTheirLayouts() {
        #expect(facts(role: .entry, ["text-input-type": "text", "tag": "input"]).fieldKind == .text)
        #expect(facts(role: .passwordText, ["text-input-type": "password"]).fieldKind == .password)
        #expect(facts(role: .entry, ["text-input-type": "tel"]).fieldKind == .phone)
        #expect(facts(role: .spinButton, ["text-input-type": "number"]).fieldKind == .number)
        #expect(facts(role: .entry, ["text-input-type": "email"]).fieldKind == .email)
        #expect(facts(role: .entry, ["text-input-type": "url"]).fieldKind == .url)
        #expect(facts(role: .entry, ["text-input-type": "search"]).fieldKind == .search)
    }

    @Test func correctionAndCapitalsOnlyWhereTheFieldTakesProse() {
        #expect(facts(role: .terminal, states: [.focused]).fieldKind == .terminal)
        for kind in FieldKind.allCases {
            #expect(kind.corrects == [.text, .search].contains(kind), "\(kind)")
            #expect(kind.capitalizes == (kind == .text), "\(kind)")
        }
        // Which pad auto-show picks is unchanged for the new kinds: the user's layout.
        #expect(!FieldKind.email.isSecure && !FieldKind.url.isSecure)
    }

    @Test func inputModeCountsWhereAToolkitPassesItThrough() {
        #expect(facts(role: .entry, ["inputmode": "numeric"]).fieldKind == .number)
        #expect(facts(role: .entry, ["inputmode": "decimal"]).fieldKind == .decimal)
        #expect(facts(role: .entry, ["inputmode": "tel"]).fieldKind == .phone)
    }

    @Test func editableMeansTheEditableStateOrAPasswordOrATerminal() {
        #expect(facts(role: .text).isEditable)
        #expect(facts(role: .entry).isEditable)
        #expect(!facts(role: .text, states: [.focused, .multiLine]).isEditable) // a read-only GtkTextView
        #expect(!facts(role: .pushButton, states: [.focused]).isEditable)
        // Qt's QSpinBox: a spin button without EDITABLE, typed into all the same.
        #expect(facts(role: .spinButton, states: [.focused, .focusable]).isEditable)
        #expect(!facts(role: .spinButton, states: [.focused, .readOnly]).isEditable)
        #expect(!facts(role: .documentWeb, states: [.focused]).isEditable)
        #expect(facts(role: .terminal, states: [.focused]).isEditable)
        #expect(!facts(role: .entry, states: [.editable, .readOnly]).isEditable)
        #expect(!facts(role: .entry, states: [.editable, .defunct]).isEditable)
    }

    @Test func statesComeFromTheTwoWordsOfGetState() {
        let s = AccessibleStates(words: [1 << 7 | 1 << 12, 1 << (43 - 32)])
        #expect(s.contains(.editable) && s.contains(.focused) && s.contains(.readOnly))
        #expect(!s.contains(.multiLine))
    }

    @Test func matchboxCodesMapToCommands() {
        #expect(InvokerCommand(code: 1) == .show)
        #expect(InvokerCommand(code: 2) == .hide)
        #expect(InvokerCommand(code: 3) == .toggle)
        #expect(InvokerCommand(code: 0) == nil)
        #expect(InvokerCommand(code: 4) == nil && InvokerCommand(code: -1) == nil)
        #expect(InvokerCommand.messageTypes == ["_MB_IM_INVOKER_COMMAND", "_MTP_IM_INVOKER_COMMAND"])
    }

    @Test func backoffDoublesUpToItsMaximumAndStartsOverAfterASuccess() {
        var b = Backoff(initial: 0.25, maximum: 1)
        #expect(b.nextAttempt(after: 10) == 10.25)
        #expect(b.nextAttempt(after: 11) == 11.5)
        #expect(b.nextAttempt(after: 12) == 13)
        #expect(b.nextAttempt(after: 20) == 21)
        b.reset()
        #expect(b.nextAttempt(after: 30) == 30.25)
    }
}
