import StackboardCompose
import StackboardCore
import StackboardSystem

/// `stackboard words evaluate FILE --language zh|ko`: keystrokes per character through the
/// keyboard's own composing engine (StackboardCompose's `ComposeEvaluator`). Chinese is typed
/// twice: every pinyin letter, then each phrase abbreviated (its first syllable and the first
/// letters of the others).
enum ComposeEvaluate {
    static func run(file: String, language: String, json: Bool) -> Int32 {
        guard let text = FileInput.text(file) else {
            printError("stackboard: cannot read '\(file)' as UTF-8 text (at most 64 MiB); check the path and the encoding")
            return 1
        }
        let started = MonotonicClock.now()
        let results: [(typing: String, result: ComposeEvaluation)]
        do throws(ComposeError) {
            results = try ComposeEvaluator.run(text: text, language: language, environment: FileSystem.environment())
        } catch {
            printError("stackboard: " + error.description)
            return 1
        }
        let seconds = (MonotonicClock.now() - started) / Double(max(1, results.count))
        var status: Int32 = 0
        for (typing, result) in results {
            status = max(status, report(result, typing: typing, file: file, language: language, seconds: seconds, json: json))
        }
        return status
    }

    private static func report(_ result: ComposeEvaluation, typing: String, file: String, language: String, seconds: Double,
                               json: Bool) -> Int32 {
        let times = result.updateSeconds.sorted()
        func ms(_ p: Double) -> String { WordsEvaluate.fixed((Percentile.of(times, p) ?? 0) * 1000, 3) }
        let perChar = WordsEvaluate.fixed(result.keystrokesPerCharacter, 3)
        let first = WordsEvaluate.fixed(result.firstCandidateRate * 100, 1)
        if json {
            print("{\"file\":\(JSONValue.quote(file)),\"language\":\(JSONValue.quote(language)),\"typing\":\"\(typing)\",\"characters\":\(result.characters),"
                  + "\"letter_taps\":\(result.letterTaps),\"candidate_taps\":\(result.candidateTaps),\"commit_taps\":\(result.commitTaps),"
                  + "\"keystrokes_per_character\":\(perChar),\"picks\":\(result.picks),\"first_candidate_percent\":\(first),"
                  + "\"unreachable\":\(result.unreachable),\"exact\":\(result.exact),\"updates\":\(times.count),"
                  + "\"update_p50_ms\":\(ms(0.5)),\"update_p95_ms\":\(ms(0.95)),\"seconds\":\(WordsEvaluate.fixed(seconds, 2))}")
        } else {
            print("text: \(file), \(result.characters) characters of the script (\(language)), typed: \(typing)")
            print("keystrokes: \(result.letterTaps) letters, \(result.candidateTaps) candidate taps, \(result.commitTaps) commit taps")
            print("keystrokes per character: \(perChar)")
            if result.picks > 0 { print("candidates picked: \(result.picks), the first one \(first) %") }
            if result.unreachable > 0 { print("characters no candidate offered (typed as they are): \(result.unreachable)") }
            print("bar updates: \(times.count), p50 \(ms(0.5)) ms, p95 \(ms(0.95)) ms")
            print("text rebuilt exactly: \(result.exact ? "yes" : "no")")
        }
        if !result.exact {
            printError("stackboard: the engine's edits did not rebuild the text exactly: this is a bug, please report it")
            return 1
        }
        return 0
    }
}
