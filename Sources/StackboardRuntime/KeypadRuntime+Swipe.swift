import StackboardCore
import StackboardRender

extension KeypadRuntime {
    /// The word engine changed: swiping works when it can decode swipes (it has a word list and
    /// is not locked).
    func wordsChanged() {
        perform(state.setSwipeReady(words?.canSwipe == true), now: 0)
    }

    /// A swipe ended: the word engine decodes it, the best word and a space are typed (through
    /// the word engine), and the bar is filled with the other candidates. A swipe no word fits
    /// types nothing and clicks `.error`. Returns whether the word engine was told anything.
    func typeSwipe(_ gesture: SwipeGesture, now: Double) -> Bool {
        guard let words, !words.isLocked, words.canSwipe else { return false }
        let slots = state.layout.suggestionSlots(inLayer: state.layerName)
        guard let found = words.decodeSwipe(gesture.path, over: state.geometry, limit: max(1, slots) + 1) else { return false }
        guard let best = found.words.first else {
            click?(.error)
            return false
        }
        let casing = gesture.casing == .asListed && found.sentenceStart ? .capitalized : gesture.casing
        let typed = casing.apply(to: best)
        let edit = words.swiped(typed)
        if field == nil {
            if let host = typingHost { typeEdit(edit, modifiers: [], host: host) }
        } else {
            fieldEdit(edit, now: now)
        }
        swipeChoices = SwipeChoices(typed: typed, alternatives: found.words.dropFirst().map { casing.apply(to: $0) })
        return true
    }

    /// A swipe is under way (its trail is drawn): the word engine may make its decoder for the
    /// layer's letters now, so that the release finds it ready.
    func prepareSwipeDecoder() {
        guard state.swipeOn, !state.swipeTrails.isEmpty, let words, words.canSwipe else { return }
        words.swipeStarted(over: state.geometry)
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
