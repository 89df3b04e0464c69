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
