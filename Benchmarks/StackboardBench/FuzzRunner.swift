import Foundation

/// `stackboard-bench fuzz`: runs generated inputs (FuzzCorpus) through the loaders (FuzzCheck)
/// in a worker process for a bounded time. A worker that crashes or stops reporting for
/// `--timeout-ms` is killed; the input it was on is regenerated from (seed, index), saved under
/// Tests/Corpus/crashes/ with a note, and a new worker goes on with the next input. Exits 1 when
/// anything was found.
enum FuzzRunner {
    struct Finding {
        var kind: String
        var index: UInt64
        var detail: String
    }

    static func run(_ options: BenchOptions) throws -> Int32 {
        let root = try options.required("root")
        let corpus = try FuzzCorpus(root: root)
        let seconds = try options.number("seconds", 60)
        let seed = try options.integer("seed", UInt64(time(nil)))
        let timeoutMs = try options.integer("timeout-ms", 2000)
        let maxInputs = try options.integer("max-inputs", UInt64.max)
        guard let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            throw BenchUsageError("cannot read /proc/self/exe to start the workers")
        }
        let scratch = NSTemporaryDirectory() + "/stackboard-fuzz-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let errPath = scratch + "/worker.err"

        print("fuzz: seed \(seed), \(seconds) s, \(corpus.seeds[.layout]?.count ?? 0) layout seeds, "
              + "\(corpus.seeds[.config]?.count ?? 0) config seeds, \(corpus.seeds[.words]?.count ?? 0) word model seeds, "
              + "\(corpus.seeds[.learned]?.count ?? 0) learned-words seeds, hang time-out \(timeoutMs) ms")
        fflush(nil) // the header now, not when the run ends
        let start = monotonicNanoseconds()
        let deadline = start + UInt64(seconds * 1e9)
        var next: UInt64 = 0
        var counts: [String: Int] = [:]
        var findings: [Finding] = []
        var workers = 0
        while monotonicNanoseconds() < deadline && next < maxInputs {
            let worker = try ChildProcess(exe, ["fuzz-worker", "--root", root, "--seed", "\(seed)", "--from", "\(next)",
                                                "--to", "\(maxInputs)"], stderrPath: errPath)
            workers += 1
            var running: UInt64?
            var lastReport = monotonicNanoseconds()
            while true {
                guard let lines = worker.readLines(timeoutMs: 100) else {
                    let status = worker.waitForExit()
                    if let index = running {
                        let stderrText = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
                        findings.append(Finding(kind: "crash", index: index,
                                                detail: "worker exit status \(status)\n" + String(stderrText.suffix(3000))))
                        next = index + 1
                    } else if status != 0 {
                        throw BenchUsageError("a fuzz worker ended with status \(status) between inputs: "
                            + ((try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""))
                    } else {
                        next = max(next, maxInputs)
                    }
                    break
                }
                let now = monotonicNanoseconds()
                if !lines.isEmpty { lastReport = now }
                for line in lines {
                    let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
                    guard parts.count >= 2, let index = UInt64(parts[1]) else { continue }
                    switch parts[0] {
                    case "S": running = index
                    case "A", "R":
                        running = nil
                        next = index + 1
                        counts[parts[0] == "A" ? "accepted" : "rejected", default: 0] += 1
                        if parts.count > 2 { counts[parts[2] + (parts[0] == "A" ? " accepted" : " rejected"), default: 0] += 1 }
                    case "W":
                        running = nil
                        next = index + 1
                        findings.append(Finding(kind: "wrong", index: index, detail: parts.count > 2 ? parts[2] : ""))
                    default: break
                    }
                }
                if let index = running, now - lastReport > timeoutMs * 1_000_000 {
                    worker.kill()
                    findings.append(Finding(kind: "hang", index: index, detail: "no answer within \(timeoutMs) ms"))
                    next = index + 1
                    break
                }
                if now >= deadline {
                    worker.kill()
                    break
                }
            }
        }
        let elapsed = Double(monotonicNanoseconds() - start) / 1e9
        let total = (counts["accepted"] ?? 0) + (counts["rejected"] ?? 0) + findings.count
        print("fuzz: \(total) inputs in \(String(format: "%.1f", elapsed)) s (\(Int(Double(total) / max(elapsed, 0.001)))/s) "
              + "with \(workers) worker\(workers == 1 ? "" : "s"): \(counts["accepted"] ?? 0) accepted, "
              + "\(counts["rejected"] ?? 0) rejected with an error, \(findings.count) finding\(findings.count == 1 ? "" : "s")")
        for target in FuzzTarget.allCases {
            print("      \(target.rawValue): \(counts[target.rawValue + " accepted"] ?? 0) accepted, "
                  + "\(counts[target.rawValue + " rejected"] ?? 0) rejected")
        }
        for finding in findings {
            let path = try save(finding, corpus: corpus, seed: seed, root: root)
            print("fuzz: \(finding.kind) on input \(finding.index): \(finding.detail.split(separator: "\n").first ?? "")")
            print("      saved to \(path) (reproduce: stackboard-bench fuzz-replay --root \(root) --seed \(seed) --index \(finding.index))")
        }
        return findings.isEmpty ? 0 : 1
    }

    /// Writes the input of `finding` and a note next to it; returns the input's path.
    private static func save(_ finding: Finding, corpus: FuzzCorpus, seed: UInt64, root: String) throws -> String {
        let input = corpus.input(seed: seed, index: finding.index)
        let dir = root + "/Tests/Corpus/crashes"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let hash = input.bytes.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        let stem = "\(dir)/\(input.target.rawValue)-\(finding.kind)-\(String(hash, radix: 16))"
        let suffix = FuzzWords.fileSuffix(input.target)
        try Data(input.bytes).write(to: URL(fileURLWithPath: stem + suffix))
        let note = """
            \(finding.kind) of the \(input.target.rawValue) loader, found by `make fuzz` (seed \(seed), input \(finding.index)).
            Made by: \(input.recipe.joined(separator: "; "))
            Reproduce: .build/release/stackboard-bench fuzz-replay --root . --seed \(seed) --index \(finding.index) --run
            Once fixed, move the \(suffix) into Tests/Corpus/\(FuzzWords.corpusFolder(input.target))/ as bad-*\(suffix)
            or ok-*\(suffix) so that `make test` replays it.

            \(finding.detail)

            """
        try note.write(toFile: stem + (suffix == ".txt" ? ".note.txt" : ".txt"), atomically: true, encoding: .utf8)
        return stem + suffix
    }
}

/// `stackboard-bench fuzz-replay`: the input number `--index` of `--seed`, written to `--write FILE`
/// or stdout, how it was made on stderr, and with `--run` what the loader does with it.
enum FuzzReplay {
    static func run(_ options: BenchOptions) throws -> Int32 {
        let corpus = try FuzzCorpus(root: try options.required("root"))
        let input = corpus.input(seed: try options.integer("seed", 1), index: try options.integer("index", 0))
        FileHandle.standardError.write(Data("\(input.target.rawValue) input: \(input.recipe.joined(separator: "; "))\n".utf8))
        if let path = options.value("write") {
            try Data(input.bytes).write(to: URL(fileURLWithPath: path))
        } else if !options.flag("run") {
            FileHandle.standardOutput.write(Data(input.bytes))
        }
        if options.flag("run") {
            print("outcome: \(FuzzCheck.run(input))")
        }
        return 0
    }
}
