import StackboardCore

/// `-ln p(word | before, context)` from a shipped model, for many words of one context: the
/// context's pairs and triples are read once into a table, so each word then costs a lookup.
/// The same back-off as `WordPredictor`: p = triple + b₃ · (pair + b₂ · p(word)).
struct TapLanguageCosts {
    let view: WordModelView
    /// Word id → the context's pair (and triple) probability, backed off as they are.
    private var seen: [Int: Double] = [:]
    /// The weight the plain frequencies get.
    private var backoff = 1.0
    /// The least any word costs here (a bound for the search).
    private(set) var leastCost = 0.0

    /// The costs after `context` (and `before` it).
    init(view: WordModelView, fold: WordFold, context: UserWordModel.Context, before: UserWordModel.Context) {
        self.view = view
        defer {
            let most = (seen.values.max() ?? 0) + backoff * (view.wordCount > 0 ? WordMath.probability(cost: view.unigramCost(0)) : 0)
            leastCost = most > 0 ? max(0, -PureMath.log(most)) : 0
        }
        let contextID = Self.id(context, view: view, fold: fold)
        guard let contextID else { return }
        var tripleBackoff = 1.0
        var triples: [Int: Double] = [:]
        if contextID < view.sentenceStart, let beforeID = Self.id(before, view: view, fold: fold),
           let found = view.tripleSuccessors(beforeID, contextID) {
            tripleBackoff = WordMath.probability(cost: found.backoffCost)
            for i in found.range { triples[view.tripleWord(i)] = WordMath.probability(cost: view.tripleCost(i)) }
        }
        for i in view.successors(contextID) {
            seen[view.pairWord(i), default: 0] += tripleBackoff * WordMath.probability(cost: view.pairCost(i))
        }
        for (id, p) in triples { seen[id, default: 0] += p }
        backoff = tripleBackoff * WordMath.probability(cost: view.backoffCost(contextID))
    }

    /// `-ln p(word id | context)`.
    func cost(_ id: Int) -> Double {
        let p = (seen[id] ?? 0) + backoff * WordMath.probability(cost: view.unigramCost(id))
        return p > 0 ? -PureMath.log(p) : 60
    }

    private static func id(_ context: UserWordModel.Context, view: WordModelView, fold: WordFold) -> Int? {
        switch context {
        case .unknown: return nil
        case .sentenceStart: return view.sentenceStart
        case .after(let word): return view.id(of: word, fold: fold)
        }
    }
}
