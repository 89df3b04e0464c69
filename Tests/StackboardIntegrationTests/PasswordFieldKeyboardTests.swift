import Foundation
import StackboardCore
import Testing

/// A password field is secure whether or not auto-show showed the keyboard: shown by hand (no
/// `--auto-show`), the keyboard still follows the focus on the AT-SPI bus, locks its suggestion
/// bar while a password field has the focus and learns nothing typed there, and learns again
/// once the focus is back in an ordinary field.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/libexec/at-spi-bus-launcher"),
                "at-spi2-core is not installed (scripts/setup.sh installs it)"))
struct PasswordFieldKeyboardTests {
    /// Points across the suggestion bar's first slot, where the lock appears.
    static func lockPoints(_ kb: RunningKeyboard) throws -> [(Int, Int)] {
        try lockPoints(kb.keys())
    }

    /// Points across the first suggestion slot among `keys` (window pixels).
    static func lockPoints(_ keys: [ReportedKey]) throws -> [(Int, Int)] {
        let slot = try #require(keys.filter { $0.action == "suggestion" }.min { $0.x < $1.x })
        return (1...9).flatMap { i in (1...3).map { j in (slot.x + slot.width * i / 10, slot.y + slot.height * j / 4) } }
    }

    @Test func withoutAutoShowAPasswordFieldLocksTheBarAndIsNeverLearned() throws {
        let x = try XSession()
        defer { x.close() }
        let bus = try BusSession(x: x)
        // Below the GTK window, which openbox puts in the middle of the screen. No capital by
        // itself: "hello" is typed as it is whenever the field's start is read.
        let kb = try RunningKeyboard(x, ["--layout", "qwerty", "--geometry", "1280x240+0+560", "--no-autocapitalize"],
                                     env: bus.environment)
        try AutoShowKeyboardTests.waitUntilListening(bus)
        let app = try FocusTarget.start(on: bus)
        let points = try Self.lockPoints(kb)
        let open = try kb.pixels(points)

        app.click("password", on: x)
        try x.waitUntil(timeout: 20, "the lock on the bar for the password field (\(app.transcript))") {
            (try? kb.pixels(points)) != open
        }
        let locked = try kb.pixels(points)
        try kb.tap(labels: ["s", "e", "c", "r", "e", "t"])
        kb.tap(try #require(try kb.keys().first { $0.action == "space" }))
        #expect(app.child.waitForLine(timeout: 20) { $0 == "changed password 7 secret " } != nil, "\(app.transcript)")

        // The focus on a button ends the password field (and the button is asked nothing a button
        // cannot answer: GTK logs a CRITICAL for a Text question); then an ordinary field learns.
        // (The bar's words need not be those shown at first: the empty entry started a sentence.)
        app.click("button", on: x)
        try x.waitUntil(timeout: 20, "the bar open again for the button") { (try? kb.pixels(points)) != locked }
        app.click("text", on: x)
        try kb.tap(labels: ["h", "e", "l", "l", "o"])
        kb.tap(try #require(try kb.keys().first { $0.action == "space" }))
        #expect(app.child.waitForLine(timeout: 20) { $0 == "changed text 6 hello " } != nil, "\(app.transcript)")
        // The word is learned once the keyboard has read it in the field (AT-SPI), and written a
        // few seconds after that.
        let file = x.dir + "/data/stackboard/words-en.txt"
        try x.waitUntil(timeout: 20, "the ordinary word learned and written") {
            ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").contains("\thello")
        }

        kb.child.signal(SIGTERM)
        #expect(kb.child.wait(timeout: 20) == 0, "\(kb.child.stderr)")
        #expect(!kb.child.stderr.contains("secret"))
        let learned = (try? String(contentsOfFile: x.dir + "/data/stackboard/words-en.txt", encoding: .utf8)) ?? ""
        #expect(!learned.contains("secret"), "a password was learned: \(learned)")
        #expect(learned.split(separator: "\n").contains { $0.hasSuffix("\thello") }, "the ordinary word was not learned: \(learned)")
        #expect(!app.child.stderr.contains("CRITICAL"), "\(app.transcript)")
    }

    /// How many calls of `member` in `dbus-monitor`'s output the bus daemon itself answered with
    /// NameHasNoOwner (a call without auto-start to a name nobody owns).
    static func unownedAnswers(_ monitor: String, member: String) -> Int {
        func field(_ line: Substring, _ name: String) -> Substring? {
            line.split(separator: " ").first { $0.hasPrefix(name + "=") }?.dropFirst(name.count + 1)
        }
        let lines = monitor.split(separator: "\n")
        let calls = lines.filter { $0.hasPrefix("method call ") && $0.hasSuffix("member=" + member) }.compactMap { line in
            field(line, "sender").flatMap { sender in field(line, "serial").map { "\(sender) \($0)" } }
        }
        return lines.filter { $0.hasPrefix("error ") && $0.contains("error_name=org.freedesktop.DBus.Error.NameHasNoOwner") }
            .compactMap { line in field(line, "destination").flatMap { d in field(line, "reply_serial").map { "\(d) \($0)" } } }
            .filter { calls.contains($0) }.count
    }

    /// Without auto-show the keyboard never starts the accessibility bus (at-spi-bus-launcher, a
    /// second dbus-daemon and at-spi2-registryd, which wakes at every key an application gets): it
    /// asks for it without auto-start, waits, and joins the bus the first GTK application starts.
    @Test func withoutAutoShowTheBusIsNotStartedButJoinedWhenAnApplicationStartsIt() throws {
        let x = try XSession()
        defer { x.close() }
        let bus = try BusSession(x: x, accessibility: false) // org.a11y.Bus can be started on demand
        defer { bus.killAccessibility() }
        let monitor = try x.spawn("dbus-monitor", ["--address", bus.address], env: bus.environment)
        let kb = try RunningKeyboard(x, ["--layout", "qwerty", "--geometry", "1280x240+0+560"], env: bus.environment)
        // The session bus answers the keyboard's question itself: nobody owns org.a11y.Bus, and
        // nothing was started to own it (with auto-start the launcher would have answered).
        try x.waitUntil(timeout: 20, "the session bus's NameHasNoOwner to GetAddress (\(monitor.stdout.suffix(900)))") {
            Self.unownedAnswers(monitor.stdout, member: "GetAddress") > 0
        }
        let owner = x.run("gdbus", ["call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                                    "--method", "org.freedesktop.DBus.NameHasOwner", "org.a11y.Bus"], env: bus.environment, timeout: 10)
        #expect(owner.stdout.contains("false"), "\(owner.stdout) \(owner.stderr)")
        #expect(FaultSupport.pids(named: "at-spi2-registr", display: x.display).isEmpty)

        // GTK starts the bus; the keyboard joins it and locks the bar for a password field.
        let app = try FocusTarget.start(on: bus)
        try AutoShowKeyboardTests.waitUntilListening(bus)
        let points = try Self.lockPoints(kb)
        let open = try kb.pixels(points)
        app.click("password", on: x)
        try x.waitUntil(timeout: 20, "the lock on the bar for the password field (\(app.transcript))") {
            (try? kb.pixels(points)) != open
        }
        kb.child.signal(SIGTERM)
        #expect(kb.child.wait(timeout: 20) == 0, "\(kb.child.stderr)")
    }
}
