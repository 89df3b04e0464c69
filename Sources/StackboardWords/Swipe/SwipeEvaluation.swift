import StackboardCore
/// Synthetic swipes and their scoring: how often the decoder's first (or first three) words
/// are the word that was swiped (`stackboard-bench swipe`, the swipe tests).
public enum SwipeEvaluation {
    /// A synthetic swipe of `word`: the centres of its letters' keys, each moved by normal noise
    /// with a standard deviation of `noise` key widths on each axis, joined by straight lines
    /// sampled every tenth of a key width, with half a pixel of jitter, in whole pixels. Nil when
    /// the keyboard cannot write the word or it has fewer than two letter slots.
    public static func path<G: RandomNumberGenerator>(for word: String, keyboard: SwipeKeyboard, fold: (Character) -> Character?,
                                                      noise: Double, rng: inout G) -> [Point]? {
        guard let slots = keyboard.slots(of: word, fold: fold), slots.count >= 2 else { return nil }
        let unit = keyboard.unit
        let waypoints = slots.map { slot -> (Double, Double) in
            let (nx, ny) = SwipeMath.normalPair(&rng)
            let letter = keyboard.letters[Int(slot)]
            return (letter.x + nx * noise * unit, letter.y + ny * noise * unit)
        }
        var out: [Point] = []
        let step = max(1, unit / 10)
        for i in 1..<waypoints.count {
            let (ax, ay) = waypoints[i - 1], (bx, by) = waypoints[i]
            let length = ((bx - ax) * (bx - ax) + (by - ay) * (by - ay)).squareRoot()
            let pieces = max(1, Int((length / step).rounded(.up)))
            for k in (i == 1 ? 0 : 1)...pieces {
                let t = Double(k) / Double(pieces)
                let (jx, jy) = SwipeMath.normalPair(&rng)
                out.append(Point(x: Int((ax + (bx - ax) * t + jx * 0.5).rounded()), y: Int((ay + (by - ay) * t + jy * 0.5).rounded())))
            }
        }
        return out
    }

    /// The outcome of an evaluation.
    public struct Result: Equatable, Sendable {
        /// Words asked for.
        public var words = 0
        /// Words swiped (the rest are unknown to the vocabulary, or cannot be swiped).
        public var swiped = 0
        /// Words the vocabulary does not have.
        public var unknown = 0
        /// Words with fewer than two letter slots, or a letter the layer lacks (typed by taps).
        public var unswipeable = 0
        /// Swiped words that came first.
        public var top1 = 0
        /// Swiped words among the first three.
        public var top3 = 0
        /// Seconds each decode took, in order (by `clock`).
        public var seconds: [Double] = []
        /// Seconds of processor time each decode took, in order (by `cpuClock`, when given).
        public var cpuSeconds: [Double] = []
        /// Up to 30 misses: the word and what came first.
        public var misses: [(word: String, got: String)] = []
        /// Up to 30 words not among the first three, with the three and where the word came.
        public var missesTop3: [(word: String, got: [String])] = []

        /// top1 / swiped.
        public var top1Rate: Double { swiped > 0 ? Double(top1) / Double(swiped) : 0 }
        /// top3 / swiped.
        public var top3Rate: Double { swiped > 0 ? Double(top3) / Double(swiped) : 0 }

        public static func == (a: Result, b: Result) -> Bool {
            a.words == b.words && a.swiped == b.swiped && a.unknown == b.unknown && a.unswipeable == b.unswipeable
                && a.top1 == b.top1 && a.top3 == b.top3 && a.misses.map(\.word) == b.misses.map(\.word)
        }
    }

    /// Swipes each of `words` once (noise from `seed`) and decodes it with no previous word;
    /// a word counts when the candidate has the same letters ignoring case. `clock` (seconds)
    /// times each decode, and `cpuClock` (the thread's processor seconds) too when given.
    public static func run(words: [String], decoder: SwipeDecoder, vocabulary: SwipeVocabulary, noise: Double, seed: UInt64,
                           clock: () -> Double, cpuClock: (() -> Double)? = nil) -> Result {
        var rng = SplitMix64(seed: seed)
        var known = Set<String>()
        vocabulary.enumerateSwipeWords { _, word, _ in known.insert(word.lowercased()) }
        var result = Result()
        for word in words {
            result.words += 1
            guard known.contains(word.lowercased()) else { result.unknown += 1; continue }
            guard let path = path(for: word, keyboard: decoder.keyboard, fold: vocabulary.swipeFold, noise: noise, rng: &rng) else {
                result.unswipeable += 1
                continue
            }
            let started = clock(), cpuStarted = cpuClock?()
            let found = decoder.decode(path, vocabulary: vocabulary, previous: nil, limit: 10)
            result.seconds.append(clock() - started)
            if let cpuStarted, let cpuClock { result.cpuSeconds.append(cpuClock() - cpuStarted) }
            result.swiped += 1
            let target = word.lowercased()
            if found.first?.word.lowercased() == target { result.top1 += 1 } else if result.misses.count < 30 {
                result.misses.append((word, found.first?.word ?? "-"))
            }
            if found.prefix(3).contains(where: { $0.word.lowercased() == target }) {
                result.top3 += 1
            } else if result.missesTop3.count < 30 {
                let rank = found.firstIndex { $0.word.lowercased() == target }.map { "#\($0 + 1)" } ?? "not in the first 10"
                result.missesTop3.append((word, found.prefix(3).map(\.word) + [rank]))
            }
        }
        return result
    }

    /// The `count` most frequent words of `text` (letters with inner apostrophes; counted
    /// ignoring case, each written as it is most often written there), most frequent first.
    public static func frequentWords(in text: String, count: Int) -> [String] {
        var counts: [String: Int] = [:], forms: [String: [String: Int]] = [:], order: [String: Int] = [:]
        var current = ""
        func flush() {
            while let last = current.last, last == "'" { current.removeLast() }
            guard !current.isEmpty else { return }
            let key = current.lowercased()
            counts[key, default: 0] += 1
            forms[key, default: [:]][current, default: 0] += 1
            if order[key] == nil { order[key] = order.count }
            current = ""
        }
        for c in text {
            if c.isLetter {
                current.append(c)
            } else if (c == "'" || c == "’"), !current.isEmpty, current.last != "'" {
                current.append("'")
            } else {
                flush()
            }
        }
        flush()
        let ranked = counts.keys.sorted { a, b in
            let ca = counts[a] ?? 0, cb = counts[b] ?? 0
            return ca != cb ? ca > cb : (order[a] ?? 0) < (order[b] ?? 0)
        }
        return ranked.prefix(max(0, count)).map { key in
            forms[key]?.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key ?? key
        }
    }
}
