import StackboardCore
import StackboardSystem
import StackboardWords
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `stackboard-bench swipe`: swipe decoding accuracy and time (`make bench`, Benchmarks/swipe.py).
///
///   stackboard-bench swipe --layout NAME|FILE --text FILE (--language LANG [--root DIR] | --frequencies FILE)
///       [--size WxH] [--words N] [--skip N] [--noise F] [--seed S]
///
/// `--language` decodes against the shipped word model of that language (in DIR/Resources/words,
/// default the build tree's), as the keyboard does; `--frequencies` against a WORD COUNT list.
///
/// Takes the N most frequent words of the text (after skipping the first `--skip`), swipes each
/// once over the layout's first layer at that size (with its suggestion bar, as the keyboard
/// shows it) with normal noise of `--noise` key widths (standard deviation on each axis) at
/// every letter, decodes it with no previous word, and prints one JSON object: top-1 and top-3
/// accuracy among the words swiped, how many the vocabulary lacks or cannot be swiped, decode
/// times (p50, p95, max, in ms of wall clock; p50 and p95 of the thread's processor time, which
/// other load on the machine does not stretch), the time to index the vocabulary, and some misses.
enum SwipeBench {
    static func run(_ options: BenchOptions) throws -> Int32 {
        let sizeText = options.value("size") ?? "1280x400"
        guard let size = Size(parsing: sizeText) else { throw BenchUsageError("--size wants WIDTHxHEIGHT like 1280x400, not '\(sizeText)'") }
        let name = try options.required("layout")
        let layout: Layout
        do {
            layout = try LayoutPreparation(shuffle: false, catalog: .forCurrentProcess(), suggestionSlots: 3).load(name)
        } catch {
            throw BenchUsageError("cannot load layout '\(name)': \(error)")
        }
        guard let layer = layout.layers.first else { throw BenchUsageError("layout '\(name)' has no layers") }
        let geometry = KeyboardGeometry(layout: layout, layer: layer, size: size)
        let vocabulary = try loadVocabulary(options)
        let textPath = try options.required("text")
        guard let text = readFile(textPath) else { throw BenchUsageError("cannot read --text '\(textPath)'") }
        let count = Int(try options.integer("words", 1000)), skip = Int(try options.integer("skip", 0))
        let words = Array(SwipeEvaluation.frequentWords(in: text, count: skip + count).dropFirst(skip))
        let noise = try options.number("noise", 1.0 / 3.0)
        let seed = try options.integer("seed", 1)

        let indexStart = seconds()
        var decoder = SwipeDecoder(vocabulary: vocabulary, geometry: geometry)
        let indexSeconds = seconds() - indexStart
        if let weight = options.value("shape-weight").flatMap(Double.init) { decoder.parameters.shapeWeight = weight }
        if let weight = options.value("end-weight").flatMap(Double.init) { decoder.parameters.endWeight = weight }
        if let reach = options.value("reach").flatMap(Double.init) { decoder.parameters.reach = reach }
        if let weight = options.value("letter-weight").flatMap(Double.init) { decoder.parameters.letterWeight = weight }
        if let weight = options.value("stray-weight").flatMap(Double.init) { decoder.parameters.strayWeight = weight }
        if let weight = options.value("elastic-weight").flatMap(Double.init) { decoder.parameters.elasticWeight = weight }
        if let weight = options.value("matched-weight").flatMap(Double.init) { decoder.parameters.matchedWeight = weight }
        if let weight = options.value("corner-weight").flatMap(Double.init) { decoder.parameters.cornerWeight = weight }
        if let count = options.value("elastic-candidates").flatMap(Int.init) { decoder.parameters.elasticCandidates = count }
        if let weight = options.value("language-weight").flatMap(Double.init) { decoder.parameters.languageWeight = weight }
        if let trace = options.value("trace") {
            // One word's synthetic swipes (seeds 1 to 5) and the candidates each gave, for tuning.
            for seed in 1...5 {
                var rng = SplitMix64(seed: UInt64(seed))
                guard let path = SwipeEvaluation.path(for: trace, keyboard: decoder.keyboard, fold: vocabulary.swipeFold, noise: noise, rng: &rng) else {
                    throw BenchUsageError("cannot swipe '\(trace)' on this layout")
                }
                let found = decoder.decode(path, vocabulary: vocabulary, previous: nil, limit: 8)
                print("seed \(seed): " + found.map { "\($0.word) \(round3($0.cost))" }.joined(separator: ", "))
            }
            return 0
        }
        let result = SwipeEvaluation.run(words: words, decoder: decoder, vocabulary: vocabulary, noise: noise, seed: seed,
                                         clock: seconds, cpuClock: threadSeconds)
        let ms = result.seconds.map { $0 * 1000 }.sorted(), cpu = result.cpuSeconds.map { $0 * 1000 }.sorted()
        func percentile(_ p: Double, _ values: [Double] = ms) -> Double { Percentile.of(values, p) ?? 0 }
        let misses = result.misses.map { JSONWriter.Value.string("\($0.word)→\($0.got)") }
        print(JSONWriter.object([
            ("layout", .string(layout.name)), ("size", .string(size.description)), ("vocabulary", .string(vocabulary.swipeIdentity)),
            ("vocabulary_words", .int(vocabulary.swipeWordCount)), ("indexed_words", .int(decoder.wordCount)),
            ("words", .int(result.words)), ("skip", .int(skip)), ("swiped", .int(result.swiped)), ("unknown", .int(result.unknown)),
            ("unswipeable", .int(result.unswipeable)), ("noise", .raw(num(noise))), ("seed", .int(Int(seed))),
            ("top1", .raw(num(round3(result.top1Rate)))), ("top3", .raw(num(round3(result.top3Rate)))),
            ("decode_ms_p50", .raw(num(round3(percentile(0.5))))), ("decode_ms_p95", .raw(num(round3(percentile(0.95))))),
            ("decode_ms_max", .raw(num(round3(ms.last ?? 0)))),
            ("decode_cpu_ms_p50", .raw(num(round3(percentile(0.5, cpu))))), ("decode_cpu_ms_p95", .raw(num(round3(percentile(0.95, cpu))))),
            ("index_ms", .raw(num(round3(indexSeconds * 1000)))),
            ("misses", .raw(JSONWriter.array(misses))),
            ("misses_top3", .raw(JSONWriter.array(result.missesTop3.map { .string("\($0.word)→\($0.got.joined(separator: "|"))") }))),
        ]))
        return 0
    }

    static func loadVocabulary(_ options: BenchOptions) throws -> SwipeVocabulary {
        if let language = options.value("language") {
            let models = options.value("root").map { WordModels(searchPath: [$0 + "/Resources/words"]) } ?? .forCurrentProcess()
            do { return try models.load(language) } catch { throw BenchUsageError("\(error)") }
        }
        if let path = options.value("frequencies") {
            guard let text = readFile(path) else { throw BenchUsageError("cannot read --frequencies '\(path)'") }
            switch FrequencyVocabulary.parse(text, identity: path) {
            case .success(let list): return list
            case .failure(let error): throw BenchUsageError(error.message)
            }
        }
        throw BenchUsageError("give the words: --language LANG (a shipped model) or --frequencies FILE (WORD COUNT lines)")
    }

    static func seconds() -> Double { Double(monotonicNanoseconds()) / 1e9 }

    /// This thread's processor time in seconds (unlike the wall clock, not stretched by other load).
    static func threadSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func round3(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }

    /// A number as JSON text.
    static func num(_ x: Double) -> String { x.isFinite ? String(x) : "null" }

    /// The file's bytes as UTF-8 text (invalid bytes replaced), nil when it cannot be read.
    static func readFile(_ path: String) -> String? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n > 0 { bytes += chunk[0..<n] }
            if n < chunk.count { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
