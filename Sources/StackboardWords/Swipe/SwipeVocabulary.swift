import StackboardCore
/// The word list a swipe is decoded against: words ranked by frequency with their costs, and the
/// likelihood of a word after the previous one. The words engine's shipped model provides it;
/// `FrequencyVocabulary` is a plain list (tests, benchmarks, a word list without a model).
public protocol SwipeVocabulary: Sendable {
    /// Names the list: two lists with the same identity hold the same words (the decoder keeps
    /// its index of a list by it).
    var swipeIdentity: String { get }
    /// How many words there are; ranks are `0 ..< swipeWordCount`, most frequent first.
    var swipeWordCount: Int { get }
    /// Calls `body` with every word in rank order: its rank, the word as written, and its cost
    /// (`-ln p`, natural log).
    func enumerateSwipeWords(_ body: (_ rank: Int, _ word: String, _ cost: Double) -> Void)
    /// The word at `rank` as written.
    func swipeWord(at rank: Int) -> String
    /// What is known of the words after `previous`: the costs (`-ln p(word | previous)`) of the
    /// words seen after it, by rank, and the cost of backing off to the plain frequencies
    /// (nil: nothing is known of `previous`).
    func swipeSuccessors(of previous: String) -> SwipeSuccessors?
    /// The letter a character of a word is typed with when the layout has no key for it (the
    /// list's folding: `é` → `e`); nil when there is none.
    func swipeFold(_ character: Character) -> Character?
}

/// What is before the caret when a swipe ends: the word before (for the pairs) and whether a
/// sentence starts there (the word is then capitalised).
public struct SwipeContext: Equatable, Sendable {
    /// The previous word (nil: unknown, or none).
    public var previous: String?
    /// A sentence starts at the caret.
    public var sentenceStart: Bool

    /// A context with every property given (by default: nothing known).
    public init(previous: String? = nil, sentenceStart: Bool = false) {
        self.previous = previous
        self.sentenceStart = sentenceStart
    }
}

/// The words seen after a previous word, for ranking swipe candidates.
public struct SwipeSuccessors: Equatable, Sendable {
    /// `-ln p(word | previous)` of each word seen after it, by rank (already discounted).
    public var costs: [Int: Double]
    /// `-ln` of the weight the plain frequencies get after it.
    public var backoffCost: Double

    /// Successors with every property given.
    public init(costs: [Int: Double], backoffCost: Double) {
        self.costs = costs
        self.backoffCost = backoffCost
    }
}

/// A word list with counts (one `WORD COUNT` per line, or given as pairs), and optionally word
/// pairs with counts: a vocabulary for tests, benchmarks and lists that have no model.
public struct FrequencyVocabulary: SwipeVocabulary {
    /// The words, most frequent first, with their costs.
    public let words: [(word: String, cost: Double)]
    /// The pair costs by previous word (lower-cased).
    let pairs: [String: SwipeSuccessors]
    /// Names the list.
    public let swipeIdentity: String

    /// A list of `counts` (any order; words with a count of 0 or less are dropped), and `pairs`
    /// (previous word, word, count) from which `p(word | previous)` is interpolated with the
    /// plain frequencies (`pairWeight` of it from the pairs).
    public init(identity: String, counts: [(String, Double)], pairs: [(String, String, Double)] = [], pairWeight: Double = 0.7) {
        var merged: [String: Double] = [:]
        for (word, count) in counts where count > 0 && !word.isEmpty { merged[word, default: 0] += count }
        let total = merged.values.reduce(0, +)
        let sorted = merged.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        words = sorted.map { (word: $0.key, cost: -Self.ln($0.value / max(total, 1))) }
        var rank: [String: Int] = [:]
        for (i, entry) in words.enumerated() where rank[entry.word] == nil { rank[entry.word] = i }
        var grouped: [String: [Int: Double]] = [:]
        for (previous, word, count) in pairs where count > 0 {
            guard let r = rank[word] else { continue }
            grouped[previous.lowercased(), default: [:]][r, default: 0] += count
        }
        var table: [String: SwipeSuccessors] = [:]
        let weight = min(max(pairWeight, 0), 0.99)
        for (previous, followers) in grouped {
            let sum = followers.values.reduce(0, +)
            table[previous] = SwipeSuccessors(costs: followers.mapValues { -Self.ln(weight * $0 / sum) }, backoffCost: -Self.ln(1 - weight))
        }
        self.pairs = table
        swipeIdentity = identity
    }

    /// Parses `WORD COUNT` lines (tabs or spaces; blank lines skipped); nil names the first bad line.
    public static func parse(_ text: String, identity: String) -> Result<FrequencyVocabulary, SwipeVocabularyError> {
        var counts: [(String, Double)] = []
        for (n, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if fields.isEmpty { continue }
            guard fields.count == 2, let count = Double(fields[1]), count.isFinite else {
                return .failure(SwipeVocabularyError(message: "\(identity):\(n + 1): expected 'WORD COUNT', found '\(line.prefix(60))'"))
            }
            counts.append((String(fields[0]), count))
        }
        return .success(FrequencyVocabulary(identity: identity, counts: counts))
    }

    public var swipeWordCount: Int { words.count }

    public func enumerateSwipeWords(_ body: (Int, String, Double) -> Void) {
        for (i, entry) in words.enumerated() { body(i, entry.word, entry.cost) }
    }

    public func swipeWord(at rank: Int) -> String { words.indices.contains(rank) ? words[rank].word : "" }

    public func swipeSuccessors(of previous: String) -> SwipeSuccessors? { pairs[previous.lowercased()] }

    public func swipeFold(_ character: Character) -> Character? { nil }

    static func ln(_ x: Double) -> Double { x > 0 ? PureMath.log(x) : 60 }
}

/// A word list that cannot be read.
public struct SwipeVocabularyError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What is wrong and where.
    public let message: String
    public var description: String { message }
}
