import StackboardCore
import StackboardSystem
import StackboardXKB
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `stackboard-bench layouts`: how long making a layout takes, in this process (no display).
///
/// Prints one JSON object per line (`Sampler.Result.jsonLine`, target `load`):
/// - `file:qwerty`: the qwerty file parsed and checked (LayoutLoader), the reference;
/// - `catalog:qwerty`: qwerty as the keyboard loads it at start (the catalog adds the emoji panel for its ☺ key);
/// - `emoji-parse`: emoji-test.txt read into groups; `catalog:emoji`: the panel as a layout;
/// - `xkb-registry`: evdev.xml and evdev.extras.xml read (part of every `xkb:` load);
/// - `xkb:NAME`: the whole `xkb:` layout as `--layout xkb:NAME` makes it (registry, libxkbcommon
///   compile, Compose, build; then the catalog's emoji panel), for a few layouts;
/// - `xkb-compile:NAME`: libxkbcommon's part (keymap, levels, Compose);
/// - `xkb-build:NAME`: the pure build (`XkbLayoutBuilder`) from symbols compiled beforehand;
/// - `xkb-every`: one `xkb:` layout of every layout and variant the rules list, per layout.
enum LayoutBench {
    static func run(_ options: BenchOptions) throws -> Int32 {
        let rounds = max(3, Int(try options.number("rounds", 30)))
        let catalog = LayoutCatalog.forCurrentProcess()
        let provider = XkbLayoutProvider()
        let withXkb = catalog.adding(provider)
        guard let qwertyPath = catalog.locate("qwerty")?.path else {
            throw BenchUsageError("no qwerty layout found (searched \(catalog.searchPath.map(\.directory)))")
        }
        var sink = 0
        var results: [Sampler.Result] = []
        func time(_ name: String, _ iterations: Int = rounds, _ body: () throws -> Int) throws {
            var failure: String?
            results.append(Sampler.measure(name, target: "load", iterations: iterations, warmup: 2) { _ in
                do { sink &+= try body() } catch { failure = "\(error)" }
            })
            if let failure { throw BenchUsageError("\(name): \(failure)") }
        }
        try time("file:qwerty") { try LayoutLoader.load(file: qwertyPath, files: SystemFiles()).layers.count }
        try time("catalog:qwerty") { try catalog.load("qwerty").layers.count }
        let emojiFile = EmojiProvider(searchPath: catalog.searchPath, environment: [:], files: SystemFiles()).dataFiles
            .first { access($0, R_OK) == 0 }
        if let emojiFile {
            let bytes = try LayoutLoader.readFile(emojiFile, files: SystemFiles())
            try time("emoji-parse") { EmojiTestFile.groups(in: bytes).count }
        }
        try time("catalog:emoji") { try catalog.load("emoji").layers.count }
        try time("xkb-registry") { try provider.registry().layouts.count }
        for name in ["de", "fr", "ru", "ara", "il", "in(deva)", "th", "fr(bepo)"] {
            try time("xkb:\(name)") { try withXkb.load("xkb:\(name)").layers.count }
            let parsed = XkbLayoutName(layout: name.split(separator: "(").first.map(String.init) ?? name,
                                       variant: name.split(separator: "(").dropFirst().first.map { String($0.dropLast()) })
            try time("xkb-compile:\(name)") { try provider.symbols(of: parsed).keys.count }
            let symbols = try provider.symbols(of: parsed)
            let info = XkbLayoutInfo(name: parsed, description: name)
            try time("xkb-build:\(name)") { XkbLayoutBuilder(info: info, symbols: symbols).layout().layers.count }
        }
        let every = try provider.registry().layouts.filter { !$0.isExtra && $0.name.layout != "custom" }
        try time("xkb-every", every.count) { () throws -> Int in
            sink &+= 1
            return try provider.layout(for: every[sink % every.count]).layers.count
        }
        for r in results { print(r.jsonLine) }
        if sink == 42 { print("") }
        return 0
    }
}
