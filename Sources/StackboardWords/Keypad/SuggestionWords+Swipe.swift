import StackboardCore
import StackboardRuntime

/// Swiping with the word engine: swipes are decoded against the shipped model of the engine's
/// language, after the word before the caret; never while the engine is locked (a secret).
extension SuggestionWords {
    /// The words swipes are decoded against (nil while locked, or without a shipped model).
    private var swipeVocabulary: SwipeVocabulary? { isLocked ? nil : session.predictor.shipped }

    /// Whether swipes can be decoded: a shipped model, and not locked.
    public var canSwipe: Bool { swipeVocabulary != nil }

    /// Starts indexing the model for `geometry`'s letters (see `SwipeDecoders`).
    public func swipeStarted(over geometry: KeyboardGeometry) {
        guard let vocabulary = swipeVocabulary else { return }
        swipeDecoders.prepare(vocabulary, geometry: geometry)
    }

    /// The words `path` may mean, after the word before the caret.
    public func decodeSwipe(_ path: [Point], over geometry: KeyboardGeometry, limit: Int) -> SwipeCandidates? {
        guard let vocabulary = swipeVocabulary,
              let decoder = swipeDecoders.decoder(for: vocabulary, geometry: geometry) else { return nil }
        let context = swipeContext
        let found = decoder.decode(path, vocabulary: vocabulary, previous: context.previous, limit: limit)
        return SwipeCandidates(words: found.map(\.word), sentenceStart: context.sentenceStart)
    }

    /// What is before the caret, for decoding a swipe (settled first).
    public var swipeContext: SwipeContext {
        settle()
        return session.swipeContext
    }
}
