import StackboardCore
import StackboardSystem
import StackboardWords
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `stackboard-bench words-learned [--repeat N]`: the learned words at their bounds (20,000
/// words, 60,000 pairs, filled with made-up words as `make soak` does), and what the keyboard
/// does with them: learning a word (the pruning a bound sets off among them), making the file's
/// bytes (`encode`), saving it (`LearnedWordsStore.save` in a folder of /tmp: the bytes, then
/// `fsync` of the file and its folder) and loading it. One JSON line: the times (median and max
/// of N) and how far each of save and load raised the resident memory above what it was before
/// (the kernel's high-water mark, reset before each after the heap's free pages were given back).
enum LearnedWordsBench {
    static func run(_ options: BenchOptions) throws -> Int32 {
        let repeats = max(1, Int(options.value("repeat") ?? "") ?? 5)
        var model = UserWordModel()
        var random = SplitMix(seed: 7)
        let letters = Array("etaoinshrdlucmfwypvbgkjqxz")
        var made: [String] = []
        var seen = Set<String>()
        while made.count < 26_000 {
            let word = String((0..<(3 + random.next(7))).map { _ in letters[random.next(letters.count)] })
            if seen.insert(word).inserted { made.append(word) }
        }
        var learnTimes: [Double] = []
        var previous = UserWordModel.Context.sentenceStart
        for i in 0..<200_000 {
            let word = made[i < made.count ? i : random.next(made.count)]
            let start = WordsLoadBench.now()
            model.learn(word, after: previous)
            learnTimes.append(WordsLoadBench.now() - start)
            previous = i % 9 == 8 ? .sentenceStart : .after(word)
        }
        let directory = "/tmp/stackboard-bench-learned-\(getpid())"
        defer {
            unlink(directory + "/words-xx.txt")
            rmdir(directory)
        }
        let store = LearnedWordsStore(directory: directory)
        var saveTimes: [Double] = [], encodeTimes: [Double] = [], loadTimes: [Double] = [], saveRise = 0, loadRise = 0
        for _ in 0..<repeats {
            var start = WordsLoadBench.now()
            var bytes = 0
            model.encode { bytes += $0.count }
            encodeTimes.append(WordsLoadBench.now() - start)
            var base = resetHighWater()
            start = WordsLoadBench.now()
            try store.save(model, language: "xx")
            saveTimes.append(WordsLoadBench.now() - start)
            saveRise = max(saveRise, highWater() - base)
            base = resetHighWater()
            start = WordsLoadBench.now()
            let loaded = store.load("xx", fold: .basic)
            loadTimes.append(WordsLoadBench.now() - start)
            loadRise = max(loadRise, highWater() - base)
            guard loaded.model.words.count == model.words.count, loaded.model.pairCount == model.pairCount else {
                fputs("stackboard-bench: the learned words did not load back as saved\n", stderr)
                return 1
            }
        }
        var info = stat()
        stat(store.path(for: "xx"), &info)
        learnTimes.sort(); saveTimes.sort(); encodeTimes.sort(); loadTimes.sort()
        print("{\"words\":\(model.words.count),\"pairs\":\(model.pairCount),\"file_bytes\":\(info.st_size),"
              + "\"learn_p50_ms\":\(WordsLoadBench.ms(learnTimes[learnTimes.count / 2])),\"learn_max_ms\":\(WordsLoadBench.ms(learnTimes[learnTimes.count - 1])),"
              + "\"save_ms\":\(WordsLoadBench.ms(saveTimes[saveTimes.count / 2])),\"save_max_ms\":\(WordsLoadBench.ms(saveTimes[saveTimes.count - 1])),"
              + "\"encode_ms\":\(WordsLoadBench.ms(encodeTimes[encodeTimes.count / 2])),"
              + "\"save_rss_rise_kb\":\(saveRise),"
              + "\"load_ms\":\(WordsLoadBench.ms(loadTimes[loadTimes.count / 2])),\"load_max_ms\":\(WordsLoadBench.ms(loadTimes[loadTimes.count - 1])),"
              + "\"load_rss_rise_kb\":\(loadRise)}")
        return 0
    }

    /// Gives the heap's free pages back and resets the kernel's high-water mark of the resident
    /// memory to what is resident then; returns that (kB).
    static func resetHighWater() -> Int {
        HeapMemory.giveBackFreePages()
        if let file = fopen("/proc/self/clear_refs", "w") {
            fputs("5", file)
            fclose(file)
        }
        return status("VmRSS:")
    }

    /// The resident memory's high-water mark since the last reset, kB.
    static func highWater() -> Int { status("VmHWM:") }

    private static func status(_ field: String) -> Int { WordsLoadBench.procField("/proc/self/status", field) }

    /// A small seeded generator (the same words every run).
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }
}
