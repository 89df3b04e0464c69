import StackboardCore

/// Times a piece of work many times and summarizes the per-iteration durations.
struct Sampler {
    /// One benchmark's result.
    struct Result {
        var name: String
        var target: String
        var iterations: Int
        var medianMicroseconds: Double
        var p95Microseconds: Double
        var minMicroseconds: Double

        /// One JSON object on one line (the format scripts/bench.sh collects).
        var jsonLine: String {
            func f(_ v: Double) -> String { String(Double(Int((v * 1000).rounded())) / 1000) }
            return "{\"bench\":\"\(name)\",\"target\":\"\(target)\",\"iterations\":\(iterations),"
                + "\"median_us\":\(f(medianMicroseconds)),\"p95_us\":\(f(p95Microseconds)),\"min_us\":\(f(minMicroseconds))}"
        }
    }

    /// Runs `body(i)` `warmup` times untimed, then `iterations` times, each timed on its own.
    static func measure(_ name: String, target: String, iterations: Int, warmup: Int,
                        _ body: (Int) -> Void) -> Result {
        for i in 0..<warmup { body(i) }
        var samples: [Double] = []
        samples.reserveCapacity(iterations)
        for i in 0..<iterations {
            let start = monotonicNanoseconds()
            body(i)
            samples.append(Double(monotonicNanoseconds() - start) / 1000)
        }
        return Result(samples: samples, name: name, target: target)
    }
}

extension Sampler.Result {
    /// The median, p95 and minimum of `samples` (microseconds).
    init(samples: [Double], name: String, target: String) {
        let sorted = samples.sorted()
        self.init(name: name, target: target, iterations: sorted.count,
                  medianMicroseconds: Percentile.of(sorted, 0.5) ?? 0, p95Microseconds: Percentile.of(sorted, 0.95) ?? 0,
                  minMicroseconds: sorted.first ?? 0)
    }
}
