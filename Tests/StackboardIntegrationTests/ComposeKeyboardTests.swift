import Foundation
import Testing

/// Chinese, Korean and Japanese composed by the keyboard itself, with no input method running (no
/// IBus, no fcitx, GTK's simple context): pinyin letters and then a candidate on the bar type 你好,
/// jamo and then the bar's first slot type 안녕하세요, romaji and then a candidate type 日本語,
/// into a GTK 3 entry and into xterm, read back exactly. Each layout is reached with the
/// language key.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/libexec/at-spi-bus-launcher"),
                "at-spi2-core is not installed (scripts/setup.sh installs it)"))
struct ComposeKeyboardTests {
    static let languages = "pinyin,hangul,japanese"

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/rime-data/luna_pinyin.schema.yaml"),
                   "rime-data-luna-pinyin is not installed (scripts/setup.sh installs it)"),
          arguments: [RealApp.Kind.gtk3, .xterm])
    func pinyinHangulAndKanaTappedAreTypedExactly(_ kind: RealApp.Kind) throws {
        guard kind.isInstalled else { return }
        let x = try XSession()
        defer { x.close() }
        let bus = try BusSession(x: x)
        let kb = try RunningKeyboard(x, ["--dock", "bottom", "--geometry", "1280x260", "--languages", Self.languages],
                                     env: bus.environment)
        let app = try RealApp.start(kind, on: bus, env: ["GTK_IM_MODULE": "gtk-im-context-simple"])
        app.click("text")
        let size = "\(kb.info.width)x\(kb.info.height)"
        func keys(_ layout: String) throws -> [ReportedKey] {
            try RunningKeyboard.keys(x, layout: layout, size: size, languages: Self.languages)
        }
        func tap(_ labels: [String], on layout: String) throws {
            let all = try keys(layout)
            var steps: [String] = []
            for label in labels {
                guard let k = all.first(where: { $0.label == label }) else {
                    throw XSession.Failure(description: "no key '\(label)' on \(layout)")
                }
                steps += [kb.at(k.center.x, k.center.y), "tap", "pause:60"]
            }
            kb.pointer(steps)
        }
        func slot(_ n: Int, on layout: String) throws -> ReportedKey {
            let slots = try keys(layout).filter { $0.action == "suggestion" }.sorted { $0.x < $1.x }
            return try #require(slots.count > n ? slots[n] : nil, "\(layout) has \(slots.count) slots")
        }

        // n i h a o, then the first candidate. librime deploys on its own thread when the layout
        // is first shown; a tap on a candidate before it is done does nothing, so it is tapped
        // again until the entry shows the phrase (never twice once it did).
        try tap(["n", "i", "h", "a", "o"], on: "pinyin")
        let first = try slot(1, on: "pinyin")
        let came = Wait.until(timeout: 30, interval: 0) {
            kb.tap(first)
            return app.waitForText("text", "你好", timeout: 3)
        }
        #expect(came, "\(kind) text: \(String(describing: app.text("text"))) \(app.transcript); keyboard: \(kb.child.stderr)")

        // The language key shows the Hangul layout; jamo compose, the first slot types the last syllable.
        try tap(["🌐"], on: "pinyin")
        try x.waitUntil(timeout: 20, "the hangul layout") {
            x.run(Tools.stackboard, ["status", "--layout"], env: bus.environment).stdout == "hangul\n"
        }
        try tap(["ㅇ", "ㅏ", "ㄴ", "ㄴ", "ㅕ", "ㅇ", "ㅎ", "ㅏ", "ㅅ", "ㅔ", "ㅇ", "ㅛ"], on: "hangul")
        kb.tap(try slot(0, on: "hangul"))
        #expect(app.waitForText("text", "你好안녕하세요"),
                "\(kind) text: \(String(describing: app.text("text"))) \(app.transcript); keyboard: \(kb.child.stderr)")

        // The language key again: n i h o n g o, then the first candidate (anthy's 日本語).
        try tap(["🌐"], on: "hangul")
        try x.waitUntil(timeout: 20, "the japanese layout") {
            x.run(Tools.stackboard, ["status", "--layout"], env: bus.environment).stdout == "japanese\n"
        }
        try tap(["n", "i", "h", "o", "n", "g", "o"], on: "japanese")
        kb.tap(try slot(1, on: "japanese"))
        #expect(app.waitForText("text", "你好안녕하세요日本語"),
                "\(kind) text: \(String(describing: app.text("text"))) \(app.transcript); keyboard: \(kb.child.stderr)")
        #expect(!kb.child.stderr.contains("你好") && !kb.child.stderr.contains("nihao"), "the keyboard logged the text: \(kb.child.stderr)")
    }
}
