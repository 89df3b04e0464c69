import StackboardCore
/// Suggestions follow the user's case.
public enum WordCasing {
    /// `word` as the bar shows it after `typed`: all capitals after two or more typed capitals, a
    /// capital first letter after a typed capital or at the start of a sentence, else as the model has it.
    public static func apply(to word: String, typed: String, sentenceStart: Bool) -> String {
        if let first = typed.first, first.isUppercase {
            let letters = typed.filter(\.isLetter)
            if letters.count >= 2, letters.allSatisfy(\.isUppercase) { return word.uppercased() }
            return capitalized(word)
        }
        return sentenceStart ? capitalized(word) : word
    }

    /// `word` with its first character in upper case.
    public static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }
}
