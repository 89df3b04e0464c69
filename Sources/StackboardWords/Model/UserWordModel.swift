import StackboardCore
/// What the user typed, learned on their machine: how often each word and each word pair came,
/// and when last (a tick that counts learned words, not the clock). Bounded: past `maxWords`
/// words or `maxPairs` pairs the least used are dropped. Words are kept as typed (case and accents).
public struct UserWordModel: Equatable, Sendable {
    /// How often, and when last, a word or pair was learned.
    public struct Entry: Equatable, Sendable {
        /// Times learned.
        public var count: Int
        /// The model's tick when it was last learned (larger is more recent).
        public var lastUsed: Int
        /// An entry.
        public init(count: Int, lastUsed: Int) { self.count = count; self.lastUsed = lastUsed }
    }

    /// What a word came after: the start of a sentence or a word (an unknown context learns no pair).
    public enum Context: Hashable, Sendable {
        /// Nothing known before the word (after a reset): the word is learned, no pair.
        case unknown
        /// The first word of a sentence.
        case sentenceStart
        /// After this word.
        case after(String)
    }

    /// Words and their entries.
    public private(set) var words: [String: Entry] = [:]
    /// Pairs by first word ("" is the start of a sentence), then second word.
    public private(set) var pairs: [String: [String: Entry]] = [:]
    /// The number of pairs.
    public private(set) var pairCount = 0
    /// The sum of all word counts.
    public private(set) var totalCount = 0
    /// The sum of the pair counts of each first word.
    public private(set) var contextTotals: [String: Int] = [:]
    /// Incremented by every learned word.
    public private(set) var tick = 0
    /// Most words kept.
    public var maxWords: Int
    /// Most pairs kept.
    public var maxPairs: Int
    /// How words are folded for prefix search.
    public let fold: WordFold
    /// The words sorted by folded key, for prefix search.
    private(set) var index: [IndexEntry] = []

    struct IndexEntry: Equatable, Sendable {
        var key: [UInt8]
        var word: String
        static func precedes(_ a: IndexEntry, _ b: IndexEntry) -> Bool {
            a.key != b.key ? a.key.lexicographicallyPrecedes(b.key) : a.word < b.word
        }
    }

    /// The longest word learned, in UTF-8 bytes (longer ones are not words a user means to repeat).
    public static let maxWordBytes = 48

    /// An empty model folding with `fold`, bounded to `maxWords` words and `maxPairs` pairs.
    public init(fold: WordFold = .basic, maxWords: Int = 20_000, maxPairs: Int = 60_000) {
        self.fold = fold
        self.maxWords = max(1, maxWords)
        self.maxPairs = max(1, maxPairs)
    }

    /// Whether `word` can be learned: 1 to 48 bytes, no control characters, no spaces.
    public static func isLearnable(_ word: String) -> Bool {
        let n = word.utf8.count
        return n > 0 && n <= maxWordBytes && !word.unicodeScalars.contains {
            // ASCII (most words, and every line of a learned words file read) without Unicode's
            // tables: its controls and white space are U+0000...U+0020 and U+007F.
            $0.isASCII ? $0.value <= 0x20 || $0.value == 0x7F
                : $0.properties.generalCategory == .control || $0.properties.isWhitespace || $0.value == 0xFFFD
        }
    }

    /// Learns `word` after `context` (once more, now).
    public mutating func learn(_ word: String, after context: Context) {
        guard Self.isLearnable(word) else { return }
        tick += 1
        add(word, Entry(count: 1, lastUsed: tick))
        if let first = Self.first(of: context) {
            addPair(first, word, Entry(count: 1, lastUsed: tick))
        }
        prune()
    }

    /// Takes back one `learn(word, after: context)` (an accepted suggestion that was undone).
    public mutating func unlearn(_ word: String, after context: Context) {
        if var entry = words[word] {
            entry.count -= 1
            totalCount -= 1
            if entry.count <= 0 { removeWord(word) } else { words[word] = entry }
        }
        if let first = Self.first(of: context), var entry = pairs[first]?[word] {
            entry.count -= 1
            contextTotals[first, default: 1] -= 1
            if entry.count <= 0 { removePair(first, word) } else { pairs[first]?[word] = entry }
        }
    }

    /// Forgets `word` (every case of it) and every pair it is in; returns how many entries went.
    @discardableResult
    public mutating func forget(_ word: String) -> Int {
        let lower = word.lowercased()
        var removed = 0
        for w in words.keys where w.lowercased() == lower { removeWord(w); removed += 1 }
        for (first, seconds) in pairs {
            if first.lowercased() == lower {
                for second in seconds.keys { removePair(first, second); removed += 1 }
                continue
            }
            for second in seconds.keys where second.lowercased() == lower { removePair(first, second); removed += 1 }
        }
        return removed
    }

    /// Adds what `other` learned, as learned after everything here (its ticks follow this
    /// model's): the words learned while this model was being read from its file.
    public mutating func absorb(_ other: UserWordModel) {
        let offset = tick
        for (word, entry) in other.words { add(word, Entry(count: entry.count, lastUsed: entry.lastUsed + offset)) }
        for (first, seconds) in other.pairs {
            for (second, entry) in seconds { addPair(first, second, Entry(count: entry.count, lastUsed: entry.lastUsed + offset)) }
        }
        tick = max(tick, offset + other.tick)
        prune()
    }

    /// Forgets everything.
    public mutating func clear() {
        self = UserWordModel(fold: fold, maxWords: maxWords, maxPairs: maxPairs)
    }

    /// The learned words whose keys start with `prefix` (folded UTF-8), at most `limit` of them.
    func words(withKeyPrefix prefix: [UInt8], limit: Int) -> [String] {
        var low = 0, high = index.count
        while low < high {
            let mid = (low + high) / 2
            if index[mid].key.lexicographicallyPrecedes(prefix) { low = mid + 1 } else { high = mid }
        }
        var out: [String] = []
        var i = low
        while i < index.count, index[i].key.starts(with: prefix), out.count < limit {
            out.append(index[i].word)
            i += 1
        }
        return out
    }

    static func first(of context: Context) -> String? {
        switch context {
        case .unknown: return nil
        case .sentenceStart: return ""
        case .after(let word): return word
        }
    }

    /// Adds a word entry as read from a file or learned (counts add up, the later tick wins).
    /// Without `indexing` (a file being read) the prefix index is left for `finishReading` to
    /// make once, after the last word: inserting each word in order would move it 20,000 times.
    mutating func add(_ word: String, _ entry: Entry, indexing: Bool = true) {
        if var existing = words[word] {
            existing.count += entry.count
            existing.lastUsed = max(existing.lastUsed, entry.lastUsed)
            words[word] = existing
        } else {
            words[word] = entry
            if indexing {
                let item = IndexEntry(key: Array(fold.key(word).utf8), word: word)
                index.insert(item, at: insertionPoint(item))
            }
        }
        totalCount += entry.count
        tick = max(tick, entry.lastUsed)
    }

    /// Adds a pair entry (`first` "" is the start of a sentence).
    mutating func addPair(_ first: String, _ second: String, _ entry: Entry) {
        if var existing = pairs[first]?[second] {
            existing.count += entry.count
            existing.lastUsed = max(existing.lastUsed, entry.lastUsed)
            pairs[first]?[second] = existing
        } else {
            pairs[first, default: [:]][second] = entry
            pairCount += 1
        }
        contextTotals[first, default: 0] += entry.count
        tick = max(tick, entry.lastUsed)
    }

    private func insertionPoint(_ item: IndexEntry) -> Int {
        var low = 0, high = index.count
        while low < high {
            let mid = (low + high) / 2
            if IndexEntry.precedes(index[mid], item) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Removes a word; without `indexing` its index entry is left for the caller to filter out
    /// (pruning drops thousands at once).
    private mutating func removeWord(_ word: String, indexing: Bool = true) {
        guard let entry = words.removeValue(forKey: word) else { return }
        totalCount -= entry.count
        guard indexing else { return }
        let item = IndexEntry(key: Array(fold.key(word).utf8), word: word)
        let at = insertionPoint(item)
        if at < index.count, index[at] == item { index.remove(at: at) }
    }

    private mutating func removePair(_ first: String, _ second: String) {
        guard let entry = pairs[first]?.removeValue(forKey: second) else { return }
        pairCount -= 1
        contextTotals[first, default: entry.count] -= entry.count
        if pairs[first]?.isEmpty ?? false { pairs[first] = nil; contextTotals[first] = nil }
    }

    /// Makes the prefix index of the words added without indexing.
    mutating func finishReading() {
        index = words.keys.map { IndexEntry(key: Array(fold.key($0).utf8), word: $0) }
        index.sort(by: IndexEntry.precedes)
    }

    /// Drops the least used tenth when a bound is passed (least count first, then oldest). It
    /// runs inside `learn`, on the keyboard's loop: the entries are ranked by their numbers
    /// (words only where those tie) and the index is filtered once, not searched per word.
    mutating func prune() {
        if words.count > maxWords {
            var ranked = words.map { (word: $0.key, entry: $0.value) }
            ranked.sort { Self.lessUsed($0.entry, $1.entry) ?? ($0.word < $1.word) }
            var gone = Set<String>(minimumCapacity: words.count - maxWords * 9 / 10)
            for item in ranked.prefix(words.count - maxWords * 9 / 10) {
                removeWord(item.word, indexing: false)
                gone.insert(item.word)
            }
            ranked = []
            index.removeAll { gone.contains($0.word) }
        }
        if pairCount > maxPairs {
            var ranked: [(first: String, second: String, entry: Entry)] = []
            ranked.reserveCapacity(pairCount)
            for (first, seconds) in pairs {
                for (second, entry) in seconds { ranked.append((first, second, entry)) }
            }
            ranked.sort { Self.lessUsed($0.entry, $1.entry) ?? (($0.first, $0.second) < ($1.first, $1.second)) }
            for item in ranked.prefix(pairCount - maxPairs * 9 / 10) { removePair(item.first, item.second) }
        }
    }

    /// Whether `a` is less used than `b` (fewer times, else longer ago); nil when they tie.
    private static func lessUsed(_ a: Entry, _ b: Entry) -> Bool? {
        if a.count != b.count { return a.count < b.count }
        if a.lastUsed != b.lastUsed { return a.lastUsed < b.lastUsed }
        return nil
    }
}
