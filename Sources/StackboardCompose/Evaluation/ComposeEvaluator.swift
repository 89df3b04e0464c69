import StackboardCore
import StackboardSystem

/// `stackboard words evaluate FILE --language zh|ko|ja`: a text typed through the keyboard's own
/// engine as a user would (pinyin or romaji letter by letter, picking candidates as soon as they
/// are offered; jamo by jamo), never learning anything. For Japanese, FILE is MeCab's analysis of
/// the text, which gives the readings (`JapaneseReadings`).
public enum ComposeEvaluator {
    /// The languages the keyboard composes itself.
    public static let languages = ["zh", "ko", "ja"]
    /// The candidates the bar shows a page.
    public static let shown = RimeLibrary.pageSize
    /// The candidates the grid that ▸ opens shows a page (the layouts' `candidates` layer).
    public static let grid = Layout.candidateGridColumns * Layout.candidateGridRows

    /// Evaluates `text` in `language` (one of `languages`), each way it can be typed, named:
    /// Korean jamo by jamo; Chinese with every pinyin letter (`full`), then with each phrase of
    /// the dictionary abbreviated to its first syllable and the first letters of the others
    /// (`abbreviated`). `environment` says where librime's non-learning data directory is.
    public static func run(text: String, language: String,
                           environment: [String: String]) throws(ComposeError) -> [(typing: String, result: ComposeEvaluation)] {
        switch language {
        case "ko":
            return [("jamo", ComposeEvaluation.composing(hangulSteps(text), engine: HangulWords(), clock: MonotonicClock.now))]
        case "zh":
            // librime is set up once a process: one engine for both ways.
            let engines = ComposeEngines(environment: environment, learning: false, report: { _ in })
            let engine = try engines.pinyinEngine(simplified: true)
            guard engine.waitUntilReady() else {
                throw ComposeError("librime could not prepare Luna Pinyin's data: reinstall the packages librime1 and \(RimeLibrary.dataPackage)")
            }
            let dictionary = RimeLibrary.sharedDirectory + "/" + RimeLibrary.schema + ".dict.yaml"
            guard let bytes = FileSystem.contents(dictionary, limit: 1 << 26) else {
                throw ComposeError("cannot read \(dictionary): install the package \(RimeLibrary.dataPackage)")
            }
            let essay = FileSystem.contents(RimeLibrary.sharedDirectory + "/essay.txt", limit: 1 << 26) ?? []
            let readings = PinyinReadings(dictionary: String(decoding: bytes, as: UTF8.self),
                                          vocabulary: String(decoding: essay, as: UTF8.self))
            let converter = try ChineseConverter()
            return [false, true].map { abbreviated in
                let steps = chineseSteps(text, readings: readings, converter: converter, abbreviated: abbreviated)
                return (abbreviated ? "abbreviated" : "full",
                        ComposeEvaluation.candidates(steps, engine: engine, shown: shown, grid: Self.grid, clock: MonotonicClock.now))
            }
        case "ja":
            // The text is MeCab's analysis of it: the readings come from there.
            let steps = JapaneseReadings.steps(analysis: text)
            guard steps.contains(where: { $0.taps != nil }) else {
                throw ComposeError("for Japanese, FILE is MeCab's analysis of the text (with readings): "
                                   + "run 'mecab TEXT > FILE' (Debian: mecab, mecab-ipadic-utf8) and evaluate FILE")
            }
            let engine = KanaWords(anthy: try AnthyConverter(), learning: false)
            // Latin letters in the text are typed on a Latin layout (🌐): the engine would make kana of them.
            return [("romaji", ComposeEvaluation.candidates(steps, engine: engine, shown: shown, grid: Self.grid,
                                                            elsewhere: { $0.isASCII && $0.isLetter }, clock: MonotonicClock.now))]
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
    static func chineseSteps(_ text: String, readings: PinyinReadings, converter: ChineseConverter,
                             abbreviated: Bool) -> [ComposeEvaluation.Step] {
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
            // Abbreviated: a phrase is typed as its first syllable and the first letters of the
            // others (zhong g → 中国), as Luna Pinyin reads them.
            let phrases = readings.phrases(of: traditional.count == run.count ? traditional : run)
            let syllables = phrases.flatMap { phrase in
                phrase.enumerated().map { k, syllable in
                    k == 0 || !abbreviated ? syllable : syllable.map { String($0.prefix(1)) }
                }
            }
            let fullSyllables = phrases.flatMap { $0 }
            for (c, (syllable, full)) in zip(run, zip(syllables, fullSyllables)) {
                steps.append(ComposeEvaluation.Step(character: c, taps: syllable.map { $0.map(String.init) },
                                                    full: full.map { $0.map(String.init) }))
            }
            i = end
        }
        return steps
    }
}
