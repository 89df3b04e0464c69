import StackboardCore
import StackboardWords
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `stackboard-bench words-load --root DIR [--repeat N]`: maps and checks each shipped word model
/// (what the keyboard does, off its first frame) and prints one JSON line per language: the load
/// time (median of N fresh loads), the first query after it (pages read in), and this process's
/// resident and private dirty memory before the first load and with every model loaded and used.
enum WordsLoadBench {
    static func run(_ options: BenchOptions) throws -> Int32 {
        let root = options.value("root") ?? "."
        let repeats = max(1, Int(options.value("repeat") ?? "") ?? 9)
        let models = WordModels(searchPath: [root + "/Resources/words"])
        var kept: [ShippedWordModel] = []
        let before = memory()
        for language in models.languages() {
            guard let path = models.locate(language) else { continue }
            var times: [Double] = []
            var model: ShippedWordModel?
            for _ in 0..<repeats {
                let start = now()
                model = try ShippedWordModel(storage: MappedFile(path: path), file: path)
                times.append(now() - start)
            }
            guard let model else { continue }
            let start = now()
            let predictor = WordPredictor(shipped: model, learned: UserWordModel(fold: model.fold))
            _ = predictor.candidates(prefix: "", context: .sentenceStart, limit: 3)
            let first = now() - start
            for prefix in ["a", "s", "th", "k", "п", "m"] { _ = predictor.candidates(prefix: prefix, context: .unknown, limit: 3) }
            kept.append(model)
            var info = stat()
            stat(path, &info)
            times.sort()
            print("{\"language\":\"\(language)\",\"file_bytes\":\(info.st_size),\"words\":\(model.wordCount),\"pairs\":\(model.pairCount),"
                  + "\"load_ms\":\(ms(times[times.count / 2])),\"load_max_ms\":\(ms(times[times.count - 1])),\"first_query_ms\":\(ms(first))}")
        }
        let after = memory()
        print("{\"models\":\(kept.count),\"rss_kb_before\":\(before.rss),\"rss_kb_after\":\(after.rss),"
              + "\"private_dirty_kb_before\":\(before.dirty),\"private_dirty_kb_after\":\(after.dirty)}")
        return kept.isEmpty ? 1 : 0
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func ms(_ seconds: Double) -> String {
        let x = (seconds * 1e6).rounded() / 1e3
        return "\(x)"
    }

    /// Rss and Private_Dirty of this process, kB (from /proc/self/smaps_rollup).
    static func memory() -> (rss: Int, dirty: Int) {
        (procField("/proc/self/smaps_rollup", "Rss:"), procField("/proc/self/smaps_rollup", "Private_Dirty:"))
    }

    /// The number after `field` (a line's start) in a /proc file of "Name: value kB" lines; 0
    /// when there is none.
    static func procField(_ path: String, _ field: String) -> Int {
        guard let file = fopen(path, "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix(field) { return Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0 }
        }
        return 0
    }
}
