import StackboardCore

/// `stackboard-bench tap [--layout NAME] [--rounds N]`: the state machine's part of a tap, warm,
/// in this process, on the layout's `a`: `handleDeferringRedraws` of the press and of the
/// release (what runs before the key is sent) and `redraws(since:)` after each (what runs after
/// it). One JSON object per line (`Sampler.Result.jsonLine`, target `tap`). The keyboard runs
/// this code cold, after a wait; bench.py's split measures that. This says what the code itself
/// costs.
enum TapBench {
    static func run(_ options: BenchOptions) throws -> Int32 {
        let rounds = max(100, Int(try options.number("rounds", 20000)))
        let name = options.value("layout") ?? "qwerty"
        let layout = try LayoutCatalog.forCurrentProcess().load(name)
        var state = KeyboardState(layout: layout, size: Size(width: 1280, height: 320), config: KeyboardConfig())
        guard let key = state.geometry.keys.first(where: { $0.key.label == "a" }) ?? state.geometry.keys.first else {
            throw BenchUsageError("\(name) has no keys")
        }
        let at = Point(x: key.frame.x + key.frame.width / 2, y: key.frame.y + key.frame.height / 2)
        var now = 1.0
        var sink = 0
        var samples: [String: [Double]] = [:]
        func timed<T>(_ part: String, _ body: () -> T) -> T {
            let start = monotonicNanoseconds()
            let value = body()
            samples[part, default: []].append(Double(monotonicNanoseconds() - start) / 1000)
            return value
        }
        for round in 0..<(rounds + 10) {
            now += 0.07
            let press = timed("press") { state.handleDeferringRedraws(.press(pointer: 1, at: at), now: now) }
            sink &+= timed("press-redraws") { state.redraws(since: press.pending) }.count + press.effects.count
            let release = timed("release") { state.handleDeferringRedraws(.release(pointer: 1, at: at), now: now + 0.03) }
            sink &+= timed("release-redraws") { state.redraws(since: release.pending) }.count + release.effects.count
            if round < 10 { samples = [:] } // warm-up
        }
        for part in ["press", "press-redraws", "release", "release-redraws"] {
            print(Sampler.Result(samples: samples[part] ?? [], name: part, target: "tap").jsonLine)
        }
        // Used, so that the optimizer keeps the work whose results it sums.
        if sink == -1 { print("") }
        return 0
    }
}
