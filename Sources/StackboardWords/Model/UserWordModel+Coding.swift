import StackboardCore
/// The learned model's file: UTF-8 text, one entry a line, so that it can be read and checked by eye.
///
/// ```
/// stackboard-words 1
/// w	COUNT	LAST	WORD
/// p	COUNT	LAST	FIRST	SECOND      (FIRST empty: the start of a sentence)
/// ```
///
/// Words are written most recent first, then the pairs grouped by their first word in that order,
/// each group most recent first (a person reading the file sees what was learned last; the same
/// model always gives the same bytes). Errors name the line but never its words (they
/// are what the user typed).
///
/// Both ways work on bytes, with no copy of the whole text: `encode(chunkBytes:_:)` hands the
/// file over in chunks as it makes them, and `decode` reads the lines where they lie. A model at
/// its bounds is about 1.7 MB of text; its bytes are never all in memory at once when saving.
extension UserWordModel {
    /// The first line of the file.
    public static let fileHeader = "stackboard-words 1"
    /// The largest file read (16 MiB: far above what the bounds allow).
    public static let maxFileBytes = 16 << 20

    /// The file's bytes, all at once (for tests and small models; saving uses the chunks).
    public func encode() -> [UInt8] {
        var out: [UInt8] = []
        encode { out += $0 }
        return out
    }

    /// Writes the file to `sink` in chunks of about `chunkBytes` (each handed over once; the
    /// buffer is reused after `sink` returns). Stops at the first error `sink` throws.
    public func encode<Failure: Error>(chunkBytes: Int = 1 << 16, _ sink: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Void) throws(Failure) {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(chunkBytes + 256)
        func flush(_ all: Bool) throws(Failure) {
            guard buffer.count >= (all ? 1 : chunkBytes) else { return }
            do {
                try buffer.withUnsafeBufferPointer { (chunk) throws(Failure) in try sink(chunk) }
            }
            buffer.removeAll(keepingCapacity: true)
        }
        buffer += Self.fileHeader.utf8
        buffer.append(Self.newline)
        var recentWords = words.map { (word: $0.key, entry: $0.value) }
        recentWords.sort { Self.moreRecent($0.entry, $1.entry) ?? ($0.word < $1.word) }
        for item in recentWords {
            Self.appendLine(&buffer, kind: Self.wordKind, item.entry, item.word, nil)
            try flush(false)
        }
        // The pairs by their first word (the start of a sentence, then the words as above, then
        // first words no longer learned), each group most recent first: one group sorted at a
        // time, not all 60,000 pairs at once.
        func appendPairs(after first: String) throws(Failure) {
            guard let seconds = pairs[first] else { return }
            var group = seconds.map { (second: $0.key, entry: $0.value) }
            group.sort { Self.moreRecent($0.entry, $1.entry) ?? ($0.second < $1.second) }
            for item in group {
                Self.appendLine(&buffer, kind: Self.pairKind, item.entry, first, item.second)
                try flush(false)
            }
        }
        try appendPairs(after: "")
        for item in recentWords { try appendPairs(after: item.word) }
        recentWords = []
        for first in pairs.keys.filter({ !$0.isEmpty && words[$0] == nil }).sorted() { try appendPairs(after: first) }
        try flush(true)
    }

    /// Reads a model written by `encode`; `file` names it in errors.
    public static func decode(_ bytes: [UInt8], fold: WordFold = .basic, maxWords: Int = 20_000, maxPairs: Int = 60_000,
                              file: String = "") throws(WordModelError) -> UserWordModel {
        func fail(_ message: String) -> WordModelError { WordModelError(file: file, message: message) }
        guard bytes.count <= maxFileBytes else { throw fail("the learned words file is over 16 MiB; it is not one that stackboard wrote") }
        var model = UserWordModel(fold: fold, maxWords: maxWords, maxPairs: maxPairs)
        let read: WordModelError? = bytes.withUnsafeBufferPointer { all -> WordModelError? in
            guard Self.isUTF8(all) else { return fail("the learned words file is not UTF-8 text") }
            var lineNumber = 0
            var start = 0
            while start <= all.count {
                var end = start
                while end < all.count, all[end] != newline { end += 1 }
                lineNumber += 1
                let line = UnsafeBufferPointer(rebasing: all[start..<end])
                start = end + 1
                if lineNumber == 1 {
                    guard line.elementsEqual(fileHeader.utf8) else {
                        return fail("line 1 is not \"\(fileHeader)\": not a learned words file, or a newer one")
                    }
                    continue
                }
                if line.isEmpty { continue }
                if let problem = model.read(line) { return fail("line \(lineNumber) \(problem)") }
            }
            return nil
        }
        if let read { throw read }
        model.finishReading()
        model.prune()
        return model
    }

    private static let newline = UInt8(ascii: "\n")
    private static let tab = UInt8(ascii: "\t")
    private static let wordKind = UInt8(ascii: "w")
    private static let pairKind = UInt8(ascii: "p")
    private static let notAnEntry = "is not an entry (\"w COUNT LAST WORD\" or \"p COUNT LAST FIRST SECOND\", tab-separated)"

    /// Reads one entry line into the model; what is wrong with it (after "line N"), or nil.
    private mutating func read(_ line: UnsafeBufferPointer<UInt8>) -> String? {
        var fields: [Range<Int>] = []
        var from = 0
        for i in line.indices where line[i] == Self.tab {
            fields.append(from..<i)
            from = i + 1
            if fields.count > 5 { return Self.notAnEntry }
        }
        fields.append(from..<line.count)
        guard fields[0].count == 1, line[0] == Self.wordKind || line[0] == Self.pairKind,
              fields.count == (line[0] == Self.wordKind ? 4 : 5),
              let count = Self.number(line, fields[1], atMost: 1 << 40), count > 0,
              let last = Self.number(line, fields[2], atMost: 1 << 50) else {
            return Self.notAnEntry
        }
        func text(_ k: Int) -> String { String(decoding: UnsafeBufferPointer(rebasing: line[fields[k]]), as: UTF8.self) }
        let entry = Entry(count: count, lastUsed: last)
        if line[0] == Self.wordKind {
            let word = text(3)
            guard Self.isLearnable(word) else { return "has an empty or invalid word" }
            add(word, entry, indexing: false)
        } else {
            let first = text(3), second = text(4)
            guard first.isEmpty || Self.isLearnable(first), Self.isLearnable(second) else { return "has an empty or invalid word" }
            addPair(first, second, entry)
        }
        return nil
    }

    /// A decimal number of digits only, at most `limit`; nil otherwise.
    private static func number(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, atMost limit: Int) -> Int? {
        guard !range.isEmpty, range.count <= 18 else { return nil }
        var value = 0
        for i in range {
            let digit = Int(line[i]) - Int(UInt8(ascii: "0"))
            guard digit >= 0, digit <= 9 else { return nil }
            value = value * 10 + digit
        }
        return value <= limit ? value : nil
    }

    /// Whether `bytes` are well-formed UTF-8 (read in place).
    static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// Whether `a` was learned more recently than `b`; nil when at the same tick.
    private static func moreRecent(_ a: Entry, _ b: Entry) -> Bool? {
        a.lastUsed != b.lastUsed ? a.lastUsed > b.lastUsed : nil
    }

    private static func appendLine(_ buffer: inout [UInt8], kind: UInt8, _ entry: Entry, _ first: String, _ second: String?) {
        buffer.append(kind)
        buffer.append(tab)
        appendNumber(&buffer, entry.count)
        buffer.append(tab)
        appendNumber(&buffer, entry.lastUsed)
        buffer.append(tab)
        buffer += first.utf8
        if let second {
            buffer.append(tab)
            buffer += second.utf8
        }
        buffer.append(newline)
    }

    private static func appendNumber(_ buffer: inout [UInt8], _ value: Int) {
        var rest = max(0, value)
        var divisor = 1
        while divisor <= rest / 10 { divisor *= 10 }
        repeat {
            buffer.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        } while divisor > 0
    }
}
