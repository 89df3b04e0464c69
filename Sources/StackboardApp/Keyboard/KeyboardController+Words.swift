import StackboardCore

/// The word engine of the layout shown: attached after start-up and at each layout, and told
/// when the caret moves where the keyboard cannot follow.
extension KeyboardController {
    /// The caret moved somewhere the keyboard cannot follow (another window, a click outside,
    /// a physical key): the word being typed is over.
    func contextChanged(_ reason: ContextReset) {
        guard let words = runtime.words else { return }
        words.reset(reason)
        runtime.refreshSuggestions()
    }

    /// Gives the layout shown its word engine (after start-up: the first frame is not delayed).
    func attachWords() {
        let words = runtime.state.layout.suggestionBar == nil ? nil : wordsFor(runtime.state.layout)
        words?.setSecure(isSecure)
        runtime.words = words
    }
}
