import StackboardCore
/// Ranks candidate words for a prefix after a context, from the shipped model and the learned one.
///
/// p(w | c) = (1 − λ(c)) · [(1 − μ) · p_shipped(w | c) + μ · n(w) / N] + λ(c) · n(c, w) / n(c), where
/// p_shipped(w | c) = p_pair(w | c) + backoff(c) · p(w) · f(c, w) (an unknown context uses p(w) alone;
/// f is the model's ending back-off, 1 without one: how w's ending follows c's, `ShippedWordModel`),
/// N is the learned word count, n(c) how often the learned context c had a successor,
/// μ = `wordWeight` · N / (N + `wordHalf`) and λ(c) = `pairWeight` · n(c) / (n(c) + `pairHalf`):
/// the more the user has typed (after c), the more their words (after c) count.
public struct WordPredictor: Sendable {
    /// The shipped model of the language.
    public var shipped: ShippedWordModel
    /// The learned words.
    public var learned: UserWordModel
    /// The most weight the learned word frequencies get.
    public var wordWeight = 0.3
    /// N at which they get half of it.
    public var wordHalf = 2000.0
    /// The most weight the learned pairs of a context get.
    public var pairWeight = 0.5
    /// n(c) at which they get half of it.
    public var pairHalf = 8.0

    /// A predictor over both models.
    public init(shipped: ShippedWordModel, learned: UserWordModel) {
        self.shipped = shipped
        self.learned = learned
    }

    /// Up to `limit` words whose keys start with `prefix`'s key, best first, as the models write
    /// them (the caller applies the user's case). `context` is the word before, if known, and
    /// `before` what came before that word (the model's triples use both).
    public func candidates(prefix: String, context: UserWordModel.Context, before: UserWordModel.Context = .unknown,
                           limit: Int) -> [String] {
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
            var backoff = contextID.map { WordMath.probability(cost: view.backoffCost($0)) } ?? 1
            // The ending back-off's class of the context: from its spelling, known word or not.
            let endingContext: Int?
            switch context {
            case .unknown: endingContext = nil
            case .sentenceStart: endingContext = view.endingContext(key: [])
            case .after(let word): endingContext = view.endingContext(key: Array(shipped.fold.key(word).utf8))
            }
            func unigram(_ id: Int) -> Double {
                let cost = view.unigramCost(id) + (endingContext.map { view.endingCost($0, id) } ?? 0)
                return WordMath.probability(cost: cost)
            }
            var pairP: [Int: Double] = [:]
            // Triples: p(w | before, context) + backoff3 · (pairs + backoff2 · p(w)).
            var tripleP: [Int: Double] = [:]
            var tripleBackoff = 1.0
            if let contextID, contextID < view.sentenceStart {
                let beforeID: Int?
                switch before {
                case .unknown: beforeID = nil
                case .sentenceStart: beforeID = view.sentenceStart
                case .after(let word): beforeID = view.id(of: word, fold: shipped.fold)
                }
                if let beforeID, let found = view.tripleSuccessors(beforeID, contextID) {
                    tripleBackoff = WordMath.probability(cost: found.backoffCost)
                    var seen = 0
                    for i in found.range {
                        let id = view.tripleWord(i)
                        guard view.keyHasPrefix(id, key) else { continue }
                        tripleP[id] = WordMath.probability(cost: view.tripleCost(i))
                        seen += 1
                        if seen >= wide { break }
                    }
                }
            }
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
            for (id, p) in pairP { pairP[id] = tripleBackoff * p }
            backoff *= tripleBackoff
            for (id, p) in tripleP { pairP[id, default: 0] += p }
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
                let p = (pairP[id] ?? 0) + backoff * unigram(id)
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
            let mu = n > 0 ? wordWeight * n / (n + wordHalf) : 0
            let contextCount = first.map { Double(learned.contextTotals[$0] ?? 0) } ?? 0
            let lambda = contextCount > 0 ? pairWeight * contextCount / (contextCount + pairHalf) : 0
            for word in learnedWords where shippedP[word] == nil {
                if let id = view.id(of: word, fold: shipped.fold), view.word(id) == word {
                    shippedP[word] = (pairP[id] ?? 0) + backoff * unigram(id)
                } else {
                    shippedP[word] = 0
                }
            }
            for (word, ps) in shippedP {
                let unigram = n > 0 ? Double(learned.words[word]?.count ?? 0) / n : 0
                var p = (1 - mu) * ps + mu * unigram
                if lambda > 0, let first {
                    p = (1 - lambda) * p + lambda * Double(learned.pairs[first]?[word]?.count ?? 0) / contextCount
                }
                scored.append((word, p))
            }
            scored.sort { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
            return scored.prefix(limit).map(\.0)
        }
    }
}
