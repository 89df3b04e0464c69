/// Ranks candidate words for a prefix after a context, from the shipped model and the learned one.
///
/// p(w | c) = (1 − λ) · p_shipped(w | c) + λ · p_learned(w | c), where
/// p_shipped(w | c) = p_pair(w | c) + backoff(c) · p(w) (an unknown context uses p(w) alone) and
/// p_learned(w | c) = (n(c, w) + κ · n(w) / N) / (n(c) + κ), λ = N / (N + `learnedHalfWeight`) · `learnedMaxWeight`
/// with N the learned word count: the more the user has typed, the more their words count.
public struct WordPredictor: Sendable {
    /// The shipped model of the language.
    public var shipped: ShippedWordModel
    /// The learned words.
    public var learned: UserWordModel
    /// N at which the learned model gets half of `learnedMaxWeight`.
    public var learnedHalfWeight = 400.0
    /// The most weight the learned model gets.
    public var learnedMaxWeight = 0.6
    /// κ: how much a learned pair's estimate leans on the learned word counts.
    public var learnedSmoothing = 1.0
    /// Candidates are ranked by p × (letters still to type)^lengthWeight: 0 ranks by probability
    /// alone; above 0 prefers the words that save more keystrokes.
    public var lengthWeight = 0.0

    /// A predictor over both models.
    public init(shipped: ShippedWordModel, learned: UserWordModel) {
        self.shipped = shipped
        self.learned = learned
    }

    /// Up to `limit` words whose keys start with `prefix`'s key, best first, as the models write
    /// them (the caller applies the user's case). `context` is the word before, if known.
    public func candidates(prefix: String, context: UserWordModel.Context, limit: Int) -> [String] {
        guard limit > 0 else { return [] }
        let key = Array(shipped.fold.key(prefix).utf8)
        let wide = limit * 4 + 8
        return shipped.withView { view -> [String] in
            var shippedP: [String: Double] = [:]
            let contextID: Int?
            switch context {
            case .unknown: contextID = nil
            case .sentenceStart: contextID = view.sentenceStart
            case .after(let word): contextID = view.id(of: word, fold: shipped.fold)
            }
            let backoff = contextID.map { WordMath.probability(cost: view.backoffCost($0)) } ?? 1
            var pairP: [Int: Double] = [:]
            if let contextID {
                var seen = 0
                for i in view.successors(contextID) {
                    let id = view.pairWord(i)
                    guard view.keyHasPrefix(id, key) else { continue }
                    pairP[id] = WordMath.probability(cost: view.pairCost(i))
                    seen += 1
                    if seen >= wide { break }
                }
            }
            var ids = Set(pairP.keys)
            if key.isEmpty {
                ids.formUnion(0..<min(wide, view.wordCount))
            } else {
                var best: [Int] = []
                for position in view.prefixRange(key) {
                    let id = view.wordInOrder(position)
                    if best.count < wide { best.append(id); if best.count == wide { best.sort() } }
                    else if let last = best.last, id < last {
                        best.removeLast()
                        best.insert(id, at: best.firstIndex { $0 > id } ?? best.count)
                    }
                }
                ids.formUnion(best)
            }
            for id in ids {
                let p = (pairP[id] ?? 0) + backoff * WordMath.probability(cost: view.unigramCost(id))
                let word = view.word(id)
                shippedP[word] = max(shippedP[word] ?? 0, p)
            }
            // The learned words: the context's successors and the most used words with the prefix.
            var learnedWords = Set<String>()
            let first = UserWordModel.first(of: context)
            if let first, let seconds = learned.pairs[first] {
                for second in seconds.keys where Array(learned.fold.key(second).utf8).starts(with: key) { learnedWords.insert(second) }
            }
            learnedWords.formUnion(learned.words(withKeyPrefix: key, limit: 400))
            var scored: [(String, Double)] = []
            let n = Double(learned.totalCount)
            let lambda = n > 0 ? n / (n + learnedHalfWeight) * learnedMaxWeight : 0
            for word in learnedWords where shippedP[word] == nil {
                if let id = view.id(of: word, fold: shipped.fold), view.word(id) == word {
                    shippedP[word] = (pairP[id] ?? 0) + backoff * WordMath.probability(cost: view.unigramCost(id))
                } else {
                    shippedP[word] = 0
                }
            }
            for (word, ps) in shippedP {
                var p = (1 - lambda) * ps
                if lambda > 0 {
                    let unigram = Double(learned.words[word]?.count ?? 0) / max(1, n)
                    var pl = unigram
                    if let first {
                        let pair = Double(learned.pairs[first]?[word]?.count ?? 0)
                        let total = Double(learned.contextTotals[first] ?? 0)
                        pl = (pair + learnedSmoothing * unigram) / (total + learnedSmoothing)
                    }
                    p += lambda * pl
                }
                if lengthWeight != 0 {
                    let left = Double(max(1, word.count - prefix.count))
                    p *= WordMath.exp(lengthWeight * WordMath.log(left))
                }
                scored.append((word, p))
            }
            scored.sort { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
            return scored.prefix(limit).map(\.0)
        }
    }
}
