import StackboardCore
/// A shipped word model (`Resources/words/LANG.words`, made by `scripts/make-words.py`): words
/// ranked by frequency, their keys (folded forms) in sorted order for prefix search, and for each
/// word (and for the start of a sentence) its most likely successors. All little-endian:
///
/// ```
/// header (64 bytes): "SBWORDS1", u32 words W, pairs P, folds F, text bytes T, key bytes K,
///                    flags (0), language (16 bytes, NUL-padded), u32 file size, u32 C, u32 T (triples,
///                    below), u32 E (the ending back-off's bytes, below; 0: none)
/// text      T bytes             the words as shown, UTF-8, one after the other   (each section
/// wordEnds  (W+1) u32           where word i starts and ends in text              padded to 4)
/// keys      K bytes             the folded forms that differ from the words
/// keyRefs   W u32               where word i's key starts in keys (FFFFFFFF: it is the word itself)
/// keyLength W u8                its length in bytes
/// order     W u32               word ids sorted by key (bytewise)
/// unigram   W u16               cost of word i: round(-ln p × 1024); ids are in frequency order
/// backoff   (W+1) u16           cost of the back-off weight of context i (W: sentence start)
/// pairStart (W+2) u32           successors of context i: pairStart[i] ..< pairStart[i+1]
/// pairWord  P u32, pairCost P u16   successor and the cost of p(successor | context), best first
/// fold      F × (u32 scalar, u32 replacement or 0 to drop)
/// triples (when the header's u32 at 52, C, is not 0; T, at 56, is their count):
///   contexts  C × (u32 a, u32 b) sorted   a is a word id or W (start of a sentence), b a word id
///   triStart  (C+1) u32, triBackoff C u16, triWord T u32, triCost T u16   as for the pairs
/// the ending back-off (when E is not 0; E bytes; version 1):
///   8 × u32: version (1), letters of a word's ending L, of the word before's M, ending classes N,
///            context classes K, entries R, bytes of the ending classes' text, of the contexts'
///   ending classes: text (UTF-8, padded), (N+1) u32 ends    sorted bytewise, distinct; a class is
///   context classes: text (padded), (K+1) u32 ends           the key's last L (or M) letters, or a
///                                                            space and the whole key when it has no
///                                                            more; "" is the start of a sentence
///   contextCost K i16     factor of every ending class a context has no entry for, −ln f × 1024
///   entryStart (K+1) u32  entries of context class k: entryStart[k] ..< entryStart[k+1]
///   entryClass R u16, entryCost R i16   ending class (ascending within a context) and its factor
/// ```
///
/// The ending back-off weighs the unigram back-off by how a word's ending follows the ending of
/// the word before: p(w | c) = p_pair(w | c) + backoff(c) · p(w) · f(class(c), class(w)) (see
/// `scripts/make-words.py`, `ending_table`; f keeps the back-off a distribution). A file without
/// it (E = 0, every file before 2026-12-07) weighs nothing.
///
/// Loading checks the header, the size and every offset and id, so that a damaged or hostile file
/// is refused with a message instead of being read out of bounds; nothing is copied.
public struct ShippedWordModel: Sendable {
    /// The language tag written by the generator (`en`, `de`, ...).
    public let language: String
    /// How many words the model has.
    public let wordCount: Int
    /// How many (context, successor) pairs it has.
    public let pairCount: Int
    /// How many (two words, successor) triples it has.
    public let tripleCount: Int
    /// How many context classes its ending back-off has (0: it has none).
    public var endingContextCount: Int { sections.endingContexts }
    /// How typed text is folded to be matched against the keys.
    public let fold: WordFold
    let storage: any ModelStorage
    let sections: WordModelSections

    /// Costs are `round(-ln p × costScale)`.
    public static let costScale = 1024.0
    /// The first 8 bytes of a model file.
    public static let magic: [UInt8] = Array("SBWORDS1".utf8)

    /// Reads and checks a model from `storage`; `file` names it in errors.
    public init(storage: any ModelStorage, file: String = "") throws(WordModelError) {
        let result: Result<(String, WordModelSections, [UInt32: UInt32?]), WordModelError> = storage.withUnsafeBytes { bytes in
            do throws(WordModelError) {
                let sections = try WordModelSections(bytes, file: file)
                let view = WordModelView(bytes: bytes, sections: sections)
                try view.check(file: file)
                return .success((sections.language(bytes), sections, view.foldTable()))
            } catch {
                return .failure(error)
            }
        }
        let (language, sections, table) = try result.get()
        self.storage = storage
        self.sections = sections
        self.language = language
        self.wordCount = sections.words
        self.pairCount = sections.pairs
        self.tripleCount = sections.triples
        self.fold = WordFold(table: table)
    }

    /// A model with no words (suggestions then come from the learned words alone).
    public static func empty(language: String) -> ShippedWordModel? {
        try? ShippedWordModel(storage: WordModelWriter.encode(language: language, words: [], pairs: [:], backoff: [:]))
    }

    /// Lets the pages of a mapped model read so far go (they are read again from the file when
    /// needed): after loading and indexing, which touch every word.
    public func releaseResidentPages() { storage.releaseResidentPages() }

    /// Runs `body` with a view of the model's bytes (valid only during the call).
    public func withView<R>(_ body: (WordModelView) throws -> R) rethrows -> R {
        try storage.withUnsafeBytes { try body(WordModelView(bytes: $0, sections: sections)) }
    }
}

/// Where each section of a model file starts (byte offsets), computed from the header's counts.
struct WordModelSections: Sendable, Equatable {
    var words = 0, pairs = 0, folds = 0, textBytes = 0, keyBytes = 0
    var text = 0, wordEnds = 0, keys = 0, keyRefs = 0, keyLengths = 0, order = 0, unigram = 0, backoff = 0
    var pairStart = 0, pairWord = 0, pairCost = 0, fold = 0, size = 0
    var tripleContexts = 0, triples = 0, triContexts = 0, triStart = 0, triBackoff = 0, triWord = 0, triCost = 0
    var endingLetters = 0, contextLetters = 0, endingClasses = 0, endingContexts = 0, endingEntries = 0
    var endingClassBytes = 0, contextClassBytes = 0
    var endingText = 0, endingEnds = 0, contextText = 0, contextEnds = 0, contextCost = 0
    var entryStart = 0, entryClass = 0, entryCost = 0

    static let maxWords = 2_000_000, maxPairs = 50_000_000, maxFolds = 100_000
    /// The version of the ending back-off this reader knows.
    static let endingsVersion = 1

    init(_ bytes: UnsafeRawBufferPointer, file: String) throws(WordModelError) {
        func fail(_ message: String) -> WordModelError {
            WordModelError(file: file, message: message + "; make it again with scripts/make-words.py, or reinstall stackboard")
        }
        guard bytes.count >= 64 else { throw fail("not a word model: \(bytes.count) bytes, shorter than the 64-byte header") }
        guard Array(bytes[0..<8]) == ShippedWordModel.magic else { throw fail("not a word model (it does not start with SBWORDS1)") }
        func u32(_ at: Int) -> Int { Int(bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self).littleEndian) }
        words = u32(8); pairs = u32(12); folds = u32(16); textBytes = u32(20); keyBytes = u32(24)
        guard words <= Self.maxWords, pairs <= Self.maxPairs, folds <= Self.maxFolds,
              textBytes <= Self.maxWords * 64, keyBytes <= Self.maxWords * 64 else {
            throw fail("the header's counts are out of range (\(words) words, \(pairs) pairs, \(folds) folds)")
        }
        func padded(_ n: Int) -> Int { (n + 3) & ~3 }
        var at = 64
        text = at; at += padded(textBytes)
        wordEnds = at; at += 4 * (words + 1)
        keys = at; at += padded(keyBytes)
        keyRefs = at; at += 4 * words
        keyLengths = at; at += padded(words)
        order = at; at += 4 * words
        unigram = at; at += padded(2 * words)
        backoff = at; at += padded(2 * (words + 1))
        pairStart = at; at += 4 * (words + 2)
        pairWord = at; at += 4 * pairs
        pairCost = at; at += padded(2 * pairs)
        fold = at; at += 8 * folds
        tripleContexts = u32(52); triples = u32(56)
        guard tripleContexts <= Self.maxPairs, triples <= Self.maxPairs, tripleContexts > 0 || triples == 0 else {
            throw fail("the header's triple counts are out of range (\(tripleContexts) contexts, \(triples) triples)")
        }
        triContexts = at; at += 8 * tripleContexts
        triStart = at; at += tripleContexts > 0 ? 4 * (tripleContexts + 1) : 0
        triBackoff = at; at += padded(2 * tripleContexts)
        triWord = at; at += 4 * triples
        triCost = at; at += padded(2 * triples)
        let endingBytes = u32(60)
        if endingBytes > 0 {
            guard endingBytes >= 32, at <= bytes.count - 32 else {
                throw fail("the ending back-off (\(endingBytes) bytes) is cut short or damaged")
            }
            let version = u32(at)
            guard version == Self.endingsVersion else {
                throw fail("its ending back-off is of version \(version), which this stackboard does not read (it reads version \(Self.endingsVersion))")
            }
            endingLetters = u32(at + 4); contextLetters = u32(at + 8); endingClasses = u32(at + 12)
            endingContexts = u32(at + 16); endingEntries = u32(at + 20)
            endingClassBytes = u32(at + 24); contextClassBytes = u32(at + 28)
            guard (1...8).contains(endingLetters), (1...8).contains(contextLetters), endingClasses <= 65535,
                  endingContexts <= Self.maxPairs, endingEntries <= Self.maxPairs,
                  endingClassBytes <= 32 * 65535, contextClassBytes <= 32 * Self.maxPairs else {
                throw fail("the ending back-off's counts are out of range (\(endingClasses) classes, \(endingContexts) contexts, \(endingEntries) entries)")
            }
            let start = at
            at += 32
            endingText = at; at += padded(endingClassBytes)
            endingEnds = at; at += 4 * (endingClasses + 1)
            contextText = at; at += padded(contextClassBytes)
            contextEnds = at; at += 4 * (endingContexts + 1)
            contextCost = at; at += padded(2 * endingContexts)
            entryStart = at; at += 4 * (endingContexts + 1)
            entryClass = at; at += padded(2 * endingEntries)
            entryCost = at; at += padded(2 * endingEntries)
            guard at - start == endingBytes else {
                throw fail("the ending back-off is \(endingBytes) bytes but its counts make it \(at - start): it is damaged")
            }
        }
        size = at
        guard u32(48) == size, bytes.count == size else {
            throw fail("the file is \(bytes.count) bytes but its header makes it \(size) (recorded \(u32(48))): it is cut short or damaged")
        }
    }

    func language(_ bytes: UnsafeRawBufferPointer) -> String {
        let raw = Array(bytes[32..<48])
        return String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
}
