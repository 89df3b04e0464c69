import StackboardBus
import StackboardCore
import StackboardRuntime
import StackboardSystem
import StackboardWords

/// The focused field as the word engine sees it: what it may do there (`WordField`), the text
/// before the caret read over AT-SPI when the field gets the focus, when its caret moves and
/// when the keyboard loses track of the text (`FieldReads` says when), and the shift the
/// keyboard latches by itself where the engine says a sentence starts.
extension KeyboardController {
    /// What the engine may do in the focused field now.
    var wordField: WordField {
        WordField.focused(kind: focusedKind, secure: isSecure, settings: wordSettings,
                          language: (runtime.words as? SuggestionWords)?.language, text: fieldText,
                          inputMethod: inputMethodPresent)
    }

    /// A field of `kind` got the focus (nil: the focus left the fields the keyboard can see):
    /// its text is read, and the engine hears what it may do there.
    func fieldFocused(_ kind: FieldKind?, now: Double) {
        let another = kind != nil || focusedKind != nil
        focusedKind = kind
        runtime.setTerminalField(kind == .terminal, now: now)
        fieldText = nil
        if kind != nil { inputMethodPresent = inputMethod().present }
        fieldReads.drop()
        if let kind {
            focusSinceInput = true
            wantFieldText(now: true)
            // What the engine knew was the field before's: the new one is read.
            if kind != .password { runtime.words?.reset(.windowChanged) }
        }
        if another { tellWordsAboutField(now: now) }
    }

    /// The focused field's caret moved (a key, a click in the text, the application itself):
    /// its text is read again once the keyboard is quiet.
    func fieldCaretMoved() {
        wantFieldText()
    }

    /// The keyboard lost track of the text (a click, a physical key, another window): what was
    /// read is stale; the field is read again.
    func fieldTextLost() {
        fieldText = nil
        wantFieldText(now: true)
    }

    /// A read is wanted (`now`: at once, the caret moved where the keyboard's keys did not
    /// take it; else once the keyboard is quiet).
    private func wantFieldText(now: Bool = false) {
        guard focusedKind != nil, runtime.words != nil, readFieldText != nil else { return }
        fieldReads.want(now: now)
    }

    /// Asks for the field's text when `FieldReads` says it is time (never waited for: the reply
    /// comes through the bus's loop source).
    func readFieldIfDue(now: Double) {
        guard let read = readFieldText, fieldReads.askIfDue(now: now) else { return }
        let generation = fieldReads.generation
        read { [weak self] text in self?.fieldRead(text, generation: generation) }
    }

    private func fieldRead(_ text: String?, generation: Int) {
        guard fieldReads.answered(generation: generation) else { return }
        fieldText = text
        tellWordsAboutField(now: MonotonicClock.now())
    }

    /// Tells the engine what it may do in the field and what is before the caret; the bar and
    /// the shift follow.
    func tellWordsAboutField(now: Double) {
        guard let words = runtime.words else { return }
        words.fieldChanged(wordField)
        runtime.refreshSuggestions()
        updateAutoShift(now: now)
    }

    /// Latches the shift by itself where a sentence starts (the engine's word) in a field that
    /// takes capitals, or lets it go.
    func updateAutoShift(now: Double) {
        typedSinceShiftCheck = false
        let wanted = wordField.capitalizes && (runtime.words?.atSentenceStart ?? false)
        runtime.setAutoShift(wanted, now: now)
    }
}

extension WordField {
    /// What the word engine may do in the focused field: nothing in a secret; where the field's
    /// kind allows (`FieldKind.corrects`, `.capitalizes`: not in a terminal, an e-mail, web
    /// address or number field) and the user's settings allow (`--no-autocorrect`, per language,
    /// `--no-autocapitalize`). `kind` nil: no field the keyboard can see, where it may act on
    /// what it typed itself. A terminal's text is never read.
    static func focused(kind: FieldKind?, secure: Bool, settings: WordFieldSettings, language: String?,
                        text: String?, inputMethod: Bool = false) -> WordField {
        if secure { return WordField(corrects: false, capitalizes: false, textBeforeCaret: nil, doubleSpacePeriod: false) }
        return WordField(corrects: (kind?.corrects ?? true) && settings.corrects(language: language),
                         capitalizes: (kind?.capitalizes ?? true) && settings.autocapitalize,
                         textBeforeCaret: kind == .terminal ? nil : text,
                         doubleSpacePeriod: settings.doubleSpacePeriod && (kind?.capitalizes ?? true),
                         inputMethod: inputMethod)
    }
}

extension InputEvent {
    /// Whether the event ends a press or picks a scanned key (a press, a move or a hover types
    /// nothing, but a dwell's hover may: the host checks what went out).
    var endsAPress: Bool {
        switch self {
        case .press, .move, .hover, .leave: return false
        case .release, .cancel, .pick, .pickOption: return true
        }
    }
}
