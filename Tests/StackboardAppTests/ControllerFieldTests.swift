@testable import StackboardApp
import StackboardBus
import StackboardCore
import StackboardRuntime
import StackboardSystem
import Testing

/// The focused field and the word engine, with a scripted engine and a fake AT-SPI read: the
/// field's text is read when it gets the focus (once the keyboard is quiet), the engine hears
/// what it may do there, and the shift latches by itself where the engine says a sentence starts.
@Suite struct ControllerFieldTests {
    /// Knows the text before the caret from the field, then from what it types; a sentence
    /// starts in an empty field or after ". ".
    final class FieldWords: KeypadWords {
        var known: String?
        var fields: [WordField] = []
        var isLocked = false
        func typing(_ text: String) -> KeypadEdit { known = (known ?? "") + text; return KeypadEdit(text: text) }
        func deletingBackward() -> KeypadEdit { KeypadEdit(deleteCount: 1, text: "") }
        func sending(_ key: NamedKey) {}
        func contextLost() { known = nil }
        func reset(_ reason: ContextReset) { known = nil }
        func setSecure(_ on: Bool) { isLocked = on }
        func accepting(slot: Int) -> KeypadEdit? { nil }
        func suggestions() -> [String] { [] }
        func fieldChanged(_ field: WordField) {
            fields.append(field)
            if let text = field.textBeforeCaret { known = text }
        }
        var atSentenceStart: Bool { known.map { $0.isEmpty || $0.hasSuffix(". ") } ?? false }
    }

    static let layout = TestLayouts.make("w", [
        Key(label: "⇧", action: .modifier(.shift)), Key(label: "a", shiftedLabel: "A", action: .text("a")),
        Key(label: ".", action: .text(".")), Key(label: "space", action: .space),
    ]).with(suggestionBar: SuggestionBar()).withSuggestionSlots(3)

    /// A controller whose field reads wait in `reads` for their answers.
    final class Reads { var pending: [(String?) -> Void] = [] }

    func fixture() throws -> (ControllerFixture, FieldWords, Reads) {
        let f = try ControllerFixture(layouts: [Self.layout])
        let words = FieldWords()
        let reads = Reads()
        f.controller.readFieldText = { reply in reads.pending.append(reply) }
        f.controller.runtime.words = words
        return (f, words, reads)
    }

    /// Runs the controller's deadline once the keyboard is quiet and answers the read with `text`.
    func answerRead(_ f: ControllerFixture, _ reads: Reads, with text: String?) throws {
        f.controller.advance(to: MonotonicClock.now() + FieldReads.quietSeconds + 0.01)
        try #require(reads.pending.count == 1, "one read asked")
        reads.pending.removeFirst()(text)
    }

    /// A terminal's focus reaches the state: its shortcut keys copy and paste with shift there.
    @Test func aTerminalFieldIsToldToTheState() throws {
        let (f, _, _) = try fixture()
        f.controller.fieldFocused(.terminal, now: 1)
        #expect(f.controller.runtime.state.terminalField)
        f.controller.fieldFocused(.text, now: 2)
        #expect(!f.controller.runtime.state.terminalField)
        f.controller.fieldFocused(.terminal, now: 3)
        f.controller.fieldFocused(nil, now: 4)
        #expect(!f.controller.runtime.state.terminalField, "no field seen: chords as written")
    }

    @Test func theFieldsTextIsReadOnFocusAndAnEmptyFieldLatchesTheShift() throws {
        let (f, words, reads) = try fixture()
        f.controller.fieldFocused(.text, now: 1)
        #expect(!f.controller.runtime.state.autoShifted, "nothing known before the read")
        try answerRead(f, reads, with: "")
        #expect(words.fields.last?.textBeforeCaret == "")
        #expect(words.fields.last?.corrects == true && words.fields.last?.capitalizes == true)
        #expect(f.controller.runtime.state.autoShifted)
        try f.tap("a")
        #expect(f.typer.typed == ["A"])
        #expect(!f.controller.runtime.state.autoShifted)
        try f.tap("a")
        #expect(f.typer.typed == ["A", "a"])
    }

    @Test func afterAFullStopAndASpaceTheShiftLatchesAndOneTapReleasesIt() throws {
        let (f, _, reads) = try fixture()
        f.controller.fieldFocused(.text, now: 1)
        try answerRead(f, reads, with: "Hello")
        #expect(!f.controller.runtime.state.autoShifted)
        try f.tap(".")
        try f.tap("space")
        #expect(f.controller.runtime.state.autoShifted)
        #expect(f.controller.runtime.state.modifierState(.shift) == .latched, "the shift key shows it")
        try f.tap("⇧")
        #expect(!f.controller.runtime.state.autoShifted && f.controller.runtime.state.modifierState(.shift) == .off)
        try f.tap("a")
        #expect(f.typer.typed.last == "a")
    }

    @Test func aCaretMovedByAClickIsReadAgain() throws {
        let (f, words, reads) = try fixture()
        f.controller.fieldFocused(.text, now: 1)
        try answerRead(f, reads, with: "Hello world")
        try f.tap("a")
        f.controller.handle(.pressedOutside, now: 2)
        #expect(words.known == nil, "the click may have moved the caret")
        f.controller.fieldCaretMoved()
        try answerRead(f, reads, with: "Hello. ")
        #expect(words.known == "Hello. ")
        #expect(f.controller.runtime.state.autoShifted)
    }

    @Test func theClickThatFocusedAFieldReportedLateKeepsWhatWasReadThere() throws {
        let (f, words, reads) = try fixture()
        f.controller.fieldFocused(.text, now: 1)
        try answerRead(f, reads, with: "")
        #expect(f.controller.runtime.state.autoShifted)
        // The display's press that focused the field is read only at the keyboard's next press.
        f.controller.handle(.pressedOutside, now: 2)
        #expect(words.known == "" && f.controller.runtime.state.autoShifted)
        try f.tap("a")
        #expect(f.typer.typed == ["A"])
        f.controller.handle(.pressedOutside, now: 3) // a click after the keyboard's own press
        #expect(words.known == nil)
    }

    @Test func anotherWindowLeavesTheFieldOfTheWindowBefore() throws {
        let (f, words, reads) = try fixture()
        f.controller.fieldFocused(.text, now: 1)
        try answerRead(f, reads, with: "")
        try f.tap("a")
        // A window that is not on the accessibility bus (xterm) becomes active: nothing is read.
        f.controller.handle(.context(.activeWindowChanged), now: 2)
        #expect(f.controller.focusedKind == nil && words.known == nil)
        f.controller.advance(to: MonotonicClock.now() + 1)
        #expect(reads.pending.isEmpty, "the field of the window before is not read")
        #expect(!f.controller.runtime.state.autoShifted)
        // A window whose field reported its focus before the window change keeps it.
        f.controller.fieldFocused(.email, now: 3)
        f.controller.handle(.context(.activeWindowChanged), now: 3)
        #expect(f.controller.focusedKind == .email)
    }

    @Test func anAnswerAfterAKeyIsNotUsed() throws {
        let (f, words, reads) = try fixture()
        f.controller.fieldFocused(.text, now: 1)
        f.controller.advance(to: MonotonicClock.now() + FieldReads.quietSeconds + 0.01)
        try f.tap("a") // typed while the read was under way
        reads.pending.removeFirst()("stale")
        #expect(words.known != "stale")
    }

    @Test func passwordEmailAndUrlFieldsGetNoCapitalsAndNoCorrection() throws {
        for kind in [FieldKind.email, .url] {
            let (f, words, reads) = try fixture()
            f.controller.fieldFocused(kind, now: 1)
            try answerRead(f, reads, with: "")
            #expect(words.fields.last?.capitalizes == false && words.fields.last?.corrects == false, "\(kind)")
            #expect(!f.controller.runtime.state.autoShifted, "\(kind)")
        }
        let (f, words, _) = try fixture()
        f.controller.secureFieldChanged(true)
        f.controller.fieldFocused(.password, now: 1)
        #expect(words.fields.last == WordField(corrects: false, capitalizes: false, textBeforeCaret: nil, doubleSpacePeriod: false))
        #expect(!f.controller.runtime.state.autoShifted)
    }

    @Test func theUsersSettingsTurnThemOff() throws {
        let (f, words, reads) = try fixture()
        f.controller.wordSettings = WordFieldSettings(autocorrect: false, autocapitalize: false, doubleSpacePeriod: false)
        f.controller.fieldFocused(.text, now: 1)
        try answerRead(f, reads, with: "")
        #expect(words.fields.last == WordField(corrects: false, capitalizes: false, textBeforeCaret: "", doubleSpacePeriod: false))
        #expect(!f.controller.runtime.state.autoShifted)
    }

    @Test func perLanguageCorrectionFollowsTheLanguageTag() {
        let settings = WordFieldSettings(noAutocorrectIn: ["de", "pt"])
        #expect(!settings.corrects(language: "de") && !settings.corrects(language: "pt-BR"))
        #expect(settings.corrects(language: "en") && settings.corrects(language: nil))
        #expect(!WordFieldSettings(autocorrect: false).corrects(language: "en"))
        let field = WordField.focused(kind: .text, secure: false, settings: settings, language: "de", text: nil)
        #expect(!field.corrects && field.capitalizes)
        let terminal = WordField.focused(kind: .terminal, secure: false, settings: WordFieldSettings(), language: "en", text: "$ ls")
        #expect(!terminal.corrects && !terminal.capitalizes && terminal.textBeforeCaret == nil)
    }
}
