/// Japanese text with its readings, from MeCab's analysis (the IPA dictionary's output: one
/// morpheme a line, `SURFACE<TAB>part of speech,…,base form,READING,pronunciation`, `EOS` after
/// each sentence), as the keys that type it on the `japanese` layout: the reading in romaji.
///
/// A morpheme's letters are typed at its first character and its other characters take none
/// (its reading is not split between them), so a candidate picked must end where a morpheme
/// ends (`endsWord`); a morpheme of no reading (a symbol, Latin letters,
/// a word MeCab does not know) is typed as it is and not counted, as for Chinese. Katakana in
/// the reading is typed as hiragana (the candidates offer katakana). Spellings: ん is `nn`
/// (never ambiguous), っ doubles the next consonant (`xtu` where none follows), ー is `-`.
public enum JapaneseReadings {
    /// The steps of MeCab's output `analysis` (nil taps: typed as it is).
    public static func steps(analysis: String) -> [ComposeEvaluation.Step] {
        var steps: [ComposeEvaluation.Step] = []
        for line in analysis.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line != "EOS", let tab = line.firstIndex(of: "\t") else { continue }
            let surface = Array(line[..<tab])
            guard !surface.isEmpty else { continue }
            let features = line[line.index(after: tab)...].split(separator: ",", omittingEmptySubsequences: false)
            var reading = features.count > 7 && features[7] != "*" ? String(features[7]) : nil
            if reading == nil, surface.allSatisfy(isKana) { reading = String(surface) }
            guard let reading, let taps = romaji(hiragana(reading)), !taps.isEmpty,
                  surface.contains(where: { isKana($0) || isKanji($0) }) else {
                steps += surface.map { ComposeEvaluation.Step(character: $0, taps: nil) }
                continue
            }
            for (i, c) in surface.enumerated() {
                steps.append(ComposeEvaluation.Step(character: c, taps: i == 0 ? taps.map(String.init) : [],
                                                    endsWord: i == surface.count - 1))
            }
        }
        return steps
    }

    /// The text the steps type.
    public static func text(analysis: String) -> String { String(steps(analysis: analysis).map(\.character)) }

    /// Katakana as hiragana (ー and other characters as they are).
    static func hiragana(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { s in
            (0x30A1...0x30F6).contains(s.value) ? Unicode.Scalar(s.value - 0x60) ?? s : s
        }))
    }

    /// The letters that type `kana` (hiragana), nil when a character has no spelling.
    static func romaji(_ kana: String) -> [Character]? {
        let chars = Array(kana)
        var out: [Character] = []
        var i = 0
        var doubleNext = false
        while i < chars.count {
            if chars[i] == "っ" {
                doubleNext = true
                i += 1
                continue
            }
            // The longest kana sequence with a spelling (きょ before き).
            var spelled: String?
            var length = 0
            for n in stride(from: min(2, chars.count - i), through: 1, by: -1) {
                if let s = spelling[String(chars[i..<(i + n)])] { spelled = s; length = n; break }
            }
            guard let letters = spelled else { return nil }
            if doubleNext {
                if let first = letters.first, "bcdfghjkmpqrstvwz".contains(first) { out.append(first) } else { out += Array("xtu") }
                doubleNext = false
            }
            out += Array(letters)
            i += length
        }
        if doubleNext { out += Array("xtu") }
        return out
    }

    /// For each kana (or kana pair) the shortest spelling `RomajiKana` reads as it (ties: the
    /// first in alphabetical order, Hepburn's `shi` losing to `si` only by length).
    static let spelling: [String: String] = {
        var best: [String: String] = [:]
        for (letters, kana) in RomajiKana.table {
            if let old = best[kana], old.count < letters.count || (old.count == letters.count && old < letters) { continue }
            best[kana] = letters
        }
        best["ん"] = "nn"
        return best
    }()

    static func isKana(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0x3041...0x3096).contains(v) || (0x30A1...0x30FA).contains(v) || v == 0x30FC
    }

    static func isKanji(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0x4E00...0x9FFF).contains(v) || (0x3400...0x4DBF).contains(v) || v == 0x3005
    }
}
