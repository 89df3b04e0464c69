import StackboardCore
import StackboardSystem
import StackboardWords

/// `stackboard words evaluate`: keystroke savings on a text, from the shipped model alone.
enum WordsEvaluate {
    static func run(file: String, language: String, models: WordModels, slots: Int, learning: Bool, json: Bool) -> Int32 {
        guard let text = FileInput.text(file) else {
            printError("stackboard: cannot read '\(file)' as UTF-8 text (at most 64 MiB); check the path and the encoding")
            return 1
        }
        let loadStart = MonotonicClock.now()
        guard let shipped = WordsLearned.shipped(language, models: models) else { return 1 }
        let loadSeconds = MonotonicClock.now() - loadStart
        let predictor = WordPredictor(shipped: shipped, learned: UserWordModel(fold: shipped.fold))
        var session = SuggestionSession(predictor: predictor, slots: slots, privacy: learning ? .normal : .noLearn, atSentenceStart: true)
        let started = MonotonicClock.now()
        let result = KeystrokeEvaluation.run(text, session: &session, clock: MonotonicClock.now)
        let seconds = MonotonicClock.now() - started
        let times = result.suggestionSeconds.sorted()
        func percentile(_ p: Double) -> Double { (Percentile.of(times, p) ?? 0) * 1000 }
        let savings = result.savings * 100
        if json {
            print("{\"file\":\(JSONValue.quote(file)),\"language\":\(JSONValue.quote(language)),\"suggestions\":\(slots),\"learning\":\(learning),"
                  + "\"words\":\(result.words),\"keystrokes_without\":\(result.withoutSuggestions),\"keystrokes_with\":\(result.withSuggestions),"
                  + "\"savings_percent\":\(fixed(savings, 2)),\"accepted\":\(result.accepted),\"predicted\":\(result.predicted),"
                  + "\"reproduced\":\(result.reproduced),\"updates\":\(times.count),\"update_p50_ms\":\(fixed(percentile(0.5), 4)),"
                  + "\"update_p95_ms\":\(fixed(percentile(0.95), 4)),\"update_max_ms\":\(fixed(times.last.map { $0 * 1000 } ?? 0, 4)),"
                  + "\"model_load_ms\":\(fixed(loadSeconds * 1000, 3)),\"model_words\":\(shipped.wordCount),\"model_pairs\":\(shipped.pairCount),"
                  + "\"seconds\":\(fixed(seconds, 2))}")
        } else {
            print("text: \(file), \(result.words) words, \(result.withoutSuggestions) characters")
            print("model: \(language), \(shipped.wordCount) words, \(shipped.pairCount) pairs; \(slots) suggestion\(slots == 1 ? "" : "s"), learning \(learning ? "on" : "off")")
            print("keystrokes without suggestions: \(result.withoutSuggestions)")
            print("keystrokes with suggestions:    \(result.withSuggestions) (\(result.accepted) taps on a suggestion, \(result.predicted) of them before the first letter)")
            print("keystroke savings: \(fixed(savings, 1)) %")
            print("suggestion updates: \(times.count), p50 \(fixed(percentile(0.5), 3)) ms, p95 \(fixed(percentile(0.95), 3)) ms")
        }
        if !result.reproduced {
            printError("stackboard: the suggestion edits did not rebuild the text exactly: this is a bug, please report it")
            return 1
        }
        return 0
    }

    /// `value` with `digits` decimals.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let n = (value * scale).rounded()
        let whole = Int(n / scale), frac = Int(abs(n).truncatingRemainder(dividingBy: scale))
        let fracText = String(frac)
        let sign = n < 0 && whole == 0 ? "-" : ""
        return digits == 0 ? "\(sign)\(whole)" : "\(sign)\(whole)." + String(repeating: "0", count: max(0, digits - fracText.count)) + fracText
    }
}
