import StackboardCore
import StackboardRuntime

/// The engine's side of the focused field. `fieldChanged` keeps it as `field` and takes its text
/// before the caret as the context where the engine's own record does not agree with it
/// (`SuggestionSession.adoptField`); here, the sentence start that latches the shift by itself.
extension SuggestionWords {
    /// Whether the caret is at the start of a sentence as the session knows it (never when locked).
    public var atSentenceStart: Bool {
        settle()
        return !isLocked && session.atSentenceStart
    }
}
