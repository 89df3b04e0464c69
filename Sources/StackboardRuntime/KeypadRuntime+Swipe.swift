import StackboardCore
import StackboardRender

extension KeypadRuntime {
    /// The word engine changed: swiping works when it has a word list (and is not locked). The
    /// list is indexed for the layer's letters when the first swipe starts (its trail is drawn),
    /// on a thread of its own (`SwipeIndexing`), not now: a keyboard that is never swiped does
    /// not keep the index (1.2 MB for 80,000 words), and the index (about 30 ms) is ready long
    /// before a swipe's release.
    func wordsChanged() {
        perform(state.setSwipeReady(words?.swipeVocabulary != nil), now: 0)
    }

    /// A swipe ended: decodes it, types the best word and a space (through the word engine),
    /// and fills the bar with the other candidates. A swipe no word fits types nothing and
    /// clicks `.error`. Returns whether the word engine was told anything.
    func typeSwipe(_ gesture: SwipeGesture, now: Double) -> Bool {
        guard let words, !words.isLocked, let vocabulary = words.swipeVocabulary else { return false }
        let decoder = swipeDecoder(for: vocabulary)
        guard decoder.keyboard.canSwipe else { return false }
        let slots = state.layout.suggestionSlots(inLayer: state.layerName)
        let context = words.swipeContext
        let found = decoder.decode(gesture.path, vocabulary: vocabulary, previous: context.previous, limit: max(1, slots) + 1)
        guard let best = found.first else {
            click?(.error)
            return false
        }
        let casing = gesture.casing == .asListed && context.sentenceStart ? .capitalized : gesture.casing
        let typed = casing.apply(to: best.word)
        let edit = words.swiped(typed)
        if field == nil {
            if let host = typingHost { typeEdit(edit, modifiers: [], host: host) }
        } else {
            fieldEdit(edit, now: now)
        }
        swipeChoices = SwipeChoices(typed: typed, alternatives: found.dropFirst().map { casing.apply(to: $0.word) })
        return true
    }

    /// Starts indexing the word list for the layer's letters if no index serves them, while a
    /// swipe is under way, so that its release finds it ready. Layers without letters are not
    /// indexed.
    func prepareSwipeDecoder() {
        guard swipeIndexing == nil, state.swipeOn, let vocabulary = words?.swipeVocabulary, !state.swipeTrails.isEmpty,
              swipeDecoder?.serves(vocabulary, geometry: state.geometry) != true,
              SwipeKeyboard(geometry: state.geometry).canSwipe else { return }
        swipeIndexing = SwipeIndexing(vocabulary: vocabulary, geometry: state.geometry)
    }

    /// Slot `slot` was tapped right after a swipe: the edit that puts its word in place of the
    /// swiped one (nil: the slot is empty).
    func replaceSwipe(_ slot: Int, words: KeypadWords) -> KeypadEdit? {
        guard var choices = swipeChoices else { return nil }
        let before = choices.typed
        guard let chosen = choices.choose(slot) else { return nil }
        swipeChoices = choices
        return words.replacingSwipe(before, with: chosen)
    }

    /// The decoder for `vocabulary` on the current layer's letters at its current size: the
    /// last one when it serves them (laid out again if the size changed), else a new index.
    private func swipeDecoder(for vocabulary: SwipeVocabulary) -> SwipeDecoder {
        if let indexing = swipeIndexing {
            swipeIndexing = nil
            if let made = indexing.decoder() { swipeDecoder = made }
        }
        if let decoder = swipeDecoder, decoder.serves(vocabulary, geometry: state.geometry) {
            let fresh = decoder.relaid(state.geometry)
            swipeDecoder = fresh
            return fresh
        }
        let made = SwipeIndexing.index(vocabulary, for: state.geometry)
        swipeDecoder = made
        return made
    }

    /// Repaints without the trails painted last time, then paints the swipes' trails now; returns
    /// the rectangles to present.
    func paintTrails(_ ctx: CairoContext, geometry: KeyboardGeometry, visual: (Int) -> KeyVisual) -> [Rect] {
        let old = paintedTrails
        for region in old {
            painter.paintRegion(ctx, geometry: geometry, region: region, shifted: false, states: visual, pendingMorse: pendingMorse)
        }
        let unit = SwipeKeyboard(geometry: state.geometry).unit
        paintedTrails = state.swipeTrails.map { trail in
            let path = trail.path.map { Point(x: $0.x + frame.x, y: $0.y + frame.y) }
            return painter.paintTrail(ctx, path: path, unit: unit)
        }.filter { !$0.isEmpty }
        return old + paintedTrails
    }
}
