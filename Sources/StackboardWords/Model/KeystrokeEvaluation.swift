import StackboardCore
/// The standard measure of a word predictor: a simulated user types a text one character at a
/// time and, before each letter of a word, looks at the bar; as soon as the word (exactly, in its
/// case) is shown, they tap it (one keystroke, which also types the space). A punctuation mark
/// right after the word is then one keystroke that replaces the space (and the text's own space
/// after it is already there). A word followed by something else (a hyphen, a quote, a digit) is
/// typed out, since the accepted space would be wrong there, and so is a word followed by a space
/// and a punctuation mark that would take that space's place (`word :` in English). When the punctuation mark is itself
/// followed by something other than a space (`word,'`), a backspace removes the space (one more).
///
/// Keystrokes without suggestions are the text's characters (a newline is one: return); the
/// savings are 1 − with / without. The text the session's edits produce is checked against the
/// original (spaces before a newline or at the end aside).
///
/// With `noise`, each letter is tapped with the noise's scatter (the key typed is where the tap
/// landed; the session is told where) and the words' errors are counted: those the literal taps
/// spelled wrong, those wrong in the end (after the session's corrections), and the words typed
/// right that a correction changed. The text is then not expected to come out exactly.
public struct KeystrokeEvaluation: Equatable, Sendable {
    /// Keystrokes without suggestions: the characters of the text.
    public var withoutSuggestions = 0
    /// Keystrokes with suggestions: characters typed plus suggestion taps.
    public var withSuggestions = 0
    /// Words in the text (as the engine splits it).
    public var words = 0
    /// Suggestion taps.
    public var accepted = 0
    /// Of them, predictions taken before the word's first letter.
    public var predicted = 0
    /// Whether the edits rebuilt the text exactly.
    public var reproduced = true
    /// How long each update of the suggestions took, in seconds (when a clock was given).
    public var suggestionSeconds: [Double] = []
    /// Every keystroke with suggestions, in order (when asked for: `recording`).
    public var keystrokes: [Keystroke] = []

    /// One keystroke of the simulated user.
    public enum Keystroke: Equatable, Sendable {
        /// A key that types the character (a newline: return).
        case character(Character)
        /// A tap on this slot of the bar.
        case slot(Int)
        /// Backspace.
        case backspace
    }
    /// Letters tapped with noise, and of them those that hit another key.
    public var noisyTaps = 0
    /// Noisy taps that hit another key than the letter meant.
    public var wrongTaps = 0
    /// Words (with noise) whose literal taps spelled them wrong.
    public var literalWrongWords = 0
    /// Words (with noise) wrong in the text that came out.
    public var finalWrongWords = 0
    /// Words (with noise) that the literal taps spelled right.
    public var literalRightWords = 0
    /// Of them, the words the text that came out has otherwise (a correction changed them).
    public var rightWordsChanged = 0
    /// How long the session took over the last letter of each word (its decode), in seconds
    /// (with noise and a clock).
    public var decodeSeconds: [Double] = []

    /// Words (runs between white space with a letter) the word error rates count.
    public var errorWords = 0
    /// Whether the words that came out could not be paired one to one with the text's (every
    /// word then counts as wrong in the end).
    public var unaligned = false

    /// The share of noisy taps that hit another key.
    public var letterErrorRate: Double { noisyTaps == 0 ? 0 : Double(wrongTaps) / Double(noisyTaps) }
    /// The word error rate of the literal taps.
    public var literalWordErrorRate: Double { errorWords == 0 ? 0 : Double(literalWrongWords) / Double(errorWords) }
    /// The word error rate of the text that came out.
    public var finalWordErrorRate: Double { errorWords == 0 ? 0 : Double(finalWrongWords) / Double(errorWords) }
    /// The share of the words typed right that were changed.
    public var rightWordsChangedRate: Double { literalRightWords == 0 ? 0 : Double(rightWordsChanged) / Double(literalRightWords) }

    /// The keystroke savings, 0...1.
    public var savings: Double { withoutSuggestions == 0 ? 0 : 1 - Double(withSuggestions) / Double(withoutSuggestions) }

    /// Types `text` through `session` (which learns as it goes unless its privacy says otherwise).
    /// With `clock` (seconds), the time of each update of the suggestions is recorded.
    /// With `recording`, every keystroke is kept in `keystrokes`.
    public static func run(_ text: String, session: inout SuggestionSession, clock: (() -> Double)? = nil,
                           noise: TapNoise? = nil, recording: Bool = false) -> KeystrokeEvaluation {
        var result = KeystrokeEvaluation()
        var buffer: [Character] = []
        var noise = noise
        let chars = Array(text)
        var literal = chars
        result.withoutSuggestions = chars.count
        func apply(_ edit: TextEdit) {
            buffer.removeLast(min(edit.deleteCount, buffer.count))
            buffer.append(contentsOf: edit.text)
        }
        func type(_ i: Int) {
            let c = chars[i]
            result.withSuggestions += 1
            if recording { result.keystrokes.append(.character(c)) }
            if c == "\n" {
                session.key(.return)
                buffer.append("\n")
            } else if WordText.isWordCharacter(c), let tap = noise?.tap(c) {
                result.noisyTaps += 1
                if tap.typed.lowercased() != c.lowercased() { result.wrongTaps += 1 }
                literal[i] = tap.typed
                session.nextTap = tap.point
                apply(session.typed(String(tap.typed)))
            } else {
                apply(session.typed(String(c)))
            }
        }
        var i = 0
        while i < chars.count {
            guard let token = Self.token(at: i, in: chars, session: session) else {
                type(i); i += 1
                continue
            }
            if chars[token].contains(where: \.isLetter) { result.words += 1 }
            let word = String(chars[token])
            let follower: Character? = token.upperBound < chars.count ? chars[token.upperBound] : nil
            let elision = word.last.map { WordText.apostrophes.contains($0) } ?? false
            let attaching = session.attaching
            let afterSpace: Character? = token.upperBound + 1 < chars.count ? chars[token.upperBound + 1] : nil
            let fits = elision || follower == nil || follower == "\n" || follower.map { attaching.contains($0) } ?? false
                || (follower == " " && !(afterSpace.map { attaching.contains($0) } ?? false))
            var taken = false
            while i < token.upperBound {
                let start = clock?() ?? 0
                let shown = session.suggestions()
                if let clock { result.suggestionSeconds.append(clock() - start) }
                if fits, let slot = shown.firstIndex(of: word), let edit = session.accept(slot) {
                    if i == token.lowerBound { result.predicted += 1 }
                    result.accepted += 1
                    result.withSuggestions += 1
                    if recording { result.keystrokes.append(.slot(slot)) }
                    apply(edit)
                    i = token.upperBound
                    taken = true
                    break
                }
                let last = i + 1 == token.upperBound
                let typingStart = last ? clock?() ?? 0 : 0
                type(i); i += 1
                if last, noise != nil, let clock { result.decodeSeconds.append(clock() - typingStart) }
            }
            guard taken, let follower, !elision else { continue }
            if follower == " " {
                i += 1
            } else if attaching.contains(follower) {
                type(i); i += 1
                if i < chars.count, chars[i] == " " {
                    i += 1
                } else if i < chars.count, chars[i] != "\n" {
                    result.withSuggestions += 1   // a backspace takes the space back: `lessons,'`
                    if recording { result.keystrokes.append(.backspace) }
                    apply(session.backspace())
                }
            }
        }
        if noise == nil {
            result.reproduced = Self.normalized(buffer) == Self.normalized(chars)
        } else {
            result.countWordErrors(original: chars, literal: literal, output: buffer)
        }
        return result
    }

    /// Compares the words (runs between white space, with their punctuation) of the literal taps
    /// and of `output` with those of `original`: the same number of them, since a correction
    /// replaces one word with one.
    mutating func countWordErrors(original: [Character], literal: [Character], output: [Character]) {
        func chunks(_ text: [Character]) -> [ArraySlice<Character>] { text.split(whereSeparator: \.isWhitespace) }
        let meant = chunks(original), typed = chunks(literal), out = chunks(output)
        unaligned = out.count != meant.count
        for k in meant.indices where meant[k].contains(where: \.isLetter) {
            errorWords += 1
            let literalRight = k < typed.count && typed[k] == meant[k]
            if literalRight { literalRightWords += 1 } else { literalWrongWords += 1 }
            if unaligned || out[k] != meant[k] {
                finalWrongWords += 1
                if literalRight { rightWordsChanged += 1 }
            }
        }
    }

    /// The word that starts at `i` (as the session splits words), if one does.
    static func token(at i: Int, in chars: [Character], session: SuggestionSession) -> Range<Int>? {
        guard WordText.isWordCharacter(chars[i]) else { return nil }
        if i > 0, WordText.isWordCharacter(chars[i - 1]) || (WordText.isJoiner(chars[i - 1]) && i > 1 && WordText.isWordCharacter(chars[i - 2])) {
            // Inside a word: only the start of a word after an elided article counts (l'|homme).
            guard WordText.apostrophes.contains(chars[i - 1]) else { return nil }
        }
        var end = i
        while end < chars.count {
            if WordText.isWordCharacter(chars[end]) { end += 1; continue }
            if WordText.isJoiner(chars[end]), end + 1 < chars.count, WordText.isWordCharacter(chars[end + 1]) {
                if WordText.apostrophes.contains(chars[end]), session.isElision(String(chars[i...end])) { return i..<(end + 1) }
                end += 1
                continue
            }
            break
        }
        return i..<end
    }

    private static func normalized(_ chars: [Character]) -> String {
        var out: [Character] = []
        for c in chars {
            if c == "\n" { while out.last == " " { out.removeLast() } }
            out.append(c)
        }
        while out.last == " " { out.removeLast() }
        return String(out)
    }
}
