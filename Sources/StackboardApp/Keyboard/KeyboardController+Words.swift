import StackboardCore

/// The word engine of the layout shown: attached after start-up and at each layout, and told
/// when the caret moves where the keyboard cannot follow.
extension KeyboardController {
    /// The caret moved somewhere the keyboard cannot follow (another window, a click outside,
    /// a physical key): the word being typed is over.
    /// Keys still waiting for the application were for the field before a click elsewhere or
    /// another window: they are dropped, never typed there.
    func contextChanged(_ reason: ContextReset) {
        if reason == .windowChanged || reason == .clickOutside { typer.dropDeferred() }
        guard let words = runtime.words else { return }
        words.reset(reason)
        runtime.refreshSuggestions()
    }

    /// Says on stderr and on the bar that keys were dropped (a count and why, never the text).
    func reportDroppedKeys(now: Double) {
        guard let dropped = typer.takeDropped() else { return }
        report(dropped.description)
        runtime.showNotice("⚠ \(dropped.count) not typed", now: now)
    }

    /// Gives the layout shown its word engine (after start-up: the first frame is not delayed).
    func attachWords() {
        let words = runtime.state.layout.suggestionBar == nil ? nil : wordsFor(runtime.state.layout)
        words?.setSecure(isSecure)
        runtime.words = words
    }
}
