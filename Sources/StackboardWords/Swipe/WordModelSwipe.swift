import StackboardCore
/// The shipped word model as the swipe decoder's vocabulary: its words in frequency order with
/// their unigram costs, its word pairs, its folding.
extension ShippedWordModel: SwipeVocabulary {
    public var swipeIdentity: String { "words:\(language):\(wordCount):\(pairCount)" }

    public var swipeWordCount: Int { wordCount }

    public func enumerateSwipeWords(_ body: (Int, String, Double) -> Void) {
        withView { view in
            for id in 0..<view.wordCount { body(id, view.word(id), Double(view.unigramCost(id)) / Self.costScale) }
        }
    }

    public func swipeWord(at rank: Int) -> String {
        withView { view in rank >= 0 && rank < view.wordCount ? view.word(rank) : "" }
    }

    public func swipeSuccessors(of previous: String) -> SwipeSuccessors? {
        withView { view in
            guard let context = view.id(of: previous, fold: fold) else { return nil }
            var costs: [Int: Double] = [:]
            for i in view.successors(context) { costs[view.pairWord(i)] = Double(view.pairCost(i)) / Self.costScale }
            return SwipeSuccessors(costs: costs, backoffCost: Double(view.backoffCost(context)) / Self.costScale)
        }
    }

    public func swipeFold(_ character: Character) -> Character? {
        let folded = fold.key(String(character))
        return folded.count == 1 ? folded.first : nil
    }
}

extension SuggestionSession {
    /// What is before the caret, for decoding a swipe: the word before the one being typed (if
    /// known) and whether a sentence starts there.
    public var swipeContext: SwipeContext {
        let state = analyze()
        switch state.context {
        case .after(let word): return SwipeContext(previous: word, sentenceStart: false)
        case .sentenceStart: return SwipeContext(previous: nil, sentenceStart: true)
        case .unknown: return SwipeContext(previous: nil, sentenceStart: state.sentenceStart)
        }
    }
}
