import StackboardCore
import StackboardSystem
import StackboardWords
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `stackboard words evaluate`: keystroke savings on a text, from the shipped model alone; with
/// `--noise SIGMA`, also the letters tapped off their keys on the layout's real geometry, the word
/// errors before and after tap correction, and the decode time.
enum WordsEvaluate {
    /// What to evaluate.
    struct Request {
        var file: String
        var language: String
        var models: WordModels
        var slots: Int
        var learning: Bool
        var json: Bool
        var noise: Double
        var geometry: KeyboardGeometry?
        var layoutName: String
    }

    /// The seed of the taps' noise: runs repeat exactly.
    static let seed: UInt64 = 46

    static func run(_ request: Request) -> Int32 {
        guard let text = FileInput.text(request.file) else {
            printError("stackboard: cannot read '\(request.file)' as UTF-8 text (at most 64 MiB); check the path and the encoding")
            return 1
        }
        let loadStart = MonotonicClock.now()
        guard let shipped = WordsLearned.shipped(request.language, models: request.models) else { return 1 }
        let loadSeconds = MonotonicClock.now() - loadStart
        func session(slots: Int, noisy: Bool) -> SuggestionSession {
            let predictor = WordPredictor(shipped: shipped, learned: UserWordModel(fold: shipped.fold))
            var made = SuggestionSession(predictor: predictor, slots: slots, privacy: request.learning ? .normal : .noLearn, atSentenceStart: true)
            if noisy, let geometry = request.geometry {
                made.tapDecoder = TapDecoder(geometry: geometry, fold: shipped.fold)
                made.corrects = true
            }
            return made
        }
        var plain = session(slots: request.slots, noisy: false)
        let started = MonotonicClock.now()
        let result = KeystrokeEvaluation.run(text, session: &plain, clock: MonotonicClock.now)
        let seconds = MonotonicClock.now() - started
        var corrected: KeystrokeEvaluation?, noisySavings: KeystrokeEvaluation?
        if request.noise > 0, let geometry = request.geometry {
            let noise = TapNoise(geometry: geometry, sigma: request.noise, seed: seed)
            var alone = session(slots: 0, noisy: true)
            corrected = KeystrokeEvaluation.run(text, session: &alone, clock: threadSeconds, noise: noise)
            var withBar = session(slots: request.slots, noisy: true)
            noisySavings = KeystrokeEvaluation.run(text, session: &withBar, clock: MonotonicClock.now, noise: noise)
        }
        let times = result.suggestionSeconds.sorted()
        func percentile(_ values: [Double], _ p: Double) -> Double { (Percentile.of(values, p) ?? 0) * 1000 }
        let decodes = (noisySavings?.decodeSeconds ?? []).sorted()
        let decodesCPU = (corrected?.decodeSeconds ?? []).sorted()
        let savings = result.savings * 100
        if request.json {
            var line = "{\"file\":\(JSONValue.quote(request.file)),\"language\":\(JSONValue.quote(request.language)),\"suggestions\":\(request.slots),"
                + "\"learning\":\(request.learning),"
                + "\"words\":\(result.words),\"keystrokes_without\":\(result.withoutSuggestions),\"keystrokes_with\":\(result.withSuggestions),"
                + "\"savings_percent\":\(fixed(savings, 2)),\"accepted\":\(result.accepted),\"predicted\":\(result.predicted),"
                + "\"reproduced\":\(result.reproduced),\"updates\":\(times.count),\"update_p50_ms\":\(fixed(percentile(times, 0.5), 4)),"
                + "\"update_p95_ms\":\(fixed(percentile(times, 0.95), 4)),\"update_max_ms\":\(fixed(times.last.map { $0 * 1000 } ?? 0, 4)),"
                + "\"model_load_ms\":\(fixed(loadSeconds * 1000, 3)),\"model_words\":\(shipped.wordCount),\"model_pairs\":\(shipped.pairCount),"
                + "\"seconds\":\(fixed(seconds, 2))"
            if let corrected, let noisySavings {
                line += ",\"layout\":\(JSONValue.quote(request.layoutName)),\"noise_sigma\":\(fixed(request.noise, 3)),"
                    + "\"letter_error_percent\":\(fixed(corrected.letterErrorRate * 100, 2)),"
                    + "\"literal_wer_percent\":\(fixed(corrected.literalWordErrorRate * 100, 2)),"
                    + "\"corrected_wer_percent\":\(fixed(corrected.finalWordErrorRate * 100, 2)),"
                    + "\"right_words_changed_percent\":\(fixed(corrected.rightWordsChangedRate * 100, 2)),"
                    + "\"noisy_savings_percent\":\(fixed(noisySavings.savings * 100, 2)),"
                    + "\"noisy_wer_with_suggestions_percent\":\(fixed(noisySavings.finalWordErrorRate * 100, 2)),"
                    + "\"decode_p50_ms\":\(fixed(percentile(decodes, 0.5), 4)),\"decode_p95_ms\":\(fixed(percentile(decodes, 0.95), 4)),"
                    + "\"decode_cpu_p50_ms\":\(fixed(percentile(decodesCPU, 0.5), 4)),"
                    + "\"decode_cpu_p95_ms\":\(fixed(percentile(decodesCPU, 0.95), 4)),"
                    + "\"unaligned\":\(corrected.unaligned || noisySavings.unaligned)"
            }
            print(line + "}")
        } else {
            print("text: \(request.file), \(result.words) words, \(result.withoutSuggestions) characters")
            print("model: \(request.language), \(shipped.wordCount) words, \(shipped.pairCount) pairs; \(request.slots) suggestion\(request.slots == 1 ? "" : "s"), learning \(request.learning ? "on" : "off")")
            print("keystrokes without suggestions: \(result.withoutSuggestions)")
            print("keystrokes with suggestions:    \(result.withSuggestions) (\(result.accepted) taps on a suggestion, \(result.predicted) of them before the first letter)")
            print("keystroke savings: \(fixed(savings, 1)) %")
            print("suggestion updates: \(times.count), p50 \(fixed(percentile(times, 0.5), 3)) ms, p95 \(fixed(percentile(times, 0.95), 3)) ms")
            if let corrected, let noisySavings {
                print("noise: σ \(fixed(request.noise, 3)) key widths on \(request.layoutName), seed \(seed)")
                print("raw letter error: \(fixed(corrected.letterErrorRate * 100, 2)) % of \(corrected.noisyTaps) taps")
                print("word error rate, literal taps: \(fixed(corrected.literalWordErrorRate * 100, 2)) %")
                print("word error rate, after correction: \(fixed(corrected.finalWordErrorRate * 100, 2)) %")
                print("words typed right that correction changed: \(fixed(corrected.rightWordsChangedRate * 100, 2)) % (\(corrected.rightWordsChanged) of \(corrected.literalRightWords))")
                print("keystroke savings under noise: \(fixed(noisySavings.savings * 100, 1)) % (word error rate \(fixed(noisySavings.finalWordErrorRate * 100, 2)) %)")
                print("decode per word: p50 \(fixed(percentile(decodes, 0.5), 3)) ms, p95 \(fixed(percentile(decodes, 0.95), 3)) ms; "
                      + "processor time p50 \(fixed(percentile(decodesCPU, 0.5), 3)) ms, p95 \(fixed(percentile(decodesCPU, 0.95), 3)) ms")
                if corrected.unaligned || noisySavings.unaligned {
                    print("note: the words that came out could not all be paired with the text's; those count as wrong")
                }
            }
        }
        if !result.reproduced {
            printError("stackboard: the suggestion edits did not rebuild the text exactly: this is a bug, please report it")
            return 1
        }
        return 0
    }

    /// The processor time of the calling thread, in seconds (other load on the machine does not stretch it).
    static func threadSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// The layout a language's evaluation taps on when none is given: its XKB layout (qwerty for English).
    static func defaultLayout(language: String) -> String {
        let xkb = ["en": "", "cs": "cz", "da": "dk", "el": "gr", "nb": "no", "sv": "se", "uk": "ua", "sl": "si", "et": "ee"]
        if let name = xkb[language] { return name.isEmpty ? "qwerty" : "xkb:" + name }
        return "xkb:" + language
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
