import StackboardCore
import StackboardSystem
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Which loader an input is for.
enum FuzzTarget: String, CaseIterable {
    case layout, config
    /// A shipped word model (`*.words`) and a learned-words file (`words-LANG.txt`).
    case words, learned
}

/// One fuzz input: bytes for one loader, and how they were made (for the report).
struct FuzzInput {
    var target: FuzzTarget
    var bytes: [UInt8]
    var recipe: [String]
}

/// The seed files and the deterministic input generator: input `index` of `seed` is the same
/// bytes in the fuzzer, in every worker it restarts, and in `fuzz-replay`.
struct FuzzCorpus {
    /// Seeds per target: (file name, bytes).
    let seeds: [FuzzTarget: [(name: String, bytes: [UInt8])]]

    /// Reads the shipped layouts and the layout corpus (layout seeds) and the config corpus.
    init(root: String) throws {
        let layoutDirs = [root + "/Resources/layouts", root + "/Tests/Corpus/layouts"]
        let configDirs = [root + "/Tests/Corpus/config"]
        var seeds: [FuzzTarget: [(name: String, bytes: [UInt8])]] = [:]
        for (target, dirs) in [(FuzzTarget.layout, layoutDirs), (.config, configDirs)] {
            var list: [(name: String, bytes: [UInt8])] = []
            for dir in dirs {
                for file in LayoutCatalog.files(in: dir, files: SystemFiles()) {
                    let bytes = (try? LayoutLoader.readFile(file.path, files: SystemFiles())) ?? []
                    list.append((Self.label(dir) + "/" + file.name + ".json", bytes))
                }
            }
            guard !list.isEmpty else {
                throw BenchUsageError("no \(target.rawValue) seeds in \(dirs.joined(separator: ", ")): is --root the repository?")
            }
            seeds[target] = list
        }
        let wordsDir = root + "/Tests/Corpus/words"
        for (target, suffix) in [(FuzzTarget.words, ".words"), (.learned, ".txt")] {
            let list = FuzzWords.seeds(in: wordsDir, suffix: suffix)
            guard !list.isEmpty else { throw BenchUsageError("no \(target.rawValue) seeds (*\(suffix)) in \(wordsDir): is --root the repository?") }
            seeds[target] = list
        }
        self.seeds = seeds
    }

    /// Input number `index` of the run with `seed`.
    func input(seed: UInt64, index: UInt64) -> FuzzInput {
        var rng = SplitMix64(seed: seed ^ (index &* 0xD1B5_4A32_D192_ED03))
        _ = rng.next()
        var target: FuzzTarget = rng.next() % 10 < 7 ? .layout : .config
        if rng.next() % 4 == 0 { target = rng.next() % 2 == 0 ? .words : .learned }
        if target == .words || target == .learned { return FuzzWords.input(target, seeds: seeds[target] ?? [], using: &rng) }
        let pool = seeds[target] ?? []
        var recipe: [String] = []
        var bytes: [UInt8]
        if pool.isEmpty || rng.next() % 16 == 0 {
            bytes = Array(FuzzGrammar.randomDocument(for: target, using: &rng).utf8)
            recipe.append("random \(target.rawValue) document")
        } else {
            let seedFile = pool[Int(rng.next() % UInt64(pool.count))]
            bytes = seedFile.bytes
            recipe.append("seed \(seedFile.name)")
            let steps = 1 + Int(rng.next() % 4)
            // Half the inputs only get mutations of the parsed tree: still JSON, so they reach
            // the loaders' checks of fields, actions and layers rather than the syntax errors.
            let treeOnly = rng.next() % 2 == 0
            for _ in 0..<steps {
                if treeOnly {
                    recipe.append(FuzzMutator.mutateTree(&bytes, target: target, using: &rng))
                } else {
                    let other = pool[Int(rng.next() % UInt64(pool.count))].bytes
                    recipe.append(FuzzMutator.mutate(&bytes, target: target, other: other, using: &rng))
                }
            }
        }
        if bytes.count > LayoutLoader.maxFileSize { bytes.removeSubrange(LayoutLoader.maxFileSize...) }
        return FuzzInput(target: target, bytes: bytes, recipe: recipe)
    }
}

extension FuzzCorpus {
    /// The last two components of a directory ("Corpus/layouts"), to label seeds in reports.
    static func label(_ directory: String) -> String {
        directory.split(separator: "/").suffix(2).joined(separator: "/")
    }
}
