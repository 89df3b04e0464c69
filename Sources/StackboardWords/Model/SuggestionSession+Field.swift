import StackboardCore

/// The session's side of the focused field: its text before the caret as the context, and
/// whether the caret is at a sentence start.
extension SuggestionSession {
    /// What the session knows is before the caret (its last 256 characters at most).
    public var knownText: String { tail }

    /// Whether the caret is at the start of a sentence as far as the session knows: the field's
    /// start (an empty field read, or after return), or after `. ! ?` and a space. Nothing known
    /// (after a click, another window) is no start; neither is a word begun or a mark with no
    /// space after it.
    public var atSentenceStart: Bool {
        guard privacy != .secure else { return false }
        let state = analyze()
        guard state.word.isEmpty, state.sentenceStart else { return false }
        guard let last = tail.last else { return true }
        return last.isWhitespace
    }

    /// Takes `field`, the field's text before the caret, as the context where what the session
    /// knows does not agree with it: when it knows nothing (a new field, a click, a physical key)
    /// or its text is not the end of the field's (the application changed it, the caret moved).
    /// Where the two agree the session's own record stays, with what it knows of its last
    /// suggestion. `limit`: the most characters (Unicode scalars) a read gives; a shorter text
    /// is all there is, and its start is the field's start.
    /// Returns whether the context was taken from the field.
    @discardableResult
    public mutating func adoptField(_ field: String, limit: Int) -> Bool {
        guard privacy != .secure else { return false }
        let whole = field.unicodeScalars.count < limit
        let known = tail
        if !known.isEmpty, !field.isEmpty, field.hasSuffix(known) || (!whole && known.hasSuffix(field)) { return false }
        if known.isEmpty && field.isEmpty && !whole { return false }
        restartContext(from: field, atFieldStart: whole)
        return true
    }
}

/// The automatic edits a field allows (the user's settings and the field's kind, from the
/// keyboard's `WordField`).
public struct AutomaticEdits: Equatable, Sendable {
    /// Whether English "i" as a word becomes "I".
    public var capitalizes: Bool
    /// Whether a second space right after a word and the keyboard's own space makes ". ".
    public var doubleSpacePeriod: Bool

    /// Rules with every property given (none on by default: a session of its own, such as
    /// `words evaluate`, types exactly what it is given).
    public init(capitalizes: Bool = false, doubleSpacePeriod: Bool = false) {
        self.capitalizes = capitalizes
        self.doubleSpacePeriod = doubleSpacePeriod
    }
}

/// The field's automatic edits, made only over what the keyboard typed itself (its own record,
/// `ownCount`), never over text it read or cannot see:
/// - Double space: a space typed right after a word and the keyboard's own space replaces that
///   space with ". " (`doubleSpacePeriod`).
/// - English "I": a lone "i" the keyboard typed after a space, a field's start or an opening
///   mark becomes "I" when a space, a mark or an apostrophe ends it (`capitalizes`): "i'm" →
///   "I'm".
/// Where an input method may stand between the keys and the field (`deletesOnlyWhatFieldShows`)
/// the keyboard's record is no proof of the field's text: an edit is made only where the field,
/// as last read, ends with what the edit deletes and the character before it.
extension SuggestionSession {
    /// The automatic edit for typing `text` now (nil: none applies).
    func fieldEdit(forTyping text: String) -> TextEdit? {
        guard privacy != .secure, text.count == 1, let c = text.first else { return nil }
        if c == " ", automaticEdits.doubleSpacePeriod, ownCount >= 1, tail.hasSuffix(" "),
           let before = tail.dropLast().last, before.isLetter || before.isNumber, fieldShows(tail.suffix(2)) {
            return TextEdit(deleteCount: 1, text: ". ")
        }
        if automaticEdits.capitalizes, predictor.shipped.language == "en", ownCount >= 1, tail.last == "i",
           c == " " || WordText.attaching.contains(c) || WordText.apostrophes.contains(c), fieldShows(tail.suffix(2)) {
            let rest = tail.dropLast()
            let alone = rest.last.map { $0.isWhitespace || Self.opening.contains($0) } ?? analyze().sentenceStart
            if alone { return TextEdit(deleteCount: 1, text: "I" + text) }
        }
        return nil
    }

    /// Whether the field may lose `end`, the end of the session's record, to an automatic edit:
    /// always, unless an input method may stand between the keys and the field
    /// (`deletesOnlyWhatFieldShows`); then only where the field's text, as last read, ends with it.
    func fieldShows(_ end: Substring) -> Bool {
        guard deletesOnlyWhatFieldShows else { return true }
        return fieldText?.hasSuffix(end) ?? false
    }

    /// After a change of `tail` that was `before` characters long: the keyboard's own
    /// characters at its end follow (a trimmed tail only loses some).
    mutating func noteOwn(before: Int) {
        ownCount = max(0, min(tail.count, ownCount + tail.count - before))
    }
}
