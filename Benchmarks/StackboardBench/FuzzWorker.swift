#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `stackboard-bench fuzz-worker --root DIR --seed S --from I`: runs inputs I, I+1, ... until
/// killed, and reports each on stdout with one unbuffered write, so that the parent knows which
/// input was running if this process crashes or hangs:
///   `S <i>` before input i, then `A <i> <target>` (accepted), `R <i> <target>` (rejected) or
///   `W <i> <message>` (a promise broken).
enum FuzzWorker {
    static func run(_ options: BenchOptions) throws -> Int32 {
        let corpus = try FuzzCorpus(root: try options.required("root"))
        let seed = try options.integer("seed", 1)
        var index = try options.integer("from", 0)
        let end = try options.integer("to", UInt64.max)
        while index < end {
            report("S \(index)\n")
            let input = corpus.input(seed: seed, index: index)
            switch FuzzCheck.run(input) {
            case .accepted: report("A \(index) \(input.target.rawValue)\n")
            case .rejected: report("R \(index) \(input.target.rawValue)\n")
            case .wrong(let message): report("W \(index) \(message.replacingNewlines)\n")
            }
            index += 1
        }
        return 0
    }

    private static func report(_ line: String) {
        var bytes = Array(line.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
            if n <= 0 { exit(3) } // the parent is gone
            offset += n
        }
    }
}

extension String {
    /// The text on one line.
    var replacingNewlines: String { String(map { $0 == "\n" || $0 == "\r" ? " " : $0 }) }
}
