import Foundation
import Testing

/// The keyboard itself on the AT-SPI bus, as a screen reader meets it: its own Xvfb, openbox,
/// session bus and accessibility bus, and a client with libatspi (`Tests/Tools/atspi-client.py`)
/// that turns the screen reader on, finds the keyboard among the desktop's applications, reads
/// its buttons, presses one and hears the suggestion bar's words change, then changes the layer.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/libexec/at-spi-bus-launcher")
                    && FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/girepository-1.0/Atspi-2.0.typelib"),
                "at-spi2-core or gir1.2-atspi-2.0 is not installed (scripts/setup.sh installs them)"))
struct AccessibleKeyboardTests {
    /// One `button ROLE X Y W H NAME` line of the client.
    struct Button: Equatable {
        var role: String
        var x: Int, y: Int, width: Int, height: Int
        var name: String
    }

    static func buttons(_ output: String) -> [Button] {
        output.split(separator: "\n").compactMap { line in
            let f = line.split(separator: " ", maxSplits: 6, omittingEmptySubsequences: false).map(String.init)
            guard f.count == 7, f[0] == "button", let x = Int(f[2]), let y = Int(f[3]), let w = Int(f[4]), let h = Int(f[5]) else {
                return nil
            }
            return Button(role: f[1], x: x, y: y, width: w, height: h, name: f[6])
        }
    }

    @Test func aScreenReaderFindsTheKeysPressesOneAndHearsTheBarChange() throws {
        let x = try XSession()
        defer { x.close() }
        let bus = try BusSession(x: x)
        let kb = try RunningKeyboard(x, ["--layout", "qwerty", "--geometry", "1280x240+0+560", "--print", "--no-autocapitalize"],
                                     env: bus.environment)
        let client = x.run("/usr/bin/python3", [Tools.repoRoot + "/Tests/Tools/atspi-client.py", "Stackboard", "q", "?123"],
                           env: bus.environment, timeout: 30)
        let transcript = "client: \(client.stdout) \(client.stderr)\nkeyboard: \(kb.child.stderr)"
        #expect(client.status == 0, "\(transcript)")
        #expect(client.stdout.contains("window \(kb.info.x) \(kb.info.y) \(kb.info.width) \(kb.info.height)\n"), "\(transcript)")

        // The keys, named by their labels or a word, where `stackboard keys` puts them.
        let buttons = Self.buttons(client.stdout)
        for (label, name) in [("q", "q"), ("⌫", "backspace")] {
            let key = try #require(try kb.keys().first { $0.label == label }, "\(label)")
            let button = try #require(buttons.first { $0.name == name }, "no button \(name): \(transcript)")
            #expect(button == Button(role: "push-button", x: kb.info.x + key.x, y: kb.info.y + key.y, width: key.width,
                                     height: key.height, name: name))
        }
        #expect(buttons.contains { $0.name == "shift" && $0.role == "toggle-button" }, "\(transcript)")
        #expect(buttons.contains { $0.name == "space" }, "\(transcript)")

        // The press types q, as a tap does; the bar's words change and the client hears it.
        #expect(client.stdout.contains("pressed q true\n"), "\(transcript)")
        #expect(kb.child.waitForLine(timeout: 10) { $0 == "q" } != nil, "\(transcript)")
        // The bar's words for the word begun with q, each announced as a slot's new name.
        let renamed = client.stdout.split(separator: "\n").filter { $0.hasPrefix("renamed ") }.map { $0.dropFirst("renamed ".count) }
        #expect(!renamed.isEmpty && renamed.allSatisfy { $0.hasPrefix("q") }, "\(transcript)")
        #expect(!client.stderr.contains("WARNING"), "\(transcript)")
        // ?123 shows the symbols: the frame's children are its keys now.
        let then = client.stdout.split(separator: "\n").filter { $0.hasPrefix("then ") }.map { $0.dropFirst("then ".count) }
        #expect(then.contains("1") && then.contains("backspace") && !then.contains("q"), "\(transcript)")

        // The accessibility bus goes away: one line says so, and the keyboard types on.
        bus.killAccessibility()
        try x.waitUntil(timeout: 10, "the keyboard's notice of the lost bus (\(kb.child.stderr))") {
            kb.child.stderr.contains("screen readers cannot see the keyboard for now: lost the accessibility bus")
        }
        try kb.tap(labels: ["1"], layer: "numbers")
        #expect(kb.child.waitForLine(timeout: 10) { $0 == "1" } != nil, "\(kb.child.report)")
        kb.child.signal(SIGTERM)
        #expect(kb.child.wait(timeout: 20) == 0, "\(kb.child.stderr)")
    }
}
