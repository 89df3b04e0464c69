import StackboardRuntime

/// What typing a text through a composing engine cost: keystrokes per character of the script
/// (Han, kana or Hangul; punctuation and other characters are typed but not counted), how often
/// the candidate picked was the first, and whether the text came out exactly.
public struct ComposeEvaluation: Equatable, Sendable {
    /// The script's characters in the text.
    public var characters = 0
    /// Letter (jamo, pinyin, romaji) taps.
    public var letterTaps = 0
    /// Taps on a candidate (and on ▸ for the next page).
    public var candidateTaps = 0
    /// Keys that only end a composition (the bar's first slot at the end of a text).
    public var commitTaps = 0
    /// Candidates picked, and how many of them were the first shown.
    public var picks = 0
    /// Of `picks`, those of the first candidate.
    public var firstPicks = 0
    /// Characters no candidate offered (typed as they are instead).
    public var unreachable = 0
    /// Whether the engine's edits rebuilt the text exactly.
    public var exact = true
    /// The seconds each tap took the engine: the key (`typing`) and the bar's update after it.
    public var updateSeconds: [Double] = []

    /// Keystrokes per character of the script.
    public var keystrokesPerCharacter: Double {
        characters == 0 ? 0 : Double(letterTaps + candidateTaps + commitTaps) / Double(characters)
    }

    /// The share of picks that were the first candidate.
    public var firstCandidateRate: Double { picks == 0 ? 0 : Double(firstPicks) / Double(picks) }

    /// One character of the text and the keys that type it (nil: typed as it is, not counted).
    public struct Step: Equatable, Sendable {
        /// The character.
        public var character: Character
        /// Its letters (pinyin, romaji) or jamo, in order; nil: not of the script.
        public var taps: [String]?
        /// Every letter of it, when `taps` abbreviates it: typed instead once the abbreviation
        /// was not offered (nil: `taps`).
        public var full: [String]?
        /// Whether a candidate may end after this character: false inside a word whose letters
        /// are all typed at its first character (a Japanese word's reading is not split between
        /// its characters, so a candidate for part of it would leave letters untyped).
        public var endsWord: Bool

        /// A step with every property given.
        public init(character: Character, taps: [String]?, full: [String]? = nil, endsWord: Bool = true) {
            self.character = character
            self.taps = taps
            self.full = full
            self.endsWord = endsWord
        }
    }

    /// Types `steps` through `engine`, whose keys compose syllables without candidates (Hangul):
    /// each run ends with the next character typed, or a tap on the bar's first slot at the end.
    /// A jamo typed with shift counts two keys.
    public static func composing(_ steps: [Step], engine: KeypadWords, clock: () -> Double) -> ComposeEvaluation {
        var result = ComposeEvaluation()
        var out = ""
        for step in steps {
            guard let taps = step.taps else {
                out += engine.typing(String(step.character)).text
                continue
            }
            result.characters += 1
            for tap in taps {
                result.letterTaps += tap.first.map { Jamo.shifted.contains($0) } == true ? 2 : 1
                let start = clock()
                out += engine.typing(tap).text
                _ = engine.suggestions()
                result.updateSeconds.append(clock() - start)
            }
        }
        if let end = engine.accepting(slot: 0) {
            result.commitTaps += 1
            out += end.text
        }
        result.exact = out == String(steps.map(\.character))
        return result
    }

    /// Types `steps` through `engine`, whose bar shows the composition in slot 0, candidates in
    /// slots 1 to `shown` and ▸ after them: letter by letter, picking the longest candidate that
    /// starts the rest of the run as soon as one covers every character whose letters were begun
    /// (but not right as a syllable ends with more to come: the next first letter comes first), or,
    /// with more than `lookahead` characters begun and none such, the longest that starts it;
    /// once every letter is typed, the longest that starts it (▸ for the next pages, at most
    /// `pages`; with a `grid` of that many candidates, as the keyboard's candidate grid: the
    /// first ▸ opens it, the next ones turn its pages, a pick goes back to the bar); a run no
    /// candidate reaches is typed as it is (`unreachable`).
    ///
    /// `elsewhere`: characters of the text typed on another layer or layout, not through the
    /// engine (Latin letters in Japanese text: the engine would make them kana).
    public static func candidates(_ steps: [Step], engine: KeypadWords, shown: Int, grid: Int? = nil, pages: Int = 8,
                                  lookahead: Int = 4, elsewhere: (Character) -> Bool = { _ in false },
                                  clock: () -> Double) -> ComposeEvaluation {
        var result = ComposeEvaluation()
        var out = ""
        var i = 0
        // Latin letters of the text compose too (pinyin's keys are letters): what they composed
        // is typed as it is (the bar's first slot) before anything else.
        func typeAsItIs() {
            if !engine.suggestions().isEmpty { out += engine.accepting(slot: 0)?.text ?? "" }
        }
        while i < steps.count {
            guard steps[i].taps != nil else {
                let c = steps[i].character
                if elsewhere(c) {
                    typeAsItIs()
                    out.append(c)
                    i += 1
                    continue
                }
                if !(c.isASCII && c.isLowercase) { typeAsItIs() }
                out += engine.typing(String(c)).text
                i += 1
                continue
            }
            typeAsItIs()
            var end = i
            while end < steps.count, steps[end].taps != nil { end += 1 }
            result.characters += end - i
            let run = Array(steps[i..<end])
            let first = typeRun(run, engine: engine, shown: shown, grid: grid, pages: pages, lookahead: lookahead, result: &result, clock: clock)
            out += first.text
            if let failed = first.failedAt {
                // The abbreviation was not offered: its letters are taken back (one backspace
                // each) and the rest is typed with every letter; what that cannot reach either
                // goes out as it is.
                result.letterTaps += first.pendingLetters
                engine.reset(.windowChanged)
                let rest = run[failed...].map { Step(character: $0.character, taps: $0.full ?? $0.taps) }
                let again = typeRun(Array(rest), engine: engine, shown: shown, grid: grid, pages: pages, lookahead: lookahead,
                                    result: &result, clock: clock)
                out += again.text
                if let stuck = again.failedAt {
                    engine.reset(.windowChanged)
                    result.unreachable += rest.count - stuck
                    out += String(rest[stuck...].map(\.character))
                }
            }
            i = end
        }
        typeAsItIs()
        result.exact = out == String(steps.map(\.character))
        return result
    }

    /// Types one run of the script: the text committed, and where no candidate reached the rest
    /// (`failedAt`: the characters committed by then) with the letters left in the composition.
    private static func typeRun(_ run: [Step], engine: KeypadWords, shown barSize: Int, grid: Int?, pages: Int, lookahead: Int,
                                result: inout ComposeEvaluation,
                                clock: () -> Double) -> (text: String, failedAt: Int?, pendingLetters: Int) {
        let target = run.map(\.character)
        var shown = barSize    // candidates a page: the bar's, or the grid's once it is open
        if grid != nil { engine.showing(slots: barSize + 2) } // a run starts on the bar
        var out = ""
        var pendingLetters = 0 // letters typed since the last commit
        var picked = 0         // characters picked so far
        var next = 0           // the character whose letters are being typed
        var letter = 0         // its next letter
        func bar(since: Double? = nil) -> [String] {
            let start = since ?? clock()
            let labels = engine.suggestions()
            result.updateSeconds.append(clock() - start)
            return labels
        }
        func match(_ labels: [String], atLeast: Int) -> (slot: Int, count: Int)? {
            var best: (slot: Int, count: Int)?
            for slot in 1..<max(1, min(labels.count, shown + 1)) {
                let word = Array(labels[slot])
                guard !word.isEmpty, word.count >= atLeast, picked + word.count <= target.count,
                      run[picked + word.count - 1].endsWord,
                      Array(target[picked..<(picked + word.count)]) == word else { continue }
                if best.map({ word.count > $0.count }) ?? true { best = (slot, word.count) }
            }
            return best
        }
        func pick(_ slot: Int, count: Int, page: Int) {
            result.candidateTaps += 1
            result.picks += 1
            if slot == 1 && page == 0 { result.firstPicks += 1 }
            let committed = engine.accepting(slot: slot)?.text ?? ""
            // The pick took fewer letters than were typed for its last character (librime reads
            // `fe` as f + e and offers 风 for the f): it is held with a stray letter after it. The
            // user takes it back (backspace undoes a pick) and types on.
            if committed.isEmpty, picked + count == target.count, next < target.count,
               let composition = engine.suggestions().first, Self.strayLetters(composition) > 0 {
                result.picks -= 1
                if slot == 1 && page == 0 { result.firstPicks -= 1 }
                result.letterTaps += 1
                _ = engine.deletingBackward()
                return
            }
            if shown != barSize {
                // A pick on the grid: back to the bar.
                shown = barSize
                engine.showing(slots: barSize + 2)
            }
            if !committed.isEmpty { pendingLetters = 0 }
            out += committed
            picked += count
            if next < picked { next = picked; letter = 0 }
        }
        while picked < target.count {
            if next < target.count, let taps = run[next].taps {
                guard !taps.isEmpty else {
                    // Typed with the letters of a character before it (a Japanese word's reading).
                    next += 1
                    letter = 0
                    continue
                }
                result.letterTaps += 1
                pendingLetters += 1
                let tapped = clock()
                let typed = engine.typing(taps[letter]).text
                if !typed.isEmpty {
                    // The engine let go of the composition (letters it does not take): the user
                    // backspaces over what came out and the rest is typed again.
                    result.letterTaps += typed.count
                    engine.reset(.windowChanged)
                    return (out, min(out.count, target.count), pendingLetters)
                }
                letter += 1
                let begun = next + 1 - picked
                // A syllable just ended with more of the run to come: the next one's first
                // letter usually brings the phrase of both (ni → 你; ni h → 你好), so wait for it.
                let waits = letter == taps.count && next + 1 < target.count
                if letter == taps.count { next += 1; letter = 0 }
                let labels = bar(since: tapped)
                if !waits, let found = match(labels, atLeast: begun) {
                    pick(found.slot, count: found.count, page: 0)
                } else if begun > lookahead, let found = match(labels, atLeast: 1) {
                    // Typed far ahead with no phrase of it all: the first words that are right.
                    pick(found.slot, count: found.count, page: 0)
                }
                continue
            }
            // Every letter is typed: the longest candidate that starts the rest, on some page.
            var found: (slot: Int, count: Int)?
            var page = 0
            var labels = bar()
            while true {
                found = match(labels, atLeast: 1)
                if found != nil || page >= pages || labels.last != CandidateBar.moreLabel { break }
                result.candidateTaps += 1
                if let grid, shown != grid {
                    // ▸ on the bar opens the grid, from the first candidate again.
                    shown = grid
                    engine.showing(slots: grid + 2)
                } else {
                    _ = engine.accepting(slot: shown + 1)
                }
                page += 1
                labels = bar()
            }
            guard let found else { return (out, min(out.count, target.count), pendingLetters) }
            pick(found.slot, count: found.count, page: page)
        }
        return (out, nil, 0)
    }

    /// The letters at the end of a composition after its converted characters (`愿为西南风e`: 1).
    static func strayLetters(_ composition: String) -> Int {
        var count = 0
        for c in composition.reversed() {
            guard c.isASCII else { break }
            if c.isLetter { count += 1 }
        }
        return count
    }
}
