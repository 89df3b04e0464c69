import Foundation
import Testing

/// `$XDG_CONFIG_HOME/stackboard/config.json` read by the running keyboard: its settings are
/// used, options on the command line override them, and a bad file is reported line by line
/// while the keyboard still starts and types.
@Suite struct ConfigKeyboardTests {
    /// Writes `text` as the session's configuration file; returns its path.
    @discardableResult
    private func writeConfig(_ session: XSession, _ text: String) throws -> String {
        let folder = session.dir + "/config/stackboard"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/config.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The colour of the window's top-left corner (the background, outside every key) once the
    /// keyboard has painted: then a key's body differs from it.
    private func background(_ kb: RunningKeyboard, layout: String) throws -> String {
        // A key with a body of its own (the suggestion bar's slots are painted flat on the background).
        let key = try #require(try kb.keys(layout: layout).first { $0.action != "suggestion" })
        var seen: [String] = []
        try kb.session.waitUntil(timeout: 10, "the keyboard to be painted (\(seen))") {
            seen = (try? kb.pixels([(1, 1), (key.x + key.width / 8, key.center.y)])) ?? []
            return seen.count == 2 && seen[0] != seen[1]
        }
        return seen[0]
    }

    /// `stackboard status --layout`.
    private func layoutShown(_ session: XSession) -> String {
        session.run(Tools.stackboard, ["status", "--layout"]).stdout
    }

    /// Quits the keyboard and waits until it has exited.
    private func quit(_ kb: RunningKeyboard) {
        #expect(kb.session.run(Tools.stackboard, ["quit"]).status == 0)
        #expect(kb.child.wait(timeout: 10) == 0, "\(kb.child.stderr)")
    }

    @Test func theConfigFileSetsLayoutThemeAndGeometryAndOptionsOverrideThem() throws {
        let session = try XSession()
        let file = try writeConfig(session, """
            {"layout": "numeric", "theme": "dark", "geometry": "600x240+10+20", "sound": {"enabled": false}}
            """)
        let configured = try RunningKeyboard(session, ["--print"])
        #expect(layoutShown(session) == "numeric\n")
        #expect(configured.info.width == 600 && configured.info.height == 240)
        let dark = try background(configured, layout: "numeric")
        let one = try #require(try configured.keys(layout: "numeric").first { $0.label == "1" })
        configured.tap(one)
        #expect(configured.waitForPrinted(["1"]) == ["1"])
        #expect(configured.child.stderr.isEmpty, "no problem to report: \(configured.child.stderr)")
        quit(configured)

        // Every one of them overridden on the command line.
        let overridden = try RunningKeyboard(session, ["--print", "--layout", "qwerty", "--theme", "light",
                                                       "--geometry", "500x200+0+0"])
        #expect(layoutShown(session) == "qwerty\n")
        #expect(overridden.info.width == 500 && overridden.info.height == 200)
        #expect(try background(overridden, layout: "qwerty") != dark)
        try overridden.tap(labels: ["q"])
        #expect(overridden.waitForPrinted(["q"]) == ["q"])
        quit(overridden)

        // Without the file, `--theme dark` paints what the file's theme painted.
        try FileManager.default.removeItem(atPath: file)
        let plain = try RunningKeyboard(session, ["--layout", "numeric", "--theme", "dark", "--geometry", "600x240+10+20"])
        #expect(try background(plain, layout: "numeric") == dark)
    }

    @Test func hiddenAndDockComeFromTheConfigFileAndDockNoneFloats() throws {
        let session = try XSession()
        try writeConfig(session, #"{"hidden": true, "dock": "top", "layout": "phone"}"#)
        let docked = try RunningKeyboard(session, [], until: "hidden")
        // `hidden` is how it starts: a second `stackboard` (a menu entry) still shows it.
        let second = docked.stackboard(["--no-sound"])
        #expect(second.status == 0 && second.stderr.contains("showing it"), "\(second.stderr)")
        try docked.waitForState("shown")
        #expect(docked.geometry()?.y == 0)
        #expect(session.run("xprop", ["-name", "Stackboard", "_NET_WM_WINDOW_TYPE"]).stdout.contains("_NET_WM_WINDOW_TYPE_DOCK"))
        #expect(docked.stackboard(["quit"]).status == 0)
        #expect(docked.child.wait(timeout: 10) == 0)

        let floating = try RunningKeyboard(session, ["--dock", "none"], until: "hidden")
        #expect(floating.stackboard(["show"]).status == 0)
        try floating.waitForState("shown")
        let type = session.run("xprop", ["-name", "Stackboard", "_NET_WM_WINDOW_TYPE"]).stdout
        #expect(type.contains("_NET_WM_WINDOW_TYPE_UTILITY") && !type.contains("DOCK"), "\(type)")
        #expect(floating.geometry().map { $0.y > 0 } == true, "floating along the bottom")
    }

    @Test func badSettingsAreReportedOneLineEachAndTheKeyboardStillTypes() throws {
        let session = try XSession()
        let file = try writeConfig(session, """
            {"theme": "purple", "layout": "no-such-layout", "volume": 3, "scan": {"switch": "no key"}}
            """)
        let kb = try RunningKeyboard(session, ["--print"])
        let lines = kb.child.stderr.split(separator: "\n").map(String.init)
        for (key, says) in [("theme", "no theme named \"purple\""), ("layout", "no-such-layout"), ("volume", "unknown setting"),
                            ("scan.switch", "'no key' is not a switch")] {
            #expect(lines.contains { $0.hasPrefix("stackboard: \(file): \(key): ") && $0.contains(says) },
                    "no line about \(key) in:\n\(kb.child.stderr)")
        }
        #expect(layoutShown(session) == "qwerty\n")
        try kb.tap(labels: ["o", "k"])
        #expect(kb.waitForPrinted(["o", "k"]) == ["o", "k"])
    }

    @Test func aConfigFileThatIsNotJSONIsReportedAndTheDefaultsAreUsed() throws {
        let session = try XSession()
        let file = try writeConfig(session, #"{"theme": "dark", "layout": "numeric""#)
        let kb = try RunningKeyboard(session, ["--print"])
        let line = kb.child.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(line.hasPrefix("stackboard: \(file): line 1, column "), "\(kb.child.stderr)")
        #expect(line.hasSuffix("using the defaults for every setting"), "\(line)")
        #expect(layoutShown(session) == "qwerty\n")
        try kb.tap(labels: ["o", "k"])
        #expect(kb.waitForPrinted(["o", "k"]) == ["o", "k"])
    }
}
