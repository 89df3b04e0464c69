/// The pinyin of Chinese text, read in a Rime dictionary (`luna_pinyin.dict.yaml`: a header, then
/// `text<TAB>syllables<TAB>weight` lines): a run of characters is cut into the longest phrases
/// the dictionary lists (so a character with two readings is read as in its phrase: 银行 is
/// yin hang), and a character alone takes its most frequent reading. Pure.
public struct PinyinReadings: Sendable {
    /// Each phrase's syllables (a phrase of one character: its most frequent reading).
    private var readings: [String: [String]] = [:]
    private var weights: [String: Double] = [:]
    /// The longest phrase, in characters.
    private var longest = 1

    /// Words (Rime's `essay.txt`: `word<TAB>weight` lines) that cut a run into phrases where the
    /// dictionary lists no reading for the whole; each character is then read alone.
    private var words: Set<String> = []

    /// Readings from the dictionary's text, and phrases from `vocabulary` (an essay's text).
    public init(dictionary: String, vocabulary: String = "") {
        for line in vocabulary.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let word = line.split(separator: "\t").first, word.count >= 2 else { continue }
            words.insert(String(word))
            longest = max(longest, word.count)
        }
        var body = false
        for line in dictionary.split(separator: "\n", omittingEmptySubsequences: true) {
            if !body {
                body = line == "..."
                continue
            }
            if line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 2 else { continue }
            let text = String(fields[0])
            let syllables = fields[1].split(separator: " ").map(String.init)
            guard syllables.count == text.count, !syllables.isEmpty else { continue }
            let weight = fields.count >= 3 ? Self.weight(fields[2]) : 1
            if let known = weights[text], known >= weight { continue }
            readings[text] = syllables
            weights[text] = weight
            longest = max(longest, text.count)
        }
    }

    /// A weight as the dictionary writes it: `91.78%` or a count.
    private static func weight(_ field: Substring) -> Double {
        if field.hasSuffix("%") { return Double(field.dropLast()) ?? 0 }
        return Double(field) ?? 0
    }

    /// The syllables of `run` (one a character; nil for a character the dictionary lacks).
    public func syllables(of run: [Character]) -> [String?] { phrases(of: run).flatMap { $0 } }

    /// The syllables of `run`, phrase by phrase (one a character; nil for a character the
    /// dictionary lacks, a phrase of its own).
    public func phrases(of run: [Character]) -> [[String?]] {
        var out: [[String?]] = []
        var i = 0
        while i < run.count {
            var matched = false
            for length in stride(from: min(longest, run.count - i), through: 2, by: -1) {
                let text = String(run[i..<(i + length)])
                if let phrase = readings[text] {
                    out.append(phrase.map { Optional($0) })
                } else if words.contains(text) {
                    out.append(run[i..<(i + length)].map { readings[String($0)]?.first })
                } else {
                    continue
                }
                i += length
                matched = true
                break
            }
            if matched { continue }
            out.append([readings[String(run[i])]?.first])
            i += 1
        }
        return out
    }
}
