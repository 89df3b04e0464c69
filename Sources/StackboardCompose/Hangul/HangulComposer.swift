/// A 2-set (Dubeolsik) Hangul automaton: jamo tapped one by one become syllables.
///
/// Rules (those of the standard 2-set keyboard):
/// - A consonant starts a syllable, or, after a vowel, becomes its final; a second final that
///   pairs with the first (ㄹ ㄱ → ㄺ) joins it; any other consonant starts the next syllable.
/// - A vowel after an initial is its vowel; one that pairs with the vowel before it (ㅗ ㅏ → ㅘ)
///   joins it. A vowel after a final takes the final (its second half, for a pair) as the
///   initial of a new syllable: 한 ㅏ → 하 나, 값 ㅣ → 갑 시.
/// - A vowel with no consonant before it, or a consonant that cannot go on, stands alone.
/// - A syllable is committed (returned by `tap`) as soon as a tap shows it is complete; the one
///   being composed is `composing`. Backspace takes back the last jamo of that syllable.
public struct HangulComposer: Equatable, Sendable {
    /// A syllable being composed: its letters so far.
    struct Syllable: Equatable, Sendable {
        var initial: Character?
        var medial: Character?
        var final: Character?

        /// How it is shown: the precomposed syllable, or the lone letter.
        var text: String {
            if let initial, let medial {
                return Jamo.syllable(initial: initial, medial: medial, final: final).map { String($0) } ?? ""
            }
            return (initial ?? medial).map { String($0) } ?? ""
        }
    }

    /// The syllable after each tap since it started (the last is the current one).
    private var history: [Syllable] = []

    /// An automaton with nothing composed.
    public init() {}

    /// The syllable (or lone jamo) being composed, "" when none.
    public var composing: String { history.last?.text ?? "" }

    /// Whether a syllable is being composed.
    public var isComposing: Bool { !history.isEmpty }

    /// Taps `jamo` (a compatibility jamo, ㄱ to ㅣ): the text it completes (often "").
    /// Anything else ends the syllable: it is returned with `jamo` after it.
    public mutating func tap(_ jamo: Character) -> String {
        if Jamo.isVowel(jamo) { return vowel(jamo) }
        if Jamo.initials.contains(jamo) { return consonant(jamo) }
        return flush() + String(jamo)
    }

    /// Backspace: takes back the last jamo tapped; false when nothing was composed.
    public mutating func backspace() -> Bool {
        history.popLast() != nil
    }

    /// Ends the syllable: returns it as it is, and composes nothing.
    public mutating func flush() -> String {
        let text = composing
        history = []
        return text
    }

    private mutating func consonant(_ c: Character) -> String {
        guard var current = history.last, current.medial != nil, current.initial != nil else {
            return restart(Syllable(initial: c))
        }
        if let final = current.final {
            guard let pair = Jamo.compoundFinals[String([final, c])] else { return restart(Syllable(initial: c)) }
            current.final = pair
        } else {
            guard Jamo.finals.contains(c) else { return restart(Syllable(initial: c)) }
            current.final = c
        }
        history.append(current)
        return ""
    }

    private mutating func vowel(_ v: Character) -> String {
        guard var current = history.last else { return restart(Syllable(medial: v)) }
        guard let medial = current.medial else {
            current.medial = v
            history.append(current)
            return ""
        }
        guard let final = current.final else {
            guard let pair = Jamo.compoundMedials[String([medial, v])] else { return restart(Syllable(medial: v)) }
            current.medial = pair
            history.append(current)
            return ""
        }
        // The final moves to the next syllable (the second half of a pair).
        let (kept, moved): (Character?, Character) = Jamo.compoundFinals.first { $0.value == final }
            .map { pair in (Array(pair.key)[0], Array(pair.key)[1]) } ?? (nil, final)
        current.final = kept
        let done = current.text
        history = [Syllable(initial: moved), Syllable(initial: moved, medial: v)]
        return done
    }

    /// Commits what is composed and starts over with `syllable`.
    private mutating func restart(_ syllable: Syllable) -> String {
        let done = flush()
        history = [syllable]
        return done
    }
}
