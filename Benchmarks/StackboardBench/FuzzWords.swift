import StackboardCore
import StackboardSystem
import StackboardWords
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The word-model targets of the fuzzer: shipped models (binary) and learned-words files (text).
/// Inputs are seeds from Tests/Corpus/words mutated byte-wise (and, for models, with header and
/// table fields set to edge values), or random bytes; each must load or be refused with an error
/// naming the file, and whatever loads is used: completion, prediction, a typed session, a save.
enum FuzzWords {
    static let file = "fuzz-input"

    /// The corpus folder of `target` (for the report of a finding).
    static func corpusFolder(_ target: FuzzTarget) -> String {
        switch target {
        case .layout: return "layouts"
        case .config: return "config"
        case .words, .learned: return "words"
        }
    }

    /// The file suffix of `target`'s inputs.
    static func fileSuffix(_ target: FuzzTarget) -> String {
        switch target {
        case .layout, .config: return ".json"
        case .words: return ".words"
        case .learned: return ".txt"
        }
    }

    /// The `ok-*` and `bad-*` files ending in `suffix` in `directory`.
    static func seeds(in directory: String, suffix: String) -> [(name: String, bytes: [UInt8])] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(suffix), name.hasPrefix("ok-") || name.hasPrefix("bad-") { names.append(name) }
        }
        return names.sorted().map { ("Corpus/words/" + $0, (try? LayoutLoader.readFile(directory + "/" + $0, files: SystemFiles())) ?? []) }
    }

    /// One input for `target`.
    static func input<R: RandomNumberGenerator>(_ target: FuzzTarget, seeds: [(name: String, bytes: [UInt8])],
                                                using rng: inout R) -> FuzzInput {
        if seeds.isEmpty || Int.random(in: 0..<16, using: &rng) == 0 {
            let n = Int.random(in: 0..<512, using: &rng)
            var bytes = (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }
            if target == .words, Bool.random(using: &rng) { bytes = ShippedWordModel.magic + bytes }
            if target == .learned, Bool.random(using: &rng) { bytes = Array("stackboard-words 1\n".utf8) + bytes }
            return FuzzInput(target: target, bytes: bytes, recipe: ["random \(n) bytes"])
        }
        let seed = seeds[Int.random(in: 0..<seeds.count, using: &rng)]
        var bytes = seed.bytes
        var recipe = ["seed \(seed.name)"]
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            if target == .words, bytes.count >= 64, Bool.random(using: &rng) {
                let at = 4 * Int.random(in: 2..<(bytes.count / 4), using: &rng)
                let values: [UInt32] = [0, 1, 2, 3, 64, 0xFF, 0xFFFF, 0x7FFF_FFFF, 0xFFFF_FFFE, 0xFFFF_FFFF, UInt32(bytes.count)]
                let value = values.randomElement(using: &rng) ?? 0
                withUnsafeBytes(of: value.littleEndian) { for (i, b) in $0.enumerated() where at + i < bytes.count { bytes[at + i] = b } }
                recipe.append("set u32 at \(at) to \(value)")
            } else {
                let other = seeds[Int.random(in: 0..<seeds.count, using: &rng)].bytes
                recipe.append(FuzzMutator.mutate(&bytes, target: target, other: other, using: &rng))
            }
        }
        return FuzzInput(target: target, bytes: bytes, recipe: recipe)
    }

    static func checkModel(_ bytes: [UInt8]) -> FuzzCheck.Outcome {
        let model: ShippedWordModel
        do {
            model = try ShippedWordModel(storage: bytes, file: file)
        } catch {
            if error.file != file { return .wrong("the error names '\(error.file)', not the file") }
            if error.message.isEmpty { return .wrong("an error with an empty message") }
            return .rejected
        }
        var session = SuggestionSession(predictor: WordPredictor(shipped: model, learned: UserWordModel(fold: model.fold)),
                                        slots: 3, atSentenceStart: true)
        let result = KeystrokeEvaluation.run("The hello, l'homme: cafe CAFÉ world. Hel\n", session: &session)
        if !result.reproduced { return .wrong("the suggestion edits did not rebuild the text") }
        for prefix in ["", "a", "é", "\u{301}", "zz", String(repeating: "x", count: 70)] {
            let found = session.predictor.candidates(prefix: prefix, context: .after("the"), limit: 5)
            if found.count > 5 { return .wrong("\(found.count) candidates for a limit of 5") }
        }
        return .accepted
    }

    static func checkLearned(_ bytes: [UInt8]) -> FuzzCheck.Outcome {
        let model: UserWordModel
        do {
            model = try UserWordModel.decode(bytes, file: file)
        } catch {
            if error.file != file { return .wrong("the error names '\(error.file)', not the file") }
            if error.message.isEmpty { return .wrong("an error with an empty message") }
            return .rejected
        }
        if model.words.count > model.maxWords || model.pairCount > model.maxPairs { return .wrong("a loaded model is over its bounds") }
        guard let again = try? UserWordModel.decode(model.encode()), again == model else {
            return .wrong("a loaded model does not survive a save and a load")
        }
        var copy = model
        for word in model.words.keys.prefix(3) { copy.forget(word) }
        copy.learn("fuzz", after: .sentenceStart)
        if copy.words["fuzz"] == nil { return .wrong("a learned word is missing") }
        if let empty = ShippedWordModel.empty(language: "xx") {
            _ = WordPredictor(shipped: empty, learned: model).candidates(prefix: "a", context: .sentenceStart, limit: 3)
        }
        return .accepted
    }
}
