import StackboardCore

/// Whether a typed word is replaced by what its taps more likely meant, and by what.
///
/// Rules: a word is corrected only when the best word of the decoding is a different word and
/// clearly more likely than the literal taps: its cost plus a margin is below the literal's
/// (a larger margin when the literal is a word of the model, a smaller one when it is not, and
/// one between for a word the model lacks that looks like a name).
/// A word that differs from the literal only in its accents is not a correction. Never
/// corrected: a word the user's learned words hold (in any case), a word in a run of text
/// with a digit, `@` or `://` (an address, a number, a name), a single letter, a word that ends
/// in an apostrophe or a hyphen (typed so on purpose: Italian `perche'`, an elision).
public struct TapCorrection: Equatable, Sendable {
    /// How much likelier (nats) the correction must be when the literal is a word of the model.
    public var knownMargin = 4.0
    /// How much likelier when the model does not know the literal.
    public var unknownMargin = 1.0
    /// How much likelier when the model does not know the literal and it looks like a name: a
    /// capital inside a sentence, in a language that does not capitalise its nouns.
    public var nameMargin = 3.0

    /// The default margins.
    public init() {}

    /// Whether the word at the end of `run` (the text since the last white space) may be
    /// corrected at all.
    public static func mayCorrect(word: String, run: Substring) -> Bool {
        guard word.count >= 2, word.allSatisfy({ $0.isLetter || WordText.isJoiner($0) }), word.last?.isLetter == true else { return false }
        // Digits and the ordinal marks of abbreviations (`Nº`, `2ª`) make a number or a code.
        if run.contains("@") || run.contains(where: { $0.isNumber || $0 == "º" || $0 == "ª" }) { return false }
        return !run.contains("://") && !run.contains("www.")
    }

    /// Whether the language `tag` writes its nouns with a capital (German, Luxembourgish), so
    /// that a capital inside a sentence does not suggest a name.
    public static func capitalisesNouns(_ tag: String) -> Bool { tag.hasPrefix("de") || tag.hasPrefix("lb") }

    /// How much likelier than the literal taps a word must be to replace them: the literal is a
    /// word of the model (`known`), or not and looks like a name (`name`), or neither.
    public func margin(known: Bool, name: Bool) -> Double {
        known ? knownMargin : name ? nameMargin : unknownMargin
    }

    /// The word to type instead of `literal`, cased as the user typed it, or nil to keep it.
    public func correction(of literal: String, decoding: TapDecoding, learned: UserWordModel) -> String? {
        // A word whose taps cost nothing has the literal's letters: it differs only in accents or
        // case, which the bar offers but correction does not impose (`perche` stays, `perché` is
        // one tap away).
        guard let best = decoding.candidates.first, best.word.lowercased() != literal.lowercased(), best.spatial > 0 else { return nil }
        if learned.words[literal] != nil || learned.words[literal.lowercased()] != nil { return nil }
        guard best.cost + margin(known: decoding.literalInModel != nil, name: decoding.literalIsName) < decoding.literalCost else {
            return nil
        }
        return WordCasing.apply(to: best.word, typed: literal, sentenceStart: false)
    }
}
