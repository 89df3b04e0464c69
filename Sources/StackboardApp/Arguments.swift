/// A command-line mistake, with a message that says what to do. Exit status 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    /// The message, one or two lines.
    public var message: String
    /// A usage error with `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// The options a command accepts: which take a value and which are plain flags.
public struct OptionSpec: Sendable {
    /// Options that take a value (`--layout NAME`), without the dashes.
    public var valued: Set<String>
    /// Flags (`--print`), without the dashes.
    public var flags: Set<String>
    /// A spec with the given options.
    public init(valued: Set<String> = [], flags: Set<String> = []) { self.valued = valued; self.flags = flags }
}

/// Parsed arguments: option values (last one wins), flags and positional words.
public struct Arguments: Sendable {
    /// Values of valued options by name (without dashes).
    public private(set) var values: [String: String] = [:]
    /// Flags that were given.
    public private(set) var flags: Set<String> = []
    /// Words that are not options.
    public private(set) var positional: [String] = []

    /// Parses `words` against `spec`. Accepts `--name value`, `--name=value` and `--` (the rest is positional).
    public init(_ words: [String], spec: OptionSpec) throws(UsageError) {
        var i = 0
        var onlyPositional = false
        while i < words.count {
            let word = words[i]
            i += 1
            if onlyPositional || !word.hasPrefix("--") || word == "-" {
                if !onlyPositional && word.hasPrefix("-") && word != "-" && word.count > 1 && Int(word) == nil {
                    throw UsageError("Unknown option '\(word)'. Options start with two dashes; see 'stackboard --help'.")
                }
                positional.append(word)
                continue
            }
            if word == "--" { onlyPositional = true; continue }
            var name = String(word.dropFirst(2))
            var inlineValue: String?
            if let eq = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if spec.valued.contains(name) {
                if let v = inlineValue {
                    values[name] = v
                } else {
                    guard i < words.count else {
                        throw UsageError("Option '--\(name)' needs a value, for example '--\(name) \(Self.example(for: name))'.")
                    }
                    values[name] = words[i]
                    i += 1
                }
            } else if spec.flags.contains(name) {
                if inlineValue != nil { throw UsageError("Option '--\(name)' takes no value.") }
                flags.insert(name)
            } else {
                let all = spec.valued.union(spec.flags)
                if let guess = Self.closest(to: name, in: all) {
                    throw UsageError("Unknown option '--\(name)'. Did you mean '--\(guess)'?")
                }
                throw UsageError("Unknown option '--\(name)'. See 'stackboard --help' for the options.")
            }
        }
    }

    /// The value of a valued option.
    public func value(_ name: String) -> String? { values[name] }

    /// Whether a flag was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// An integer option in `range`, or nil when absent.
    public func int(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let n = Int(text), range.contains(n) else {
            throw UsageError("Option '--\(name)' wants a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'.")
        }
        return n
    }

    /// A decimal option in `range`, or nil when absent.
    public func double(_ name: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text = values[name] else { return nil }
        guard let n = Double(text), n.isFinite, range.contains(n) else {
            throw UsageError("Option '--\(name)' wants a number from \(range.lowerBound) to \(range.upperBound), not '\(text)'.")
        }
        return n
    }

    private static func example(for name: String) -> String {
        switch name {
        case "layout": return "qwerty"
        case "size": return "1280x400"
        case "theme": return "dark"
        case "output": return "keyboard.png"
        case "geometry": return "800x300+0+500"
        default: return "VALUE"
        }
    }

    /// The candidate within edit distance 2 of `word` (nil when none is that close).
    public static func closest(to word: String, in candidates: Set<String>) -> String? {
        let scored = candidates.map { ($0, editDistance(word, $0)) }.filter { $0.1 <= 2 }
        return scored.min { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }?.0
    }

    /// Levenshtein distance between two strings (by character).
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous = Array(0...y.count)
        for i in 1...x.count {
            var current = [i] + Array(repeating: 0, count: y.count)
            for j in 1...y.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[y.count]
    }
}
