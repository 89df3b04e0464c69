import StackboardCore

/// The search of `TapDecoder`: a walk down the model's words in key order as a trie. Each prefix
/// carries a row: entry j is the cheapest way to spend the first j taps on the prefix's letters
/// (taps on letters at their spatial cost, letters with no tap, taps with no letter, two letters
/// swapped). A prefix whose row is everywhere above the worst word kept is not gone down.
struct TapSearch {
    let view: WordModelView
    let language: TapLanguageCosts
    let spatial: TapSpatialTable
    let parameters: TapParameters
    let limit: Int
    /// Words that cost this or more are of no use (the literal word's cost less the margin).
    let ceiling: Double
    /// The least any word can cost in the context (a bound on the language's part).
    let leastLanguage: Double
    /// The words found, best first (at most `limit`).
    private(set) var found: [TapCandidate] = []
    /// Prefixes looked at (for tests and measurements).
    private(set) var visited = 0
    private var rows: [UInt32: [Double]?] = [:]

    init(view: WordModelView, language: TapLanguageCosts, spatial: TapSpatialTable, parameters: TapParameters, limit: Int,
         ceiling: Double = .infinity) {
        self.view = view
        self.ceiling = ceiling
        leastLanguage = parameters.languageWeight * language.leastCost
        self.language = language
        self.spatial = spatial
        self.parameters = parameters
        self.limit = limit
    }

    /// Walks every word.
    mutating func run() {
        let n = spatial.count
        let root = (0...n).map { Double($0) * parameters.insertion }
        visit(lo: 0, hi: view.wordCount, depth: 0, row: root, parent: nil, letter: nil)
    }

    /// The total cost a word must beat to be kept.
    private var bound: Double {
        guard found.count >= limit, let worst = found.last else { return ceiling }
        return min(ceiling, worst.cost)
    }

    /// The taps' cost a prefix must stay under to be worth going down.
    private var spatialBound: Double { min(parameters.spatialCap, bound - leastLanguage) }

    private mutating func visit(lo: Int, hi: Int, depth: Int, row: [Double], parent: [Double]?, letter: UInt32?) {
        visited += 1
        let n = spatial.count
        var p = lo
        // The words that end here come first in key order.
        while p < hi, view.key(view.wordInOrder(p)).count == depth {
            if depth > 0, row[n] < spatialBound { consider(view.wordInOrder(p), spatial: row[n]) }
            p += 1
        }
        // The letters that follow, cheapest first, so that good words are found early and
        // tighten the bound for the rest.
        var children: [(lo: Int, hi: Int, length: Int, letter: UInt32, row: [Double], least: Double)] = []
        while p < hi {
            let key = view.key(view.wordInOrder(p))
            let (scalar, length) = Self.scalar(in: key, at: depth)
            let end = groupEnd(from: p, to: hi, depth: depth, bytes: UnsafeRawBufferPointer(rebasing: key[depth..<min(key.count, depth + length)]))
            let child = next(row, parent: parent, letter: scalar, previous: letter)
            let least = child.min() ?? .infinity
            if least < spatialBound { children.append((p, end, length, scalar, child, least)) }
            p = end
        }
        children.sort { $0.least < $1.least }
        for child in children where child.least < spatialBound {
            visit(lo: child.lo, hi: child.hi, depth: depth + child.length, row: child.row, parent: row, letter: child.letter)
        }
    }

    /// The row of a prefix extended by `letter` (after `previous`).
    private mutating func next(_ row: [Double], parent: [Double]?, letter: UInt32, previous: UInt32?) -> [Double] {
        let n = spatial.count
        let costs = spatialRow(letter)
        let omit = costs == nil ? parameters.keylessOmission : (letter == previous ? parameters.repeatOmission : parameters.omission)
        var out = [Double](repeating: .infinity, count: n + 1)
        out[0] = row[0] + omit
        let swapped = parent != nil && previous != nil ? previous.flatMap { spatialRow($0) } : nil
        for j in 1...max(1, n) where j <= n {
            var v = row[j] + omit
            if let costs { v = min(v, row[j - 1] + costs[j - 1]) }
            v = min(v, out[j - 1] + parameters.insertion)
            if j >= 2, let costs, let swapped, let parent {
                v = min(v, parent[j - 2] + costs[j - 2] + swapped[j - 1] + parameters.transposition)
            }
            out[j] = v
        }
        return out
    }

    private mutating func spatialRow(_ letter: UInt32) -> [Double]? {
        if let known = rows[letter] { return known }
        let row = spatial.row(letter)
        rows[letter] = .some(row)
        return row
    }

    /// Keeps word `id` if it is among the best.
    private mutating func consider(_ id: Int, spatial cost: Double) {
        let lm = parameters.languageWeight * language.cost(id)
        let total = cost + lm
        guard total < bound else { return }
        let word = view.word(id)
        let folded = word.lowercased()
        if let same = found.firstIndex(where: { $0.word.lowercased() == folded }) {
            guard total < found[same].cost else { return }
            found.remove(at: same)
        }
        let candidate = TapCandidate(word: word, spatial: cost, language: lm, cost: total)
        found.insert(candidate, at: found.firstIndex { $0.cost > total } ?? found.count)
        if found.count > limit { found.removeLast() }
    }

    /// The first position after `from` (below `to`) whose key's bytes at `depth` are not `bytes`
    /// (every key in the range shares the bytes before `depth`; they are sorted).
    private func groupEnd(from: Int, to: Int, depth: Int, bytes: UnsafeRawBufferPointer) -> Int {
        var low = from + 1, high = to
        while low < high {
            let mid = (low + high) / 2
            if Self.after(view.key(view.wordInOrder(mid)), depth: depth, bytes: bytes) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    private static func after(_ key: UnsafeRawBufferPointer, depth: Int, bytes: UnsafeRawBufferPointer) -> Bool {
        for (i, b) in bytes.enumerated() {
            guard depth + i < key.count else { return false }
            if key[depth + i] != b { return key[depth + i] > b }
        }
        return false
    }

    /// The Unicode scalar at byte `at` of UTF-8 `key`, and its length in bytes.
    static func scalar(in key: UnsafeRawBufferPointer, at: Int) -> (UInt32, Int) {
        let lead = key[at]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard at + length <= key.count else { return (UInt32(lead), 1) }
        var value: UInt32
        switch length {
        case 1: return (UInt32(lead), 1)
        case 2: value = UInt32(lead & 0x1F)
        case 3: value = UInt32(lead & 0x0F)
        default: value = UInt32(lead & 0x07)
        }
        for i in 1..<length { value = value << 6 | UInt32(key[at + i] & 0x3F) }
        return (value, length)
    }
}
