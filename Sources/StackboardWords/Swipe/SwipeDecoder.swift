import StackboardCore
/// A word a swipe may have meant, with its cost (lower is likelier).
public struct SwipeCandidate: Equatable, Sendable {
    /// The word as the vocabulary writes it.
    public var word: String
    /// Its rank in the vocabulary.
    public var rank: Int
    /// The weighted shape costs plus the language cost (`-ln p`): lower is likelier.
    public var cost: Double
}

/// The weights of the swipe decoder (tuned on words the evaluation does not use).
public struct SwipeParameters: Equatable, Sendable {
    /// Points both the path and each word's template are resampled to.
    public var samples = 48
    /// How far (key widths) the path's first and last points may lie from a word's first and
    /// last letters, and every letter from the path.
    public var reach = 1.3
    /// The weight of the shape cost (mean squared distance in key widths) against `-ln p`.
    public var shapeWeight = 5.0
    /// How much more the first and last points count than the others.
    public var endWeight = 4.0
    /// The weight of the language model's cost.
    public var languageWeight = 1.0
    /// The weight of the letters' distances to the path (each letter matched, in order, to a
    /// path point; the mean of the squares in key widths).
    public var letterWeight = 20.0
    /// The weight of the path's distance to the word's line (mean of squares in key widths).
    public var strayWeight = 10.0
    /// The weight of the elastic distance between the path and the word's line (dynamic time
    /// warping of the resampled points; mean of squares in key widths).
    public var elasticWeight = 30.0
    /// The weight of the sum of the squared distances of the letters to the path points they
    /// are matched to (key widths), among the best candidates.
    public var matchedWeight = 1.0
    /// The weight of the path's distance to the line through the points its letters are matched
    /// to: how well the word's letters, as corners, explain the path.
    public var cornerWeight = 200.0
    /// How many of the best candidates get the elastic comparison.
    public var elasticCandidates = 40

    /// The default weights.
    public init() {}
}

/// Decodes a swipe's path into words: the words whose letters' key centres, joined up, make a
/// line closest to the path (both resampled by length), weighed with their likelihood after the
/// previous word. Candidates are only the words that start near the path's start, end near its
/// end and have every letter near it, so a decode looks at a small part of a large list.
///
/// Pure and deterministic; the index is built once per vocabulary and letter set
/// (`init`), and kept when the keys are laid out again at another size (`relaid`).
public struct SwipeDecoder: Sendable {
    /// The letter keys decoded against.
    public private(set) var keyboard: SwipeKeyboard
    /// The weights.
    public var parameters: SwipeParameters
    let index: SwipeIndex

    /// A decoder for the letters of `geometry` over `vocabulary` (indexes every word: do it once).
    public init(vocabulary: SwipeVocabulary, geometry: KeyboardGeometry, parameters: SwipeParameters = SwipeParameters()) {
        keyboard = SwipeKeyboard(geometry: geometry)
        self.parameters = parameters
        index = SwipeIndex(vocabulary: vocabulary, keyboard: keyboard)
    }

    /// How many words of the vocabulary can be swiped on these keys.
    public var wordCount: Int { index.count }

    /// Whether this decoder's index serves `vocabulary` on the letters of `geometry`.
    public func serves(_ vocabulary: SwipeVocabulary, geometry: KeyboardGeometry) -> Bool {
        index.identity == vocabulary.swipeIdentity + "|" + SwipeKeyboard(geometry: geometry).signature
    }

    /// The same decoder for the same letters laid out as in `geometry` (another size).
    public func relaid(_ geometry: KeyboardGeometry) -> SwipeDecoder {
        var copy = self
        copy.keyboard = SwipeKeyboard(geometry: geometry)
        return copy
    }

    /// Up to `limit` words for `path` (window pixels), best first, different ignoring case,
    /// after `previous` (nil: unknown, plain frequencies).
    public func decode(_ path: [Point], vocabulary: SwipeVocabulary, previous: String?, limit: Int) -> [SwipeCandidate] {
        let p = parameters
        let unit = keyboard.unit
        let points = SwipeGeometry.dedup(path.map { SwipeGeometry.XY(Double($0.x) / unit, Double($0.y) / unit) })
        guard limit > 0, points.count >= 2, keyboard.letters.count == index.bucketCount else { return [] }
        let n = max(8, p.samples)
        let line = SwipeGeometry.resample(points, count: n)
        guard let first = line.first, let last = line.last else { return [] }
        let centres = keyboard.letters.map { SwipeGeometry.XY($0.x / unit, $0.y / unit) }
        let reach2 = p.reach * p.reach
        // How near the path comes to each letter.
        let nearest = centres.map { c in line.reduce(Double.infinity) { min($0, SwipeGeometry.distance2($1, c)) } }
        let ends = centres.map { SwipeGeometry.distance2($0, last) <= reach2 }
        let successors = previous.flatMap { vocabulary.swipeSuccessors(of: $0) }
        var scored: [(entry: Int, start: Int, cost: Double)] = []
        var template = [SwipeGeometry.XY](), resampled = [SwipeGeometry.XY](), work = [Double]()
        template.reserveCapacity(32)
        for start in centres.indices where SwipeGeometry.distance2(centres[start], first) <= reach2 {
            index.forEachEntry(inBucket: start) { entry, at in
                let slots = index.path(entry, start: at)
                guard let end = slots.last, ends[Int(end)], slots.allSatisfy({ nearest[Int($0)] <= reach2 }) else { return }
                template.removeAll(keepingCapacity: true)
                for s in slots { template.append(centres[Int(s)]) }
                SwipeGeometry.resample(template, count: n, into: &resampled)
                var sum = 0.0
                for i in 0..<n { sum += SwipeGeometry.distance2(line[i], resampled[i]) }
                sum += (p.endWeight - 1) * (SwipeGeometry.distance2(line[0], resampled[0]) + SwipeGeometry.distance2(line[n - 1], resampled[n - 1]))
                let shape = sum / (Double(n) + 2 * (p.endWeight - 1))
                let letters = SwipeGeometry.alignedLetterCost(template, line, work: &work)
                let stray = SwipeGeometry.strayCost(line, template)
                let language = languageCost(entry, successors)
                scored.append((entry, at, p.shapeWeight * shape + p.letterWeight * letters + p.strayWeight * stray + p.languageWeight * language))
            }
        }
        scored.sort { $0.cost != $1.cost ? $0.cost < $1.cost : index.ranks[$0.entry] < index.ranks[$1.entry] }
        // The best few get the elastic comparison too (the costly one).
        if p.elasticWeight > 0 {
            let head = min(scored.count, max(limit, p.elasticCandidates))
            for k in 0..<head {
                template.removeAll(keepingCapacity: true)
                for s in index.path(scored[k].entry, start: scored[k].start) { template.append(centres[Int(s)]) }
                SwipeGeometry.resample(template, count: n, into: &resampled)
                scored[k].cost += p.elasticWeight * SwipeGeometry.elasticCost(line, resampled, work: &work)
                if p.cornerWeight > 0 || p.matchedWeight > 0 {
                    let (sum, matched) = SwipeGeometry.matchedLetters(template, line)
                    let corners = matched.map { line[$0] }
                    scored[k].cost += p.matchedWeight * sum + p.cornerWeight * SwipeGeometry.strayCost(line, corners)
                }
            }
            scored[0..<head].sort { $0.cost != $1.cost ? $0.cost < $1.cost : index.ranks[$0.entry] < index.ranks[$1.entry] }
            scored.removeSubrange(head...)
        }
        var out: [SwipeCandidate] = []
        var seen = Set<String>()
        for (entry, _, cost) in scored {
            let rank = Int(index.ranks[entry])
            let word = vocabulary.swipeWord(at: rank)
            guard seen.insert(word.lowercased()).inserted else { continue }
            out.append(SwipeCandidate(word: word, rank: rank, cost: cost))
            if out.count == limit { break }
        }
        return out
    }

    /// `-ln p(word | previous)`: the pair's probability plus the backed-off frequency.
    func languageCost(_ entry: Int, _ successors: SwipeSuccessors?) -> Double {
        let unigram = Double(index.costs[entry])
        guard let successors else { return unigram }
        let backedOff = PureMath.exp(-(successors.backoffCost + unigram))
        let pair = successors.costs[Int(index.ranks[entry])].map { PureMath.exp(-$0) } ?? 0
        let p = pair + backedOff
        return p > 0 ? -PureMath.log(p) : unigram + successors.backoffCost
    }
}
