import StackboardCore
import StackboardRuntime

/// Swiping with the word engine: swipes are decoded against the shipped model of the engine's
/// language, after the word before the caret; never while the engine is locked (a secret).
extension SuggestionWords {
    var swipeVocabulary: SwipeVocabulary? { isLocked ? nil : session.predictor.shipped }

    var swipeContext: SwipeContext {
        settle()
        return session.swipeContext
    }
}
