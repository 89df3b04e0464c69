import StackboardCore

/// The search of `TapDecoder`: a walk down the model's words in key order as a trie. Each prefix
/// carries a row: entry j is the cheapest way to spend the first j taps on the prefix's letters
/// (taps on letters at their spatial cost, letters with no tap, taps with no letter, two letters
/// swapped). A prefix whose row is everywhere above the worst word kept is not gone down.
///
/// Where the language writes compounds closed up (`CompoundRule`), the words that may begin one
/// (heads, the cheapest few) are noted on the way, and the walk goes down the model once more
/// from each, for the rest of the taps (the tail, scored on its frequency alone).
struct TapSearch {
    let view: WordModelView
    let language: TapLanguageCosts
    let spatial: TapSpatialTable
    let parameters: TapParameters
    let limit: Int
    /// Words that cost this or more are of no use (the literal word's cost less the margin).
    let ceiling: Double
    /// The language's compounds (nil: none are looked for).
    let compound: CompoundRule?
    /// The least any word can cost in the context (a bound on the language's part); in a walk
    /// for a compound's tail, the least the compound can cost besides its taps.
    private var leastLanguage: Double
    /// The words found, best first (at most `limit`).
    private(set) var found: [TapCandidate] = []
    /// Prefixes looked at (for tests and measurements).
    private(set) var visited = 0
    private var rows: [UInt32: [Double]?] = [:]
    /// The words that may begin a compound, cheapest first (at most `parameters.compoundHeads`).
    private var heads: [CompoundHead] = []
    /// The least a compound's part costs (the model's most frequent word as one).
    private let leastPart: Double
    /// The compound's beginning while its tail is walked for (nil in the first walk).
    private var tail: (head: String, cost: Double)?

    init(view: WordModelView, language: TapLanguageCosts, spatial: TapSpatialTable, parameters: TapParameters, limit: Int,
         ceiling: Double = .infinity, compound: CompoundRule? = nil) {
        self.view = view
        self.ceiling = ceiling
        leastLanguage = parameters.languageWeight * language.leastCost
        self.language = language
        self.spatial = spatial
        self.parameters = parameters
        self.limit = limit
        self.compound = compound.flatMap { spatial.count >= $0.minimumHead + $0.minimumTail ? $0 : nil }
        leastPart = view.wordCount > 0 ? parameters.compoundPartCost(view.unigramCost(0)) : 0
    }

    /// Walks every word, then every compound's tail after the heads noted.
    mutating func run() {
        let n = spatial.count
        let root = spatial.rootRow
        visit(lo: 0, hi: view.wordCount, depth: 0, row: root, parent: nil, letter: nil)
        guard let compound else { return }
        for head in heads where head.score + leastPart < bound {
            let word = view.word(head.id)
            var starts: [(head: String, row: [Double], cost: Double)] = [(word, head.row, head.cost)]
            for link in compound.links {
                let linked = Self.step(head.row, parent: nil, costs: spatialRow(Self.value(link)), swapped: nil, repeated: false,
                                       insertions: spatial.insertions, parameters: parameters)
                starts.append((word + String(link), linked, head.cost + parameters.compoundLink))
            }
            for start in starts {
                tail = (start.head, start.cost)
                leastLanguage = start.cost + leastPart
                // Each part takes at least its fewest letters' worth of taps.
                var row = start.row
                for j in row.indices where j < compound.minimumHead || j > n - compound.minimumTail { row[j] = .infinity }
                visit(lo: 0, hi: view.wordCount, depth: 0, row: row, parent: nil, letter: nil)
            }
        }
        tail = nil
    }

    /// The total cost a word must beat to be kept.
    private var bound: Double {
        guard found.count >= limit, let worst = found.last else { return ceiling }
        return min(ceiling, worst.cost)
    }

    /// The taps' cost a prefix must stay under to be worth going down.
    private var spatialBound: Double { min(tail == nil ? parameters.spatialCap : parameters.compoundSpatialCap, bound - leastLanguage) }

    private mutating func visit(lo: Int, hi: Int, depth: Int, row: [Double], parent: [Double]?, letter: UInt32?) {
        visited += 1
        let n = spatial.count
        var p = lo
        // The words that end here come first in key order.
        while p < hi, view.key(view.wordInOrder(p)).count == depth {
            let id = view.wordInOrder(p)
            if let tail {
                if depth >= (compound?.minimumTail ?? 0), row[n] < spatialBound { considerTail(id, after: tail, spatial: row[n]) }
            } else {
                if depth > 0, row[n] < spatialBound { consider(id, spatial: row[n]) }
                if let compound, depth >= compound.minimumHead { noteHead(id, row: row, rule: compound) }
            }
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

    /// Notes word `id` as a compound's head if its taps (leaving enough for a tail) are among
    /// the cheapest heads' and could make a compound under the bound.
    private mutating func noteHead(_ id: Int, row: [Double], rule: CompoundRule) {
        let n = spatial.count
        guard n - rule.minimumTail >= rule.minimumHead else { return }
        let taps = row[rule.minimumHead...(n - rule.minimumTail)].min() ?? .infinity
        let cost = parameters.compoundBase + parameters.compoundPartCost(view.unigramCost(id))
        let score = taps + cost
        guard taps < parameters.spatialCap, score + leastPart < bound else { return }
        if heads.count >= parameters.compoundHeads, let last = heads.last, last.score <= score { return }
        heads.insert(CompoundHead(id: id, row: row, cost: cost, score: score), at: heads.firstIndex { $0.score > score } ?? heads.count)
        if heads.count > parameters.compoundHeads { heads.removeLast() }
    }

    /// Keeps the compound of `after`'s head and word `id` if it is among the best.
    private mutating func considerTail(_ id: Int, after: (head: String, cost: Double), spatial cost: Double) {
        let lm = after.cost + parameters.compoundPartCost(view.unigramCost(id))
        guard cost + lm < bound else { return }
        keep(TapCandidate(word: after.head + view.word(id).lowercased(), spatial: cost, language: lm, cost: cost + lm))
    }

    /// The row of a prefix extended by `letter` (after `previous`).
    private mutating func next(_ row: [Double], parent: [Double]?, letter: UInt32, previous: UInt32?) -> [Double] {
        let swapped = parent != nil && previous != nil ? previous.flatMap { spatialRow($0) } : nil
        return Self.step(row, parent: parent, costs: spatialRow(letter), swapped: swapped, repeated: letter == previous,
                         insertions: spatial.insertions, parameters: parameters)
    }

    /// The row of a prefix extended by a letter whose taps cost `costs` (nil: the layer has no key
    /// for it), given the row before it (`parent`, for two letters swapped, with the costs of
    /// the letter before, `swapped`), whether it repeats that letter, and what each tap costs
    /// left out of the word (`insertions`).
    static func step(_ row: [Double], parent: [Double]?, costs: [Double]?, swapped: [Double]?, repeated: Bool,
                     insertions: [Double], parameters: TapParameters) -> [Double] {
        let n = row.count - 1
        let omit = costs == nil ? parameters.keylessOmission : (repeated ? parameters.repeatOmission : parameters.omission)
        var out = [Double](repeating: .infinity, count: n + 1)
        out[0] = row[0] + omit
        for j in 1...max(1, n) where j <= n {
            var v = row[j] + omit
            if let costs { v = min(v, row[j - 1] + costs[j - 1]) }
            v = min(v, out[j - 1] + insertions[j - 1])
            if j >= 2, let costs, let swapped, let parent {
                v = min(v, parent[j - 2] + costs[j - 2] + swapped[j - 1] + parameters.transposition)
            }
            out[j] = v
        }
        return out
    }

    /// The taps' cost of word `id` on the keys of its own letters, where one of them shares its
    /// folded letter with another key (`sondern` tapped `söndern` on a German layer costs the
    /// tap's distance from `o`, not nothing); else `folded`, what the walk found. Never less
    /// than `folded`, so the walk's bounds hold.
    private mutating func ownSpatial(_ id: Int, word: String, folded: Double) -> Double {
        guard !spatial.own.isEmpty else { return folded }
        let letters = word.unicodeScalars.map(\.value)
        guard letters.contains(where: { spatial.own[$0] != nil }) else { return folded }
        let key = view.key(id)
        var keyLetters: [UInt32] = []
        var at = 0
        while at < key.count {
            let (scalar, length) = Self.scalar(in: key, at: at)
            keyLetters.append(scalar)
            at += length
        }
        guard letters.count == keyLetters.count else { return folded }
        var row = spatial.rootRow
        var parent: [Double]?
        var previous: (letter: UInt32, costs: [Double]?)?
        for (letter, own) in zip(keyLetters, letters) {
            let costs = spatial.own[own] ?? spatialRow(letter)
            let next = Self.step(row, parent: parent, costs: costs, swapped: parent == nil ? nil : previous?.costs,
                                 repeated: letter == previous?.letter, insertions: spatial.insertions, parameters: parameters)
            parent = row
            row = next
            previous = (letter, costs)
        }
        return max(folded, row[spatial.count])
    }

    private mutating func spatialRow(_ letter: UInt32) -> [Double]? {
        if let known = rows[letter] { return known }
        let row = spatial.row(letter)
        rows[letter] = .some(row)
        return row
    }

    /// Keeps word `id` if it is among the best.
    private mutating func consider(_ id: Int, spatial folded: Double) {
        let lm = parameters.languageWeight * language.cost(id)
        guard folded + lm < bound else { return }
        let word = view.word(id)
        let cost = ownSpatial(id, word: word, folded: folded)
        guard cost + lm < bound else { return }
        keep(TapCandidate(word: word, spatial: cost, language: lm, cost: cost + lm))
    }

    /// Keeps `candidate` among the best (one per word in any case, the cheaper).
    private mutating func keep(_ candidate: TapCandidate) {
        let lower = candidate.word.lowercased()
        if let same = found.firstIndex(where: { $0.word.lowercased() == lower }) {
            guard candidate.cost < found[same].cost else { return }
            found.remove(at: same)
        }
        found.insert(candidate, at: found.firstIndex { $0.cost > candidate.cost } ?? found.count)
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

    /// The value of `letter`'s first scalar.
    static func value(_ letter: Character) -> UInt32 { letter.unicodeScalars.first?.value ?? 0 }

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

/// A word that may begin a compound: its taps' row, its cost as a head (`compoundBase` and its
/// part of the weight) and the least a compound from it costs besides the tail's (`score`).
struct CompoundHead {
    var id: Int
    var row: [Double]
    var cost: Double
    var score: Double
}
