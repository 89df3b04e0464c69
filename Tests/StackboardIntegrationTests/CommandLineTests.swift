import Testing
import Foundation

/// The commands that need no X server, run as a user runs them.
@Suite struct CommandLineTests {
    func run(_ args: [String], env: [String: String] = [:], stdin: String? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let dir = NSTemporaryDirectory() + "stackboard-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var stdinPath: String?
        if let stdin { stdinPath = dir + "/stdin"; try stdin.write(toFile: dir + "/stdin", atomically: true, encoding: .utf8) }
        var environment = ProcessInfo.processInfo.environment.merging(env) { $1 }
        environment["XDG_DATA_HOME"] = env["XDG_DATA_HOME"] ?? dir + "/data"
        return Child.run(Tools.stackboard, args, environment: environment, logDir: dir, stdinPath: stdinPath, timeout: 30)
    }

    @Test func helpAndVersion() throws {
        let help = try run(["--help"])
        #expect(help.status == 0)
        for command in ["layouts", "check", "render"] { #expect(help.stdout.contains(command)) }
        let version = try run(["--version"])
        #expect(version.stdout.hasPrefix("stackboard "))
    }

    @Test func layoutsListsEveryShippedLayoutWithItsOrigin() throws {
        let r = try run(["layouts"])
        #expect(r.status == 0)
        let names = r.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(names == ["amount-zh", "binary", "clicks", "code", "decimal", "hangul", "id-card", "japanese", "morse", "numeric", "phone", "pin", "pinyin", "pinyin-traditional", "qwerty", "scan", "scan-de", "scan-es", "scan-fr", "scan-ru"])
        #expect(r.stdout.contains("shipped"))
    }

    @Test func userLayoutOverridesShippedOne() throws {
        let data = NSTemporaryDirectory() + "stackboard-data-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: data + "/stackboard/layouts", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: data) }
        try #"{"name":"pin","description":"my own pin","layers":[{"name":"main","rows":[["1","2"]]}]}"#
            .write(toFile: data + "/stackboard/layouts/pin.json", atomically: true, encoding: .utf8)
        let r = try run(["layouts"], env: ["XDG_DATA_HOME": data])
        let pinLine = r.stdout.split(separator: "\n").first { $0.hasPrefix("pin ") }
        #expect(pinLine?.contains("user") == true)
        #expect(pinLine?.contains("my own pin") == true)
    }

    @Test func checkAcceptsGoodAndNamesTheProblemInBadFiles() throws {
        let good = try run(["check", Tools.repoRoot + "/Resources/layouts/qwerty.json"])
        #expect(good.status == 0)
        #expect(good.stdout.contains("qwerty.json: ok"))
        let bad = try run(["check", "-"], stdin: #"{"name":"x","description":"d","layers":[{"name":"m","rows":[[{"label":"a","action":"backsapce"}]]}]}"#)
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("layers[0].rows[0][0].action"))
        #expect(bad.stderr.contains("did you mean \"backspace\""))
        let none = try run(["check"])
        #expect(none.status == 2)
    }

    @Test func renderWritesAPNGOfTheRequestedSize() throws {
        let out = NSTemporaryDirectory() + "stackboard-render-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try run(["render", "--layout", "pin", "--entry", "--size", "321x457", "--theme", "dark", "--output", out])
        #expect(r.status == 0, "\(r.stderr)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(bytes.count > 1000)
        #expect(Array(bytes[1...3]) == Array("PNG".utf8))
        // IHDR width and height, big-endian, at bytes 16...23
        let width = bytes[16...19].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20...23].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 321 && height == 457)
    }

    @Test func renderRejectsBadArgumentsWithAHint() throws {
        let theme = try run(["render", "--output", "/tmp/x.png", "--theme", "darkk"])
        #expect(theme.status == 2)
        #expect(theme.stderr.contains(#"did you mean "dark"?"#), "\(theme.stderr)")
        let size = try run(["render", "--output", "/tmp/x.png", "--size", "12by3"])
        #expect(size.status == 2)
        #expect(size.stderr.contains("for example 1280x400"))
        let layer = try run(["render", "--output", "/tmp/x.png", "--layer", "nope"])
        #expect(layer.status == 2)
        #expect(layer.stderr.contains("letters"))
        let layout = try run(["render", "--output", "/tmp/x.png", "--layout", "qwerty2"])
        #expect(layout.status == 1)
        #expect(layout.stderr.contains("qwerty"))
    }
}

/// `stackboard scan evaluate`, run as a user runs it.
@Suite struct ScanCommandTests {
    let cli = CommandLineTests()

    func evaluate(_ text: String, _ options: [String]) throws -> [String: Any] {
        let file = NSTemporaryDirectory() + "stackboard-scan-\(UUID().uuidString).txt"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let r = try cli.run(["scan", "evaluate", file, "--json"] + options)
        #expect(r.status == 0, "\(r.stderr)")
        return try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any] ?? [:]
    }

    @Test func qwertyRowKeyIsTheBaselineAndTheScanningLayoutReachesLettersSooner() throws {
        let text = "the rain in the north is not as heavy as on the east side of the hills\n"
        let qwerty = try evaluate(text, ["--language", "en"])
        #expect(qwerty["ratio_to_baseline"] as? Double == 1.0)
        #expect(qwerty["baseline_layout"] as? String == "qwerty")
        #expect(qwerty["untyped"] as? Int == 0)
        let scan = try evaluate(text, ["--layout", "scan", "--language", "en"])
        #expect((scan["ratio_to_baseline"] as? Double ?? 1) < 0.75)
        let step = try evaluate(text, ["--layout", "scan", "--scan-mode", "step", "--language", "en"])
        #expect((step["selections_per_char"] as? Double ?? 0) == (step["steps_per_char"] as? Double ?? -1),
                "in step scanning every highlight is a press")
    }

    @Test func usageErrorsSayWhatToDo() throws {
        let none = try cli.run(["scan"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("evaluate FILE"))
        let mode = try cli.run(["scan", "evaluate", "x.txt", "--scan-mode", "sideways"])
        #expect(mode.status == 2)
        #expect(mode.stderr.contains("auto, step, inverse, directed"))
        let missing = try cli.run(["scan", "evaluate", "/nonexistent/text.txt"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("cannot read"))
    }
}
