/// Every word of a vocabulary that can be swiped on a set of letter keys, as letter slots,
/// grouped by the slot it starts on: built once per vocabulary and letter set, kept across
/// resizes (only the key centres change).
struct SwipeIndex: Sendable {
    /// Names what it was built from: the vocabulary's identity and the letters' signature.
    let identity: String
    /// Every entry's slots, one after another.
    var slots: [UInt8] = []
    /// Where entry i's slots start in `slots` (one more than there are entries).
    var starts: [Int32] = [0]
    /// Entry i's rank in the vocabulary.
    var ranks: [Int32] = []
    /// Entry i's cost (`-ln p`).
    var costs: [Float] = []
    /// The entries that start on each slot, most frequent first.
    var buckets: [[Int32]]

    /// Indexes the words of `vocabulary` that `keyboard` can write with at least two letter
    /// slots (one-letter words are tapped).
    init(vocabulary: SwipeVocabulary, keyboard: SwipeKeyboard) {
        identity = vocabulary.swipeIdentity + "|" + keyboard.signature
        buckets = Array(repeating: [], count: keyboard.letters.count)
        var slots: [UInt8] = [], starts: [Int32] = [0], ranks: [Int32] = [], costs: [Float] = []
        var buckets = self.buckets
        slots.reserveCapacity(vocabulary.swipeWordCount * 6)
        vocabulary.enumerateSwipeWords { rank, word, cost in
            guard let path = keyboard.slots(of: word, fold: vocabulary.swipeFold), path.count >= 2, let first = path.first else { return }
            buckets[Int(first)].append(Int32(ranks.count))
            slots += path
            starts.append(Int32(slots.count))
            ranks.append(Int32(rank))
            costs.append(Float(cost))
        }
        self.slots = slots
        self.starts = starts
        self.ranks = ranks
        self.costs = costs
        self.buckets = buckets
    }

    /// How many words it holds.
    var count: Int { ranks.count }

    /// The slots of entry `entry`.
    func path(_ entry: Int) -> ArraySlice<UInt8> { slots[Int(starts[entry])..<Int(starts[entry + 1])] }
}
