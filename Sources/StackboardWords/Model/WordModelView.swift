import StackboardCore
/// Read access to a model's bytes during one query (see `ShippedWordModel.withView`). Every read
/// stays inside the sections that loading checked.
public struct WordModelView {
    let bytes: UnsafeRawBufferPointer
    let sections: WordModelSections

    /// The number of words; word ids are `0 ..< wordCount`, most frequent first.
    public var wordCount: Int { sections.words }
    /// The context id of the start of a sentence (for `successors` and `backoffCost`).
    public var sentenceStart: Int { sections.words }

    private func u32(_ base: Int, _ i: Int) -> Int { Int(bytes.loadUnaligned(fromByteOffset: base + 4 * i, as: UInt32.self).littleEndian) }
    private func u16(_ base: Int, _ i: Int) -> Int { Int(bytes.loadUnaligned(fromByteOffset: base + 2 * i, as: UInt16.self).littleEndian) }
    private func i16(_ base: Int, _ i: Int) -> Int { Int(bytes.loadUnaligned(fromByteOffset: base + 2 * i, as: Int16.self).littleEndian) }

    /// Word `id` as it is shown.
    public func word(_ id: Int) -> String {
        let start = u32(sections.wordEnds, id), end = u32(sections.wordEnds, id + 1)
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(sections.text + start)..<(sections.text + end)]), as: UTF8.self)
    }

    /// The folded form (key) of word `id`, as UTF-8 bytes.
    func key(_ id: Int) -> UnsafeRawBufferPointer {
        let ref = u32(sections.keyRefs, id)
        if ref == 0xFFFF_FFFF {
            let start = u32(sections.wordEnds, id), end = u32(sections.wordEnds, id + 1)
            return UnsafeRawBufferPointer(rebasing: bytes[(sections.text + start)..<(sections.text + end)])
        }
        let length = Int(bytes[sections.keyLengths + id])
        return UnsafeRawBufferPointer(rebasing: bytes[(sections.keys + ref)..<(sections.keys + ref + length)])
    }

    /// Whether word `id`'s key starts with `prefix` (folded, UTF-8).
    public func keyHasPrefix(_ id: Int, _ prefix: [UInt8]) -> Bool {
        let k = key(id)
        guard k.count >= prefix.count else { return false }
        for i in 0..<prefix.count where k[i] != prefix[i] { return false }
        return true
    }

    /// The cost (`-ln p × 1024`) of word `id` alone.
    public func unigramCost(_ id: Int) -> Int { u16(sections.unigram, id) }

    /// The cost of the back-off weight of context `id` (a word id or `sentenceStart`).
    public func backoffCost(_ context: Int) -> Int { u16(sections.backoff, context) }

    /// The indices of context `id`'s successors (for `pairWord` and `pairCost`), best first.
    public func successors(_ context: Int) -> Range<Int> { u32(sections.pairStart, context)..<u32(sections.pairStart, context + 1) }

    /// The successor word id at pair index `i`.
    public func pairWord(_ i: Int) -> Int { u32(sections.pairWord, i) }

    /// The cost of p(successor | context) at pair index `i` (already discounted).
    public func pairCost(_ i: Int) -> Int { u16(sections.pairCost, i) }

    /// The successors of the two words `a` (a word id or `sentenceStart`) then `b`, best first (indices
    /// for `tripleWord` and `tripleCost`), and the cost of that context's back-off weight; nil when unknown.
    public func tripleSuccessors(_ a: Int, _ b: Int) -> (range: Range<Int>, backoffCost: Int)? {
        var low = 0, high = sections.tripleContexts
        while low < high {
            let mid = (low + high) / 2
            let ma = u32(sections.triContexts, 2 * mid), mb = u32(sections.triContexts, 2 * mid + 1)
            if (ma, mb) < (a, b) { low = mid + 1 } else { high = mid }
        }
        guard low < sections.tripleContexts, u32(sections.triContexts, 2 * low) == a, u32(sections.triContexts, 2 * low + 1) == b else { return nil }
        return (u32(sections.triStart, low)..<u32(sections.triStart, low + 1), u16(sections.triBackoff, low))
    }

    /// The successor word id at triple index `i`.
    public func tripleWord(_ i: Int) -> Int { u32(sections.triWord, i) }

    /// The cost of p(successor | two words) at triple index `i`.
    public func tripleCost(_ i: Int) -> Int { u16(sections.triCost, i) }

    /// The ending back-off's context class of the word before, from its key (folded, UTF-8; the
    /// word need not be in the model), or of the start of a sentence (an empty key); nil when the
    /// model has no ending back-off or that class was never seen.
    public func endingContext(key: [UInt8]) -> Int? {
        guard sections.endingContexts > 0 else { return nil }
        return key.withUnsafeBytes { raw in
            let ending = key.isEmpty ? (whole: false, start: 0) : Self.endingClass(raw, letters: sections.contextLetters)
            return classIndex(raw, ending, text: sections.contextText, ends: sections.contextEnds, count: sections.endingContexts)
        }
    }

    /// The cost (−ln f × 1024; negative when f > 1) of the factor by which the ending back-off
    /// weighs word `id`'s unigram probability after context class `context` (`endingContext`).
    public func endingCost(_ context: Int, _ id: Int) -> Int {
        guard context >= 0, context < sections.endingContexts, id >= 0, id < sections.words else { return 0 }
        let k = key(id)
        let found = classIndex(k, Self.endingClass(k, letters: sections.endingLetters), text: sections.endingText,
                               ends: sections.endingEnds, count: sections.endingClasses)
        let entries = u32(sections.entryStart, context)..<u32(sections.entryStart, context + 1)
        if let found {
            var low = entries.lowerBound, high = entries.upperBound
            while low < high {
                let mid = (low + high) / 2
                if u16(sections.entryClass, mid) < found { low = mid + 1 } else { high = mid }
            }
            if low < entries.upperBound, u16(sections.entryClass, low) == found { return i16(sections.entryCost, low) }
        }
        return i16(sections.contextCost, context)
    }

    /// Where a key's ending class starts: its last `letters` scalars (UTF-8 lead bytes counted
    /// from the end), or the whole key after a space (`whole`) when it has no more.
    static func endingClass(_ key: UnsafeRawBufferPointer, letters: Int) -> (whole: Bool, start: Int) {
        var start = key.count, seen = 0
        while start > 0 {
            start -= 1
            if key[start] & 0xC0 != 0x80 {
                seen += 1
                if seen == letters { break }
            }
        }
        guard seen == letters, start > 0 else { return (true, 0) }
        return (false, start)
    }

    /// The index of the class `key[ending.start...]` (after a space when `ending.whole`) in a sorted
    /// table of `count` class strings, if it is there.
    private func classIndex(_ key: UnsafeRawBufferPointer, _ ending: (whole: Bool, start: Int), text: Int, ends: Int, count: Int) -> Int? {
        func compare(_ i: Int) -> Int {
            let from = text + u32(ends, i), to = text + u32(ends, i + 1)
            var a = from, b = ending.start - (ending.whole ? 1 : 0)
            while a < to, b < key.count {
                let x = bytes[a], y = b < ending.start ? UInt8(ascii: " ") : key[b]
                if x != y { return x < y ? -1 : 1 }
                a += 1; b += 1
            }
            if a < to { return 1 }
            return b < key.count ? -1 : 0
        }
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if compare(mid) < 0 { low = mid + 1 } else { high = mid }
        }
        return low < count && compare(low) == 0 ? low : nil
    }

    /// The positions in key order whose keys start with `prefix` (`wordInOrder` gives the ids).
    public func prefixRange(_ prefix: [UInt8]) -> Range<Int> {
        let lower = partition { compare(key(wordInOrder($0)), prefix, asPrefix: false) >= 0 }
        let upper = partition { compare(key(wordInOrder($0)), prefix, asPrefix: true) > 0 }
        return lower..<max(lower, upper)
    }

    /// The word id at position `i` of key order.
    public func wordInOrder(_ i: Int) -> Int { u32(sections.order, i) }

    /// The id of `word` (exact, else the same letters in another case, else the most frequent
    /// word with the same key), if known.
    public func id(of word: String, fold: WordFold) -> Int? {
        let k = Array(fold.key(word).utf8)
        guard !k.isEmpty else { return nil }
        var sameKey: Int?, sameCase: Int?
        var position = partition { compare(key(wordInOrder($0)), k, asPrefix: false) >= 0 }
        while position < sections.words {
            let id = wordInOrder(position)
            guard compare(key(id), k, asPrefix: false) == 0 else { break }
            let shown = self.word(id)
            if shown == word { return id }
            if sameCase == nil, shown.lowercased() == word.lowercased() { sameCase = id }
            if sameKey == nil || id < (sameKey ?? 0) { sameKey = id }
            position += 1
        }
        return sameCase ?? sameKey
    }

    /// -1, 0 or 1: `key` against `prefix`; with `asPrefix`, a key starting with `prefix` counts as equal.
    private func compare(_ key: UnsafeRawBufferPointer, _ prefix: [UInt8], asPrefix: Bool) -> Int {
        let n = min(key.count, prefix.count)
        for i in 0..<n where key[i] != prefix[i] { return key[i] < prefix[i] ? -1 : 1 }
        if key.count == prefix.count { return 0 }
        if key.count > prefix.count { return asPrefix ? 0 : 1 }
        return -1
    }

    /// The first position in key order where `isAfter` holds (it must hold for a suffix of positions).
    private func partition(_ isAfter: (Int) -> Bool) -> Int {
        var low = 0, high = sections.words
        while low < high {
            let mid = (low + high) / 2
            if isAfter(mid) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The fold table.
    func foldTable() -> [UInt32: UInt32?] {
        var table: [UInt32: UInt32?] = [:]
        for i in 0..<sections.folds {
            let from = UInt32(u32(sections.fold, 2 * i)), to = UInt32(u32(sections.fold, 2 * i + 1))
            table[from] = to == 0 ? .some(nil) : .some(to)
        }
        return table
    }

    /// Checks the ending back-off: its class strings lie in their text, sorted and distinct; its
    /// entries span their table, name classes in range, ascending within a context.
    private func checkEndings(_ fail: (String) -> WordModelError) throws(WordModelError) {
        let s = sections
        func checkStrings(_ text: Int, _ ends: Int, _ count: Int, _ total: Int, _ name: String) throws(WordModelError) {
            guard u32(ends, 0) == 0, u32(ends, count) == total else { throw fail("the \(name) classes do not span their text") }
            for i in 0..<count where u32(ends, i + 1) < u32(ends, i) || u32(ends, i + 1) - u32(ends, i) > 64 {
                throw fail("\(name) class \(i) ends before it starts or is longer than 64 bytes")
            }
            for i in 1..<max(1, count) {
                let a = UnsafeRawBufferPointer(rebasing: bytes[(text + u32(ends, i - 1))..<(text + u32(ends, i))])
                let b = UnsafeRawBufferPointer(rebasing: bytes[(text + u32(ends, i))..<(text + u32(ends, i + 1))])
                guard a.lexicographicallyPrecedes(b) else { throw fail("the \(name) classes are not sorted (at \(i))") }
            }
        }
        try checkStrings(s.endingText, s.endingEnds, s.endingClasses, s.endingClassBytes, "ending")
        try checkStrings(s.contextText, s.contextEnds, s.endingContexts, s.contextClassBytes, "context")
        guard u32(s.entryStart, 0) == 0, u32(s.entryStart, s.endingContexts) == s.endingEntries else {
            throw fail("the ending back-off's entries do not span their table")
        }
        // Every context's range first: with them ascending from 0 to the entries' count, the loop
        // below reads only inside the table (one loop would read a damaged range before the
        // descent after it is found).
        for k in 0..<s.endingContexts where u32(s.entryStart, k + 1) < u32(s.entryStart, k) {
            throw fail("the entries of context class \(k) end before they start")
        }
        for k in 0..<s.endingContexts {
            let from = u32(s.entryStart, k), to = u32(s.entryStart, k + 1)
            var previous = -1
            for i in from..<to {
                let c = u16(s.entryClass, i)
                guard c < s.endingClasses, c > previous else { throw fail("entry \(i) of the ending back-off names class \(c) out of range or out of order") }
                previous = c
            }
        }
    }

    /// Checks every offset and id (loading calls it once).
    func check(file: String) throws(WordModelError) {
        func fail(_ message: String) -> WordModelError {
            WordModelError(file: file, message: message + "; make it again with scripts/make-words.py, or reinstall stackboard")
        }
        let s = sections
        guard u32(s.wordEnds, 0) == 0, u32(s.wordEnds, s.words) == s.textBytes else { throw fail("the word table does not span its text") }
        var previous = 0
        for i in 1...max(1, s.words) where i <= s.words {
            let end = u32(s.wordEnds, i)
            guard end > previous, end - previous <= 64 else { throw fail("word \(i - 1) is empty, longer than 64 bytes or out of order") }
            previous = end
        }
        for i in 0..<s.words {
            let ref = u32(s.keyRefs, i), length = Int(bytes[s.keyLengths + i])
            guard ref == 0xFFFF_FFFF || (length > 0 && ref + length <= s.keyBytes) else { throw fail("the key of word \(i) lies outside the keys") }
        }
        for i in 0..<s.words where u32(s.order, i) >= s.words { throw fail("the key order names word \(u32(s.order, i)) of \(s.words)") }
        guard u32(s.pairStart, 0) == 0, u32(s.pairStart, s.words + 1) == s.pairs else { throw fail("the successor table does not span the pairs") }
        for i in 0...(s.words) where u32(s.pairStart, i + 1) < u32(s.pairStart, i) { throw fail("the successors of word \(i) end before they start") }
        for i in 0..<s.pairs where u32(s.pairWord, i) >= s.words { throw fail("pair \(i) names word \(u32(s.pairWord, i)) of \(s.words)") }
        if s.tripleContexts > 0 {
            guard u32(s.triStart, 0) == 0, u32(s.triStart, s.tripleContexts) == s.triples else { throw fail("the triple table does not span the triples") }
            for i in 0..<s.tripleContexts {
                guard u32(s.triContexts, 2 * i) <= s.words, u32(s.triContexts, 2 * i + 1) < s.words else { throw fail("triple context \(i) names a word out of range") }
                guard u32(s.triStart, i + 1) >= u32(s.triStart, i) else { throw fail("the successors of triple context \(i) end before they start") }
            }
            for i in 0..<s.triples where u32(s.triWord, i) >= s.words { throw fail("triple \(i) names word \(u32(s.triWord, i)) of \(s.words)") }
        }
        if s.endingContexts > 0 || s.endingClasses > 0 || s.endingEntries > 0 {
            try checkEndings(fail)
        }
        for i in 0..<s.folds where Unicode.Scalar(UInt32(u32(s.fold, 2 * i))) == nil || (u32(s.fold, 2 * i + 1) != 0 && Unicode.Scalar(UInt32(u32(s.fold, 2 * i + 1))) == nil) {
            throw fail("fold entry \(i) is not a Unicode scalar")
        }
    }
}
