import StackboardCore

/// Runs one input through its loader (and a loaded layout through the layout engine, hit testing
/// and the state machine) and checks what the loaders promise: a layout or an error that names
/// the file and says something; a config with problems that each name the file and say something.
enum FuzzCheck {
    /// What happened to an input.
    enum Outcome: Equatable {
        /// A layout or config came out (a config without problems).
        case accepted
        /// An error (a config with problems).
        case rejected
        /// A promise broken: the message says which.
        case wrong(String)
    }

    static let file = "fuzz-input.json"

    static func run(_ input: FuzzInput) -> Outcome {
        switch input.target {
        case .layout: return layout(input.bytes)
        case .config: return config(input.bytes)
        case .words: return FuzzWords.checkModel(input.bytes)
        case .learned: return FuzzWords.checkLearned(input.bytes)
        }
    }

    private static func layout(_ bytes: [UInt8]) -> Outcome {
        let loaded: Layout
        do {
            loaded = try LayoutLoader.load(data: bytes, file: file)
        } catch {
            if error.file != file { return .wrong("the error names '\(error.file)', not the file") }
            if error.message.isEmpty { return .wrong("an error with an empty message") }
            if !error.description.hasPrefix(file) { return .wrong("the error text does not start with the file: \(error.description)") }
            return .rejected
        }
        if loaded.layers.isEmpty { return .wrong("a layout with no layers was accepted") }
        for layer in loaded.layers {
            for size in [Size(width: 1, height: 1), Size(width: 333, height: 77), Size(width: 1280, height: 400),
                         Size(width: 5000, height: 3000)] {
                let geometry = KeyboardGeometry(layout: loaded, layer: layer, size: size)
                if geometry.keys.count != layer.root.keys.count {
                    return .wrong("layer '\(layer.name)' at \(size): \(geometry.keys.count) frames for \(layer.root.keys.count) keys")
                }
                for placed in geometry.keys where placed.frame.width < 0 || placed.frame.height < 0 {
                    return .wrong("layer '\(layer.name)' at \(size): key \(placed.index) has a negative size \(placed.frame)")
                }
                for placed in geometry.keys where !placed.frame.isEmpty {
                    let f = placed.frame
                    if f.x < 0 || f.y < 0 || f.maxX > size.width || f.maxY > size.height {
                        return .wrong("layer '\(layer.name)' at \(size): key \(placed.index) at \(f) lies outside the window")
                    }
                }
                for point in [Point(x: 0, y: 0), Point(x: size.width / 2, y: size.height / 2),
                              Point(x: size.width - 1, y: size.height - 1), Point(x: -1, y: 5)] {
                    if let hit = geometry.hit(point), !geometry.keys.indices.contains(hit) {
                        return .wrong("hit test at \(point) gave key \(hit) of \(geometry.keys.count)")
                    }
                }
            }
        }
        exerciseState(loaded)
        return .accepted
    }

    /// Taps every key of the first layer, holds one long enough to repeat or open alternates, and
    /// follows layer switches: the state machine must take any layout the loader accepts.
    private static func exerciseState(_ layout: Layout) {
        let size = Size(width: 800, height: 300)
        var state = KeyboardState(layout: layout, size: size, config: KeyboardConfig())
        var now = 0.0
        for round in 0..<2 {
            let keys = state.geometry.keys
            for placed in keys.prefix(200) where !placed.frame.isEmpty {
                let p = Point(x: placed.frame.x + placed.frame.width / 2, y: placed.frame.y + placed.frame.height / 2)
                now += 0.05
                _ = state.handle(.press(pointer: 1, at: p), now: now)
                now += round == 0 ? 0.02 : 1.2
                if let deadline = state.nextDeadline, deadline <= now { _ = state.advance(to: deadline) }
                _ = state.handle(.move(pointer: 1, to: Point(x: p.x + 3, y: p.y - 40)), now: now)
                _ = state.handle(.release(pointer: 1, at: Point(x: p.x + 3, y: p.y - 40)), now: now)
            }
        }
        _ = state.resize(to: Size(width: 1, height: 1))
        _ = state.handle(.press(pointer: 2, at: Point(x: 0, y: 0)), now: now + 1)
        _ = state.handle(.cancel(pointer: 2), now: now + 2)
    }

    private static func config(_ bytes: [UInt8]) -> Outcome {
        let (_, problems) = ConfigLoader.parse(bytes, file: file)
        for problem in problems {
            if problem.file != file { return .wrong("a problem names '\(problem.file)', not the file") }
            if problem.message.isEmpty { return .wrong("a problem with an empty message (key '\(problem.key)')") }
            if !problem.description.hasPrefix(file) { return .wrong("the problem text does not start with the file: \(problem.description)") }
        }
        return problems.isEmpty ? .accepted : .rejected
    }
}
