import StackboardCore

/// A correction the word's end will make: the literal word (as the taps typed it) and its
/// replacement (cased as the user typed).
public struct ComingCorrection: Equatable, Sendable {
    /// The word as typed.
    public var literal: String
    /// The word that replaces it.
    public var word: String
}

/// A correction made, kept until anything else happens so that a backspace can undo it.
struct CorrectionRecord: Sendable {
    /// The context before the correction (the literal word at its end).
    var tailBefore: String
    /// The word as typed.
    var literal: String
    /// The word typed instead.
    var word: String
    /// What ended the word (typed after the correction).
    var separator: String
    /// The corrected word as it was learned, and what came before it.
    var learned: String
    var context: UserWordModel.Context
}

/// Tap correction: the session keeps the taps of the word being typed; after each letter it
/// decodes them (`coming`, which the bar shows first, with the literal word second); the key
/// that ends the word (a space, a punctuation mark, return or tab) replaces the word with the
/// correction.
///
/// Rules: it never deletes what it did not type. A word is replaced only when every character
/// of it was typed by this session since the word began, each with its tap (any reset, lost
/// context or other key starts the record again), and what is before it is known: the field's
/// text (read when typing pauses) or the session's own record since that read. Never with `corrects` off, nor in a secret. A backspace
/// right after a correction brings the literal word back (without its separator), learns it
/// in place of the correction, and that word is not corrected again.
extension SuggestionSession {
    /// Whether typing `text` now ends a word that is to be corrected: the correction.
    func correctionAtEnd(typing text: String) -> ComingCorrection? {
        guard let coming, !comingStale, corrects, privacy != .secure, lastAccept == nil, let c = text.first,
              !WordText.isWordCharacter(c), !WordText.isJoiner(c) else { return nil }
        let word = analyze().word
        guard word == coming.literal, tapsSpell(String(word)),
              startKnown(word, byField: deletesOnlyWhatFieldShows) else { return nil }
        return coming
    }

    /// Whether what is before `word` (the word at the end of the context) is known: the field
    /// shows the word as typed after something that is not a letter (or at its start), or, where
    /// the field shows nothing, the session's own record has what came before it (or began at
    /// the start of a sentence: after return, in a field of its own).
    ///
    /// The field is read when typing pauses, and a read that disagrees with the session's record
    /// starts the context again from the field (`adoptField`, which drops the taps): a read that
    /// does not show the word yet was made before the word began, when it showed what the record
    /// holds before the word, and the word since is the session's own.
    ///
    /// `byField`: only the field's text counts, and it must show the whole word — for the
    /// replacement where an input method may stand between the keys and the field
    /// (`deletesOnlyWhatFieldShows`). The bar shows the coming correction all the same: a pause
    /// before the word's end lets the field be read.
    func startKnown(_ word: Substring, byField: Bool = false) -> Bool {
        if let fieldText, fieldText.hasSuffix(word) {
            let before = fieldText.dropLast(word.count)
            return before.last.map { !WordText.isWordCharacter($0) && !WordText.isJoiner($0) } ?? true
        }
        if byField { return false }
        return word.startIndex > tail.startIndex || originIsSentenceStart
    }

    /// Return or tab is about to be sent: the edit that corrects the word it ends, if any (the
    /// key then goes to `key(_:)` as usual, which learns the corrected word).
    public mutating func endingWord(by key: ContextKey) -> TextEdit? {
        guard key == .return || key == .tab, let fix = correctionAtEnd(typing: "\n") else { return nil }
        tail.removeLast(fix.literal.count)
        append(fix.word, learning: false)
        taps = []
        coming = nil
        stale = true
        return TextEdit(deleteCount: fix.literal.count, text: fix.word)
    }

    /// Whether the taps kept are exactly the characters of `word`.
    func tapsSpell(_ word: String) -> Bool {
        taps.count == word.count && zip(taps, word).allSatisfy { $0.character == $1 }
    }

    /// Replaces the literal word at the end of the context with the correction, then `separator`.
    mutating func applyCorrection(_ fix: ComingCorrection, separator: String) {
        let before = tail
        let state = analyze()
        tail.removeLast(fix.literal.count)
        append(fix.word, learning: false)
        for c in separator { append(String(c)) }
        lastCorrection = CorrectionRecord(tailBefore: before, literal: fix.literal, word: fix.word, separator: separator,
                                          learned: learnable(fix.word, state), context: state.context)
        taps = []
        coming = nil
    }

    /// A backspace right after a correction: the edit that brings the literal word back.
    mutating func undoCorrection() -> TextEdit? {
        guard let record = lastCorrection else { return nil }
        lastCorrection = nil
        tail = record.tailBefore
        taps = []
        coming = nil
        comingStale = false
        if privacy == .normal {
            unlearn(record.learned, after: record.context)
            learnOrHold(record.literal.replacingApostrophes(), after: record.context)
        }
        return TextEdit(deleteCount: record.word.count + record.separator.count, text: record.literal)
    }

    /// Keeps the tap of `text` when it continues the word (or starts one), then decodes.
    mutating func followTaps(_ text: String, tap: TapPoint?) {
        let word = analyze().word
        if text.count == 1, let c = text.first, word.last == c {
            if word.count == 1 {
                taps = [TypedTap(character: c, point: tap)]
            } else if taps.count + 1 == word.count, tapsSpell(String(word.dropLast())) {
                taps.append(TypedTap(character: c, point: tap))
            } else {
                taps = []
            }
        } else {
            taps = []
        }
        refreshComing()
    }

    /// Decodes the word's taps: the correction its end would make, if any.
    mutating func refreshComing() {
        comingStale = false
        coming = nil
        guard corrects, privacy != .secure, let decoder = tapDecoder, taps.count >= 2 else { return }
        let state = analyze()
        let word = String(state.word)
        guard tapsSpell(word), startKnown(state.word) else { return }
        let run = tail[...].split(whereSeparator: \.isWhitespace).last ?? ""
        guard TapCorrection.mayCorrect(word: word, run: run) else { return }
        if let fix = decodedCorrection(decoder, context: state.context, before: state.before) {
            coming = ComingCorrection(literal: word, word: fix)
        }
    }

    /// The correction of the word the taps spell: the word decoded whole; else, when hyphens
    /// join it and the model does not know it whole (`Prestige-Objekt`), each part on its own
    /// after the part before it. Nil when nothing changes.
    func decodedCorrection(_ decoder: TapDecoder, context: UserWordModel.Context, before: UserWordModel.Context) -> String? {
        let literal = String(taps.map(\.character))
        let whole = decoder.decode(taps, model: predictor.shipped, context: context, before: before, limit: 2, correction: correction)
        if let fix = correction.correction(of: literal, decoding: whole, learned: predictor.learned) { return fix }
        let parts = taps.split(omittingEmptySubsequences: false, whereSeparator: { $0.character == "-" })
        guard parts.count > 1, whole.literalInModel == nil else { return nil }
        var context = context, before = before
        var out: [String] = []
        for part in parts {
            let typed = String(part.map(\.character))
            var word = typed
            if TapCorrection.mayCorrect(word: typed, run: typed[...]) {
                let decoding = decoder.decode(Array(part), model: predictor.shipped, context: context, before: before, limit: 2,
                                              correction: correction)
                word = correction.correction(of: typed, decoding: decoding, learned: predictor.learned) ?? typed
            }
            out.append(word)
            before = context
            context = .after(word)
        }
        let corrected = out.joined(separator: "-")
        return corrected == literal ? nil : corrected
    }
}
