/// Why a layout could not be loaded: the file, the place in it and what is wrong.
///
/// Printed as `FILE:LINE:COLUMN: PATH: MESSAGE`, for example
/// `qwerty.json:14:20: layers[0].rows[2][3].action: unknown action "backsapce"; did you mean "backspace"? ...`
/// (the parts that are unknown are left out).
public struct LayoutError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The file as it was named (empty when the error is not about one file).
    public var file: String
    /// The JSON path of the offending value (`layers[0].rows[2][3].action`; empty for the whole file).
    public var path: String
    /// Where in the file, when known.
    public var position: SourcePosition?
    /// What is wrong, what was found and what is expected.
    public var message: String

    /// An error with every part given.
    public init(file: String, path: String = "", position: SourcePosition? = nil, message: String) {
        self.file = file
        self.path = path
        self.position = position
        self.message = message
    }

    /// The whole error on one line.
    public var description: String {
        var prefix = file
        if let position, !file.isEmpty { prefix += ":\(position.line):\(position.column)" }
        var parts: [String] = []
        if !prefix.isEmpty { parts.append(prefix) }
        if !path.isEmpty { parts.append(path) }
        parts.append(message)
        return parts.joined(separator: ": ")
    }
}

/// Did-you-mean suggestions for misspelt names.
public enum Suggestion {
    /// The candidate closest to `word` by edit distance, if it is close enough to be a typo
    /// (at most `maxEdits`, 2 unless told, and at most half the word's length, one for a word of
    /// one to three letters); ties go to the earlier candidate.
    public static func closest(to word: String, in candidates: [String], maxEdits: Int = 2) -> String? {
        let limit = min(maxEdits, max(1, word.count / 2))
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let d = editDistance(word.lowercased(), candidate.lowercased())
            if d <= limit && d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.name
    }

    /// `; did you mean "x"?` or an empty string.
    public static func didYouMean(_ word: String, in candidates: [String]) -> String {
        guard let guess = closest(to: word, in: candidates), guess != word else { return "" }
        return "; did you mean \(JSONValue.quote(guess))?"
    }

    /// `; did you mean "x"? Valid LIST: a, b.` (or `. Valid LIST: a, b.` when nothing is close).
    public static func hint(_ word: String, in candidates: [String], list: String) -> String {
        let guess = didYouMean(word, in: candidates)
        return (guess.isEmpty ? "." : guess) + " Valid \(list): \(candidates.joined(separator: ", "))."
    }

    /// Levenshtein distance by character (stops early for very long words).
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a.prefix(64)), y = Array(b.prefix(64))
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous = Array(0...y.count)
        var current = previous
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[y.count]
    }
}
