import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The desktop's input method between the keyboard and the field: taps go to the application as
/// keys, IBus (with the libpinyin engine) composes them, and the field gets what the engine
/// commits. The keyboard learns a word only where the field's text shows it: the pinyin it sent
/// (`nihao`) is not in the field (你好 is), so it is learned neither as a word nor as the word
/// before the next one; a word typed after IBus is switched to a plain layout is. The same taps
/// without an input method are an ordinary word, which is learned.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/libexec/at-spi-bus-launcher"),
                "at-spi2-core is not installed (scripts/setup.sh installs it)"))
struct InputMethodTests {
    @Test(.enabled(if: IBusDaemon.installed, "ibus or ibus-libpinyin is not installed (scripts/setup.sh installs them)"))
    func pinyinTapsComposeThroughIBusAndThePinyinIsNotLearned() throws {
        let x = try XSession()
        defer { x.close() }
        let bus = try BusSession(x: x)
        let ibus = try IBusDaemon.start(on: bus, engine: "libpinyin")
        // The keyboard runs in the same desktop session, which names the input method
        // (GTK_IM_MODULE): a double space then deletes only what the field shows. The space that
        // committed 你好 never reached the field, and the second one must not delete 好.
        let (kb, app) = try Self.typeNihao(on: bus, env: ibus.clientEnvironment, keyboardEnv: ["GTK_IM_MODULE": "ibus"],
                                           taps: "nihao  ")
        #expect(app.child.waitForLine(timeout: 20) { $0 == "changed text 3 你好 " } != nil,
                "the entry did not get 你好 from IBus and the second space: \(app.transcript) ibus-daemon: \(ibus.child.stderr.suffix(400))")
        #expect(!app.child.stdout.contains("nihao"), "the pinyin reached the entry: \(app.transcript)")

        // IBus switched to a plain layout: an ordinary word after it is learned. Once it is in
        // the file the keyboard has decided about the pinyin too (held words are decided in order).
        try ibus.select("xkb:us::eng", on: bus)
        try Self.tap(" hello ", on: kb)
        #expect(app.child.waitForLine(timeout: 20) { $0 == "changed text 10 你好  hello " } != nil, "\(app.transcript)")
        try Self.waitUntilLearned("hello", kb, x)
        let learned = try Self.stopAndReadLearned(kb, x)
        #expect(!learned.contains("nihao"), "the pinyin was learned (w: as a word, p: as the word before another): \(learned)")
    }

    @Test func withoutAnInputMethodTheSameTapsAreAWordAndLearned() throws {
        let x = try XSession()
        defer { x.close() }
        let bus = try BusSession(x: x)
        let typed = try Self.typeNihao(on: bus, env: ["GTK_IM_MODULE": "gtk-im-context-simple"])
        #expect(typed.app.child.waitForLine(timeout: 20) { $0 == "changed text 6 nihao " } != nil, "\(typed.app.transcript)")
        // A word waits until the keyboard has seen it in the field, then for the next save.
        try Self.waitUntilLearned("nihao", typed.keyboard, x)
        let learned = try Self.stopAndReadLearned(typed.keyboard, x)
        #expect(learned.split(separator: "\n").contains { $0.hasSuffix("\tnihao") }, "the word was not learned: \(learned)")
    }

    /// Starts the keyboard (no auto-show: it follows the focus for learning all the same) with
    /// `keyboardEnv` and the GTK 3 window with `env`, waits until the keyboard listens on the
    /// accessibility bus, puts the focus in the text entry and taps `taps` (n i h a o and space).
    static func typeNihao(on bus: BusSession, env: [String: String], keyboardEnv: [String: String] = [:],
                          taps: String = "nihao ") throws -> (keyboard: RunningKeyboard, app: FocusTarget) {
        // Below the GTK window, which openbox puts in the middle of the screen.
        // No capital by itself: the taps are exactly the pinyin (or the word) they spell.
        let kb = try RunningKeyboard(bus.x, ["--layout", "qwerty", "--geometry", "1280x240+0+560", "--no-autocapitalize"],
                                     env: bus.environment.merging(keyboardEnv) { $1 })
        try AutoShowKeyboardTests.waitUntilListening(bus)
        let app = try FocusTarget.start(on: bus, env: env)
        app.click("text", on: bus.x)
        try bus.x.waitUntil(timeout: 20, "the text entry's focus (\(app.transcript))") { app.focusCount("text") >= 1 }
        try tap(taps, on: kb)
        return (kb, app)
    }

    /// Taps the keys that type `text` (letters by their label, a space by the space bar), in one
    /// run of the pointer tool.
    static func tap(_ text: String, on kb: RunningKeyboard) throws {
        let keys = try kb.keys()
        let steps = try text.flatMap { c -> [String] in
            guard let k = keys.first(where: { c == " " ? $0.action == "space" : $0.label == String(c) }) else {
                throw XSession.Failure(description: "no key for '\(c)'")
            }
            return [kb.at(k.center.x, k.center.y), "tap"]
        }
        kb.pointer(steps)
    }

    /// Waits until the keyboard's learned words file has `word` (as a word: a `w` line).
    static func waitUntilLearned(_ word: String, _ kb: RunningKeyboard, _ x: XSession) throws {
        let file = x.dir + "/data/stackboard/words-en.txt"
        try kb.child.waitUntil(timeout: 30, "the keyboard to learn '\(word)'") {
            ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").contains { $0.hasSuffix("\t" + word) }
        }
    }

    /// Ends the keyboard (it saves what it learned) and returns its learned words file.
    static func stopAndReadLearned(_ kb: RunningKeyboard, _ x: XSession) throws -> String {
        kb.child.signal(SIGTERM)
        #expect(kb.child.wait(timeout: 20) == 0, "\(kb.child.stderr)")
        #expect(!kb.child.stderr.contains("nihao"), "the keyboard printed what was typed: \(kb.child.stderr)")
        return (try? String(contentsOfFile: x.dir + "/data/stackboard/words-en.txt", encoding: .utf8)) ?? ""
    }
}

/// IBus on a test's X session and session bus, set up without a user session: `ibus-daemon`
/// with the in-memory configuration (ibus-memconf, which ibus-libpinyin waits for; GSettings'
/// memory backend), no panel and no emoji extension, and one engine selected. Everything it
/// starts stays in the daemon's process group, which ends with the X session.
struct IBusDaemon {
    /// Whether ibus-daemon, its in-memory configuration and the libpinyin engine are installed.
    static let installed = ["/usr/bin/ibus-daemon", "/usr/bin/ibus", "/usr/libexec/ibus-memconf",
                            "/usr/share/ibus/component/libpinyin.xml"].allSatisfy { FileManager.default.fileExists(atPath: $0) }

    let child: Child
    /// The daemon's own D-Bus address (`ibus address`).
    let address: String

    /// What a GTK client needs to type through it.
    var clientEnvironment: [String: String] { ["GTK_IM_MODULE": "ibus", "IBUS_ADDRESS": address] }

    /// The daemon's environment: GSettings in memory, nothing written to a dconf database.
    static func environment(_ bus: BusSession) -> [String: String] {
        bus.environment.merging(["GSETTINGS_BACKEND": "memory"]) { $1 }
    }

    /// Starts the daemon, waits for its address, then selects `engine` as the global engine.
    static func start(on bus: BusSession, engine: String) throws -> IBusDaemon {
        let env = environment(bus)
        let daemon = try bus.x.spawn("ibus-daemon", ["--panel=disable", "--emoji-extension=disable",
                                                     "--config=/usr/libexec/ibus-memconf"], env: env)
        // `ibus address` reads the file the daemon writes under XDG_CONFIG_HOME/ibus/bus once it
        // listens; before that it prints "(null)".
        var address = ""
        try daemon.waitUntil(timeout: 30, "ibus-daemon's address") {
            address = bus.x.run("ibus", ["address"], env: env).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            return address.hasPrefix("unix:")
        }
        let ibus = IBusDaemon(child: daemon, address: address)
        try ibus.select(engine, on: bus)
        return ibus
    }

    /// Makes `engine` the global engine (for the focused input context too). The call itself, not
    /// `ibus engine NAME`, which also runs setxkbmap on the display. It is answered once the
    /// engine's process is up (ibus-libpinyin loads its data first): tried until then.
    func select(_ engine: String, on bus: BusSession) throws {
        var last = ""
        try child.waitUntil(timeout: 60, "IBus to select \(engine): \(last)") {
            let r = bus.x.run("gdbus", ["call", "--address", address, "--dest", "org.freedesktop.IBus",
                                        "--object-path", "/org/freedesktop/IBus",
                                        "--method", "org.freedesktop.IBus.SetGlobalEngine", engine],
                              env: IBusDaemon.environment(bus), timeout: 30)
            last = r.stderr
            return r.status == 0
        }
    }
}
