import StackboardCore
/// Writes the shipped-model format in Swift (the generator, scripts/make-words.py, writes the same
/// bytes): for tests, for hand-made small models and for the empty model.
public enum WordModelWriter {
    /// An ending back-off to write (see `ShippedWordModel`): the classes sorted bytewise (an
    /// ending class is a key's last `letters` letters, or " " and the whole key; "" as a context
    /// is the start of a sentence), each context's factor for the classes it has no entry for,
    /// and its entries (ending class index, factor) in ascending class order.
    public struct Endings: Sendable {
        /// Letters of a word's ending class.
        public var letters: Int
        /// Letters of the word before's (the context's) ending class.
        public var contextLetters: Int
        /// The ending classes, sorted bytewise.
        public var classes: [String]
        /// The context classes, sorted bytewise.
        public var contexts: [String]
        /// For each context, the factor of the classes it has no entry for.
        public var contextFactor: [Double]
        /// For each context, (ending class index, factor), ascending by class.
        public var entries: [[(Int, Double)]]
        /// The section's version (1; another only to test that it is refused).
        public var version = 1
        /// An ending back-off of these tables.
        public init(letters: Int, contextLetters: Int, classes: [String], contexts: [String],
                    contextFactor: [Double], entries: [[(Int, Double)]]) {
            self.letters = letters; self.contextLetters = contextLetters
            self.classes = classes; self.contexts = contexts
            self.contextFactor = contextFactor; self.entries = entries
        }
    }

    /// A model's bytes. `words` are in frequency order (id = index) with their probabilities;
    /// `pairs[context]` lists successors (word id, p(successor | context)) where context is a word id
    /// or `words.count` for the start of a sentence; `backoff[context]` is that context's back-off
    /// weight (default 1); `fold` maps scalars for matching (default `WordFold.basic`'s table).
    /// `triples[[a, b]]` lists successors of a then b (a may be `words.count`), with `tripleBackoff`.
    public static func encode(language: String, words: [(String, Double)], pairs: [Int: [(Int, Double)]],
                              backoff: [Int: Double], fold: [UInt32: UInt32?]? = nil,
                              triples: [[Int]: [(Int, Double)]] = [:], tripleBackoff: [[Int]: Double] = [:],
                              endings: Endings? = nil) -> [UInt8] {
        let table = fold ?? Dictionary(uniqueKeysWithValues: (0x300..<0x370).map { (UInt32($0), UInt32?.none) })
        let folder = WordFold(table: table)
        let w = words.count
        var text: [UInt8] = [], ends: [UInt32] = [0], keys: [UInt8] = [], keyRefs: [UInt32] = [], keyLengths: [UInt8] = []
        var keyOf: [[UInt8]] = []
        for (shown, _) in words {
            text += Array(shown.utf8); ends.append(UInt32(text.count))
            let k = Array(folder.key(shown).utf8)
            keyOf.append(k)
            if k == Array(shown.utf8) { keyRefs.append(UInt32.max) } else { keyRefs.append(UInt32(keys.count)); keys += k }
            keyLengths.append(UInt8(min(255, k.count)))
        }
        let order = (0..<w).sorted { a, b in keyOf[a] != keyOf[b] ? keyOf[a].lexicographicallyPrecedes(keyOf[b]) : a < b }
        var pairStart: [UInt32] = [0], pairWord: [UInt32] = [], pairCost: [UInt16] = []
        for context in 0...w {
            for (word, p) in (pairs[context] ?? []).sorted(by: { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }) where (0..<w).contains(word) {
                pairWord.append(UInt32(word)); pairCost.append(cost(p))
            }
            pairStart.append(UInt32(pairWord.count))
        }
        var body: [UInt8] = []
        func pad() { while body.count % 4 != 0 { body.append(0) } }
        func put32(_ values: [UInt32]) { for v in values { withUnsafeBytes(of: v.littleEndian) { body += $0 } } }
        func put16(_ values: [UInt16]) { for v in values { withUnsafeBytes(of: v.littleEndian) { body += $0 } }; pad() }
        body += text; pad()
        put32(ends)
        body += keys; pad()
        put32(keyRefs)
        body += keyLengths; pad()
        put32(order.map { UInt32($0) })
        put16(words.map { cost($0.1) })
        put16((0...w).map { cost(backoff[$0] ?? 1) })
        put32(pairStart)
        put32(pairWord)
        put16(pairCost)
        for (from, to) in table.sorted(by: { $0.key < $1.key }) { put32([from, to ?? 0]) }
        let contexts = triples.keys.filter { $0.count == 2 }.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }
        var triStart: [UInt32] = [0], triWord: [UInt32] = [], triCost: [UInt16] = []
        for context in contexts {
            for (word, p) in (triples[context] ?? []).sorted(by: { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }) {
                triWord.append(UInt32(word)); triCost.append(cost(p))
            }
            triStart.append(UInt32(triWord.count))
        }
        put32(contexts.flatMap { [UInt32($0[0]), UInt32($0[1])] })
        if !contexts.isEmpty { put32(triStart) }
        put16(contexts.map { cost(tripleBackoff[$0] ?? 1) })
        put32(triWord)
        put16(triCost)
        let beforeEndings = body.count
        if let e = endings {
            func strings(_ items: [String]) -> (text: [UInt8], ends: [UInt32]) {
                var text: [UInt8] = [], ends: [UInt32] = [0]
                for item in items { text += Array(item.utf8); ends.append(UInt32(text.count)) }
                return (text, ends)
            }
            let classes = strings(e.classes), contexts = strings(e.contexts)
            let flat = e.entries.flatMap { $0 }
            put32([e.version, e.letters, e.contextLetters, e.classes.count, e.contexts.count, flat.count,
                   classes.text.count, contexts.text.count].map { UInt32($0) })
            body += classes.text; pad(); put32(classes.ends)
            body += contexts.text; pad(); put32(contexts.ends)
            put16(e.contextFactor.map { UInt16(bitPattern: factorCost($0)) })
            var start: [UInt32] = [0]
            for list in e.entries { start.append(start[start.count - 1] + UInt32(list.count)) }
            put32(start)
            put16(flat.map { UInt16($0.0) })
            put16(flat.map { UInt16(bitPattern: factorCost($0.1)) })
        }
        let endingBytes = body.count - beforeEndings
        var header = ShippedWordModel.magic
        func head32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { header += $0 } }
        [w, pairWord.count, table.count, text.count, keys.count, 0].forEach(head32)
        let tag = Array(language.utf8.prefix(15))
        header += tag + [UInt8](repeating: 0, count: 16 - tag.count)
        head32(64 + body.count)
        head32(contexts.count)
        head32(triWord.count)
        head32(endingBytes)
        return header + body
    }

    /// A factor as a signed cost, `round(-ln f × 1024)` clamped to 16 bits.
    public static func factorCost(_ f: Double) -> Int16 {
        guard f > 0 else { return Int16.max }
        return Int16(max(-32768, min(32767, (-PureMath.log(f) * ShippedWordModel.costScale).rounded())))
    }

    /// `round(-ln p × 1024)` clamped to 0...65535.
    public static func cost(_ p: Double) -> UInt16 {
        guard p > 0 else { return UInt16.max }
        return UInt16(max(0, min(65535, (-PureMath.log(p) * ShippedWordModel.costScale).rounded())))
    }
}
