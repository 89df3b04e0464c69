import StackboardCore
/// The learned model's file: UTF-8 text, one entry a line, so that it can be read and checked by eye.
///
/// ```
/// stackboard-words 1
/// w	COUNT	LAST	WORD
/// p	COUNT	LAST	FIRST	SECOND      (FIRST empty: the start of a sentence)
/// ```
///
/// Entries are written most recent first, so that a model cut to its bounds keeps the recent ones.
/// Errors name the line but never its words (they are what the user typed).
extension UserWordModel {
    /// The first line of the file.
    public static let fileHeader = "stackboard-words 1"
    /// The largest file read (16 MiB: far above what the bounds allow).
    public static let maxFileBytes = 16 << 20

    /// The file's bytes.
    public func encode() -> [UInt8] {
        var out = Self.fileHeader + "\n"
        for (word, e) in words.sorted(by: { $0.value.lastUsed != $1.value.lastUsed ? $0.value.lastUsed > $1.value.lastUsed : $0.key < $1.key }) {
            out += "w\t\(e.count)\t\(e.lastUsed)\t\(word)\n"
        }
        let all = pairs.flatMap { first, seconds in seconds.map { (first, $0.key, $0.value) } }
        for (first, second, e) in all.sorted(by: { $0.2.lastUsed != $1.2.lastUsed ? $0.2.lastUsed > $1.2.lastUsed : ($0.0, $0.1) < ($1.0, $1.1) }) {
            out += "p\t\(e.count)\t\(e.lastUsed)\t\(first)\t\(second)\n"
        }
        return Array(out.utf8)
    }

    /// Reads a model written by `encode`; `file` names it in errors.
    public static func decode(_ bytes: [UInt8], fold: WordFold = .basic, maxWords: Int = 20_000, maxPairs: Int = 60_000,
                              file: String = "") throws(WordModelError) -> UserWordModel {
        func fail(_ message: String) -> WordModelError { WordModelError(file: file, message: message) }
        guard bytes.count <= maxFileBytes else { throw fail("the learned words file is over 16 MiB; it is not one that stackboard wrote") }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw fail("the learned words file is not UTF-8 text") }
        var model = UserWordModel(fold: fold, maxWords: maxWords, maxPairs: maxPairs)
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if lineNumber == 1 {
                guard line == fileHeader else { throw fail("line 1 is not \"\(fileHeader)\": not a learned words file, or a newer one") }
                continue
            }
            if line.isEmpty { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard let kind = fields.first, kind == "w" || kind == "p", fields.count == (kind == "w" ? 4 : 5),
                  let count = Int(fields[1]), count > 0, count <= 1 << 40,
                  let last = Int(fields[2]), last >= 0, last <= 1 << 50 else {
                throw fail("line \(lineNumber) is not an entry (\"w COUNT LAST WORD\" or \"p COUNT LAST FIRST SECOND\", tab-separated)")
            }
            let entry = Entry(count: count, lastUsed: last)
            if kind == "w" {
                guard isLearnable(fields[3]) else { throw fail("line \(lineNumber) has an empty or invalid word") }
                model.add(fields[3], entry)
            } else {
                guard fields[3].isEmpty || isLearnable(fields[3]), isLearnable(fields[4]) else {
                    throw fail("line \(lineNumber) has an empty or invalid word")
                }
                model.addPair(fields[3], fields[4], entry)
            }
        }
        guard lineNumber >= 1, !text.isEmpty else { throw fail("the learned words file is empty") }
        model.prune()
        return model
    }
}
