// stackboard-bench: the in-process parts of `make bench` and the fuzzer of `make fuzz`.
//
//   stackboard-bench paint [--layout NAME] [--size WxH] [--scale F] [--no-x]
//       layout and paint timings, one JSON object per line (see PaintBench.swift)
//   stackboard-bench layouts [--rounds N]
//       how long making layouts takes (files, the emoji panel, xkb: layouts), see LayoutBench.swift
//   stackboard-bench fuzz --root DIR [--seconds N] [--seed S] [--timeout-ms MS] [--max-inputs N]
//       the layout and config loaders on mutated and random input (see FuzzRunner.swift)
//   stackboard-bench fuzz-worker --root DIR --seed S --from I
//       (internal) runs inputs I, I+1, ... for `fuzz`, reporting on stdout
//   stackboard-bench fuzz-replay --root DIR --seed S --index I [--write FILE]
//       prints (or writes) the input the fuzzer made as number I, to reproduce a finding
//   stackboard-bench swipe --layout NAME --text FILE --language LANG [--words N] [--noise F]
//       swipe decoding accuracy and time on synthetic swipes (see SwipeBench.swift)
//   stackboard-bench words-load --root DIR [--repeat N]
//       load time and memory of the shipped word models (see WordsLoadBench.swift)
//   stackboard-bench words-learned [--repeat N]
//       learning, saving and loading the learned words at their bounds (see LearnedWordsBench.swift)
//   stackboard-bench tap [--layout NAME] [--rounds N]
//       the state machine's part of a tap, warm (see TapBench.swift)
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

let usage = """
    usage: stackboard-bench paint [--layout NAME] [--size WxH] [--scale F] [--no-x]
           stackboard-bench layouts [--rounds N]
           stackboard-bench fuzz --root DIR [--seconds N] [--seed S] [--timeout-ms MS] [--max-inputs N]
           stackboard-bench fuzz-replay --root DIR --seed S --index I [--write FILE]
           stackboard-bench swipe --layout NAME --text FILE --language LANG [--words N] [--noise F]
           stackboard-bench words-load --root DIR [--repeat N]
           stackboard-bench words-learned [--repeat N]
           stackboard-bench tap [--layout NAME] [--rounds N]
    (scripts/bench.sh and scripts/fuzz.sh run these; see Benchmarks/README.md)
    """

let words = Array(CommandLine.arguments.dropFirst())
let status: Int32
do {
    switch words.first {
    case "paint": status = try PaintBench.run(BenchOptions(Array(words.dropFirst())))
    case "layouts": status = try LayoutBench.run(BenchOptions(Array(words.dropFirst())))
    case "fuzz": status = try FuzzRunner.run(BenchOptions(Array(words.dropFirst())))
    case "fuzz-worker": status = try FuzzWorker.run(BenchOptions(Array(words.dropFirst())))
    case "fuzz-replay": status = try FuzzReplay.run(BenchOptions(Array(words.dropFirst())))
    case "swipe": status = try SwipeBench.run(BenchOptions(Array(words.dropFirst())))
    case "words-load": status = try WordsLoadBench.run(BenchOptions(Array(words.dropFirst())))
    case "words-learned": status = try LearnedWordsBench.run(BenchOptions(Array(words.dropFirst())))
    case "tap": status = try TapBench.run(BenchOptions(Array(words.dropFirst())))
    case "--help", "-h": print(usage); status = 0
    default:
        fputs(usage + "\n", stderr)
        status = 2
    }
} catch {
    fputs("stackboard-bench: \(error)\n", stderr)
    status = 2
}
exit(status)
