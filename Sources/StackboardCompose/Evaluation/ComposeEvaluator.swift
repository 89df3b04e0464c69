import Glibc
import StackboardSystem

/// `stackboard words evaluate FILE --language zh|ko`: a text typed through the keyboard's own
/// engine as a user would (pinyin letter by letter, picking candidates as soon as they are
/// offered; jamo by jamo), never learning anything.
public enum ComposeEvaluator {
    /// The languages the keyboard composes itself.
    public static let languages = ["zh", "ko"]
    /// The candidates the bar shows a page.
    public static let shown = RimeLibrary.pageSize

    /// Evaluates `text` in `language` (one of `languages`); `environment` says where librime's
    /// non-learning data directory is.
    public static func run(text: String, language: String, environment: [String: String]) throws(ComposeError) -> ComposeEvaluation {
        switch language {
        case "ko":
            return ComposeEvaluation.composing(hangulSteps(text), engine: HangulWords(), clock: MonotonicClock.now)
        case "zh":
            let engines = ComposeEngines(environment: environment, learning: false, report: { _ in })
            let engine = try engines.pinyinEngine(simplified: true)
            let deadline = MonotonicClock.now() + 120
            while !engine.isReady {
                guard MonotonicClock.now() < deadline else { throw ComposeError("librime's deploy did not end in 120 s") }
                usleep(10_000)
            }
            let dictionary = RimeLibrary.sharedDirectory + "/" + RimeLibrary.schema + ".dict.yaml"
            guard let bytes = FileSystem.contents(dictionary, limit: 1 << 26) else {
                throw ComposeError("cannot read \(dictionary): install the package \(RimeLibrary.dataPackage)")
            }
            let essay = FileSystem.contents(RimeLibrary.sharedDirectory + "/essay.txt", limit: 1 << 26) ?? []
            let readings = PinyinReadings(dictionary: String(decoding: bytes, as: UTF8.self),
                                          vocabulary: String(decoding: essay, as: UTF8.self))
            let steps = chineseSteps(text, readings: readings, converter: try ChineseConverter())
            return ComposeEvaluation.candidates(steps, engine: engine, shown: shown, clock: MonotonicClock.now)
        default:
            throw ComposeError("the keyboard composes only \(languages.joined(separator: ", ")) itself")
        }
    }

    /// Each character of `text` and its 2-set jamo taps (a shift before ㅃ ㅉ ㄸ ㄲ ㅆ ㅒ ㅖ).
    static func hangulSteps(_ text: String) -> [ComposeEvaluation.Step] {
        text.map { c in
            ComposeEvaluation.Step(character: c, taps: Jamo.taps(for: c).map { $0.map(String.init) })
        }
    }

    /// Whether `c` is a Han character.
    static func isHan(_ c: Character) -> Bool {
        guard c.unicodeScalars.count == 1, let v = c.unicodeScalars.first?.value else { return false }
        return (0x4E00...0x9FFF).contains(v) || (0x3400...0x4DBF).contains(v) || (0xF900...0xFAFF).contains(v)
            || (0x20000...0x2FFFF).contains(v)
    }

    /// Each character of `text` and its pinyin letters: a run of Han characters is read in
    /// Traditional characters (Luna Pinyin's) as its phrases say. A Han character with no reading
    /// is typed as it is (not counted).
    static func chineseSteps(_ text: String, readings: PinyinReadings, converter: ChineseConverter) -> [ComposeEvaluation.Step] {
        let chars = Array(text)
        var steps: [ComposeEvaluation.Step] = []
        var i = 0
        while i < chars.count {
            guard isHan(chars[i]) else {
                steps.append(ComposeEvaluation.Step(character: chars[i], taps: nil))
                i += 1
                continue
            }
            var end = i
            while end < chars.count, isHan(chars[end]) { end += 1 }
            let run = Array(chars[i..<end])
            let traditional = Array(converter.traditional(String(run)))
            let syllables = readings.syllables(of: traditional.count == run.count ? traditional : run)
            for (c, syllable) in zip(run, syllables) {
                steps.append(ComposeEvaluation.Step(character: c, taps: syllable.map { $0.map(String.init) }))
            }
            i = end
        }
        return steps
    }
}
