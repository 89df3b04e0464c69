import StackboardCore

/// The swipe decoder of a word engine, kept between swipes: the index of the word list for the
/// current layer's letters is made once (on a thread of its own when a swipe starts, see
/// `SwipeIndexing`) and laid out again when only the keyboard's size changed.
final class SwipeDecoders {
    /// The decoder of the last swipe (its index of the word list is kept).
    private var decoder: SwipeDecoder?
    /// The index being made for the swipe under way (taken at its release).
    private var indexing: SwipeIndexing?

    /// A swipe is under way over `geometry`: starts indexing `vocabulary` for its letters unless
    /// an index serves them or one is being made. Layers without letters are not indexed.
    func prepare(_ vocabulary: SwipeVocabulary, geometry: KeyboardGeometry) {
        guard indexing == nil, decoder?.serves(vocabulary, geometry: geometry) != true,
              SwipeKeyboard(geometry: geometry).canSwipe else { return }
        indexing = SwipeIndexing(vocabulary: vocabulary, geometry: geometry)
    }

    /// The decoder for `vocabulary` on `geometry`'s letters: the last one when it serves them
    /// (laid out again if the size changed), else a new index; nil when the letters cannot be
    /// swiped.
    func decoder(for vocabulary: SwipeVocabulary, geometry: KeyboardGeometry) -> SwipeDecoder? {
        if let made = indexing {
            indexing = nil
            if let decoder = made.decoder() { self.decoder = decoder }
        }
        let chosen: SwipeDecoder
        if let decoder, decoder.serves(vocabulary, geometry: geometry) {
            chosen = decoder.relaid(geometry)
        } else {
            chosen = SwipeIndexing.index(vocabulary, for: geometry)
        }
        decoder = chosen
        return chosen.keyboard.canSwipe ? chosen : nil
    }
}
