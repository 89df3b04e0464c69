import StackboardCore
/// Every word of a vocabulary that can be swiped on a set of letter keys, as letter slots,
/// grouped by the slot it starts on: built once per vocabulary and letter set, kept across
/// resizes (only the key centres change).
///
/// Compact, for a keyboard that keeps it for its whole life (80,000 words: about 1.4 MB): the
/// entries of one starting slot are contiguous, most frequent first, so a bucket is a range of
/// entries and of slot bytes, and each entry stores only its length, rank and cost. Every array
/// is allocated at its final size (the per-bucket lists it is built from are freed).
struct SwipeIndex: Sendable {
    /// Names what it was built from: the vocabulary's identity and the letters' signature.
    let identity: String
    /// Every entry's slots, one after another, bucket after bucket.
    private(set) var slots: [UInt8] = []
    /// Entry i's number of slots (2 ... 255: longer words are not indexed).
    private(set) var lengths: [UInt8] = []
    /// Entry i's rank in the vocabulary.
    private(set) var ranks: [UInt32] = []
    /// Entry i's cost (`-ln p`).
    private(set) var costs: [Float] = []
    /// Bucket b (the entries starting on slot b) is entries `bucketEntries[b] ..< bucketEntries[b + 1]`.
    private(set) var bucketEntries: [Int32]
    /// ... and its slots start at `bucketSlots[b]` in `slots`.
    private(set) var bucketSlots: [Int32]

    /// Indexes the words of `vocabulary` that `keyboard` can write with at least two letter
    /// slots (one-letter words are tapped).
    init(vocabulary: SwipeVocabulary, keyboard: SwipeKeyboard) {
        identity = vocabulary.swipeIdentity + "|" + keyboard.signature
        let letters = keyboard.letters.count
        var parts = [Part](repeating: Part(), count: letters)
        vocabulary.enumerateSwipeWords { rank, word, cost in
            guard let path = keyboard.slots(of: word, fold: vocabulary.swipeFold), path.count >= 2, path.count <= 255,
                  let first = path.first else { return }
            parts[Int(first)].add(path, rank: rank, cost: cost)
        }
        let entries = parts.reduce(0) { $0 + $1.ranks.count }, bytes = parts.reduce(0) { $0 + $1.slots.count }
        slots.reserveCapacity(bytes)
        lengths.reserveCapacity(entries)
        ranks.reserveCapacity(entries)
        costs.reserveCapacity(entries)
        bucketEntries = [0]
        bucketSlots = [0]
        bucketEntries.reserveCapacity(letters + 1)
        bucketSlots.reserveCapacity(letters + 1)
        for b in parts.indices {
            slots += parts[b].slots
            lengths += parts[b].lengths
            ranks += parts[b].ranks
            costs += parts[b].costs
            parts[b] = Part() // freed now: the peak is the index plus one bucket's lists
            bucketEntries.append(Int32(ranks.count))
            bucketSlots.append(Int32(slots.count))
        }
    }

    /// The words starting on one slot while the index is built.
    private struct Part {
        var slots: [UInt8] = [], lengths: [UInt8] = [], ranks: [UInt32] = [], costs: [Float] = []

        mutating func add(_ path: [UInt8], rank: Int, cost: Double) {
            slots += path
            lengths.append(UInt8(path.count))
            ranks.append(UInt32(rank))
            costs.append(Float(cost))
        }
    }

    /// How many words it holds.
    var count: Int { ranks.count }

    /// How many buckets (letter slots) it has.
    var bucketCount: Int { bucketEntries.count - 1 }

    /// Calls `body` with each entry of bucket `bucket` (most frequent first) and where its slots
    /// start in `slots`.
    func forEachEntry(inBucket bucket: Int, _ body: (_ entry: Int, _ start: Int) -> Void) {
        var start = Int(bucketSlots[bucket])
        for entry in Int(bucketEntries[bucket])..<Int(bucketEntries[bucket + 1]) {
            body(entry, start)
            start += Int(lengths[entry])
        }
    }

    /// The slots of entry `entry`, whose slots start at `start` (as `forEachEntry` gives it).
    func path(_ entry: Int, start: Int) -> ArraySlice<UInt8> { slots[start..<(start + Int(lengths[entry]))] }
}
