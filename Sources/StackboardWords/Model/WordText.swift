import StackboardCore
/// How the suggestion engine reads text: which characters make words, which end sentences, and
/// where the word being typed starts.
public enum WordText {
    /// Characters after which a sentence starts (with the space that follows).
    public static let sentenceEnds: Set<Character> = [".", "!", "?", "…", "\n"]
    /// Punctuation that takes the place of an accepted suggestion's space (`word .` → `word. `).
    public static let attaching: Set<Character> = [".", ",", ";", ":", "!", "?", "…", ")", "]", "}", "»", "”"]
    /// French sets a space before ; : ! ? and », so there only the others take the space's place.
    public static let attachingFrench: Set<Character> = [".", ",", "…", ")", "]", "}", "”"]

    /// The punctuation that replaces an accepted suggestion's space in `language`.
    public static func attaching(for language: String) -> Set<Character> {
        language == "fr" || language.hasPrefix("fr-") || language.hasPrefix("fr_") ? attachingFrench : attaching
    }
    /// Apostrophes, kept inside words (`don't`, `aujourd'hui`).
    public static let apostrophes: Set<Character> = ["'", "’"]

    /// Whether `c` is part of a word by itself: a letter, a mark or a digit.
    public static func isWordCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c.unicodeScalars.first?.properties.generalCategory == .nonspacingMark
    }

    /// Whether `c` is part of a word between two word characters: an apostrophe or a hyphen.
    public static func isJoiner(_ c: Character) -> Bool { apostrophes.contains(c) || c == "-" }

    /// The word at the end of `text` (what is being typed) and where it starts. A trailing
    /// apostrophe or hyphen stays with the word; `isElision` says whether a prefix ending in an
    /// apostrophe is a word of its own (French `l'`), in which case the word starts after it.
    public static func trailingWord(_ text: Substring, isElision: (String) -> Bool) -> Substring {
        var start = text.endIndex
        while start > text.startIndex {
            let before = text.index(before: start)
            let c = text[before]
            if isWordCharacter(c) { start = before; continue }
            if isJoiner(c), before > text.startIndex, isWordCharacter(text[text.index(before: before)]) { start = before; continue }
            break
        }
        var word = text[start...]
        // An elided article or pronoun is a word of its own: "l'h" is "l'" then "h".
        var i = word.startIndex
        while i < word.endIndex {
            if apostrophes.contains(word[i]) {
                let head = String(word[word.startIndex...i]).replacingApostrophes()
                if isElision(head) { word = word[word.index(after: i)...]; i = word.startIndex; continue }
            }
            i = word.index(after: i)
        }
        return word
    }

    /// Whether `text` (a field's text before its caret) shows `word` as a whole word, in any case
    /// and with either apostrophe: a word the keyboard typed is learned only when the field has
    /// it (an input method composing turns the letters into something else; a field off the
    /// accessibility bus shows nothing).
    public static func field(_ text: String, shows word: String) -> Bool {
        let needle = Array(word.lowercased().replacingApostrophes())
        let hay = Array(text.lowercased().replacingApostrophes())
        guard !needle.isEmpty, hay.count >= needle.count else { return false }
        for start in stride(from: hay.count - needle.count, through: 0, by: -1) {
            guard hay[start..<start + needle.count].elementsEqual(needle) else { continue }
            let before = start == 0 || !isWordCharacter(hay[start - 1])
            let end = start + needle.count
            let after = end == hay.count || !isWordCharacter(hay[end])
            if before && after { return true }
        }
        return false
    }
}

extension String {
    /// The text with ’ written as '.
    func replacingApostrophes() -> String { contains("’") ? String(map { $0 == "’" ? "'" : $0 }) : self }
}
