#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A bad command line, with what to do about it.
struct BenchUsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// `--name value` options and `--flag` flags of a stackboard-bench command.
struct BenchOptions {
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    /// Parses `words`: `--x value` pairs, or `--x` alone when followed by another option or nothing.
    init(_ words: [String]) throws {
        var i = 0
        while i < words.count {
            let word = words[i]
            guard word.hasPrefix("--"), word.count > 2 else {
                throw BenchUsageError("unexpected argument '\(word)'; options look like --name value (see --help)")
            }
            let name = String(word.dropFirst(2))
            if i + 1 < words.count, !words[i + 1].hasPrefix("--") {
                values[name] = words[i + 1]
                i += 2
            } else {
                flags.insert(name)
                i += 1
            }
        }
    }

    /// The value of `--name`, if given.
    func value(_ name: String) -> String? { values[name] }

    /// Whether `--name` was given without a value.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of `--name` as a number, `fallback` when absent.
    func number(_ name: String, _ fallback: Double) throws -> Double {
        guard let text = values[name] else { return fallback }
        guard let n = Double(text), n.isFinite else { throw BenchUsageError("--\(name) wants a number, not '\(text)'") }
        return n
    }

    /// The value of `--name` as a whole number, `fallback` when absent.
    func integer(_ name: String, _ fallback: UInt64) throws -> UInt64 {
        guard let text = values[name] else { return fallback }
        guard let n = UInt64(text) else { throw BenchUsageError("--\(name) wants a whole number, not '\(text)'") }
        return n
    }

    /// The value of `--name`, or an error saying it is needed.
    func required(_ name: String) throws -> String {
        guard let v = values[name] else { throw BenchUsageError("--\(name) is required (see --help)") }
        return v
    }
}

/// Monotonic time in nanoseconds.
func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}
