import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// One control of the settings panel as `stackboard keys` reports it: where it is, and what it
/// writes to config.json.
struct PanelKey: Decodable {
    let layer: String
    let label: String
    let action: String
    /// The layer a layer key shows.
    let to: String?
    /// The key of config.json a control writes.
    let setting: String?
    /// What it writes there, as JSON text.
    let value: PanelValue?
    let x: Int, y: Int, width: Int, height: Int

    var center: (x: Int, y: Int) { (x + width / 2, y + height / 2) }
}

/// A control's value: whatever JSON it is, kept as its text.
struct PanelValue: Decodable, Equatable {
    let text: String
    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let b = try? c.decode(Bool.self) { text = b ? "true" : "false" }
        else if let n = try? c.decode(Double.self) { text = n == n.rounded() ? String(Int(n)) : String(n) }
        else if let s = try? c.decode(String.self) { text = s }
        else if let a = try? c.decode([String].self) { text = a.joined(separator: ",") }
        else { text = "null" }
    }
}

/// config.json read back: any JSON, values as text.
indirect enum ConfigJSON: Decodable {
    case bool(Bool), number(Double), string(String), array([ConfigJSON]), object([String: ConfigJSON]), null

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([ConfigJSON].self) { self = .array(a) }
        else { self = .object(try c.decode([String: ConfigJSON].self)) }
    }

    /// `true`, `1.25`, `dark`, `xkb:de,xkb:ru`; nil for an object.
    var text: String? {
        switch self {
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n == n.rounded() ? String(Int(n)) : String(n)
        case .string(let s): return s
        case .array(let a): return a.compactMap(\.text).joined(separator: ",")
        case .object: return nil
        case .null: return "null"
        }
    }
}

/// Issue 48's "done when": from a fresh start to a dark, larger keyboard with German and
/// Russian, no sound and scanning on, by the settings panel alone (XTest clicks, a pointer at
/// rest for dwell, and a click as the scan switch, under Xvfb and openbox; no physical key),
/// config.json read back after each change with the hand-written key still in it, and the
/// running keyboard seen to change.
@Suite struct SettingsPanelKeyboardTests {
    /// A session with a config.json written by hand: a note of the user's (no setting) and the
    /// click device of `SoundFixture`.
    final class Rig {
        let session: XSession
        let kb: RunningKeyboard
        let file: String
        let fx: SoundFixture

        init() throws {
            fx = try SoundFixture()
            session = try XSession()
            let folder = session.dir + "/config/stackboard"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            file = folder + "/config.json"
            try """
                {
                  "my-note": "written by hand, keep it",
                  "sound": {"device": "stackboardtest", "volume": 100}
                }

                """.write(toFile: file, atomically: true, encoding: .utf8)
            kb = try RunningKeyboard(session, [], sound: true, env: ["ALSA_CONFIG_PATH": fx.environment["ALSA_CONFIG_PATH"] ?? ""])
        }

        /// config.json as it is now.
        func config() throws -> [String: ConfigJSON] {
            let data = try Data(contentsOf: URL(fileURLWithPath: file))
            guard case .object(let members) = try JSONDecoder().decode(ConfigJSON.self, from: data) else {
                throw XSession.Failure(description: "config.json is no object")
            }
            return members
        }

        /// `group.key` of config.json (`sound.enabled`), as text.
        func value(_ path: String, in config: [String: ConfigJSON]) -> String? {
            var object: ConfigJSON? = .object(config)
            for part in path.split(separator: ".") {
                guard case .object(let members) = object else { return nil }
                object = members[String(part)]
            }
            return object?.text
        }

        /// Waits until config.json says `expected` for each path; then checks that what was
        /// written by hand is still there.
        func waitForConfig(_ expected: [String: String], _ what: String) throws {
            var seen: [String: ConfigJSON] = [:]
            try session.waitUntil(timeout: 20, "config.json to say \(expected) after \(what); it says \(seen)") {
                seen = (try? config()) ?? [:]
                return expected.allSatisfy { value($0.key, in: seen) == $0.value }
            }
            #expect(value("my-note", in: seen) == "written by hand, keep it", "the hand-written key after \(what)")
            #expect(value("sound.device", in: seen) == "stackboardtest" && value("sound.volume", in: seen) == "100",
                    "the hand-written settings after \(what)")
        }

        /// The panel's `layer` at the window's size now.
        func panel(_ layer: String) throws -> [PanelKey] {
            try kb.refresh()
            let r = session.run(Tools.stackboard, ["keys", "--layout", "qwerty", "--size", "\(kb.info.width)x\(kb.info.height)",
                                                   "--layer", layer])
            try #require(r.status == 0, "stackboard keys --layer \(layer): \(r.stderr)")
            return try r.stdout.split(separator: "\n").map { try JSONDecoder().decode(PanelKey.self, from: Data($0.utf8)) }
        }

        /// Clicks `key` (XTest, as a finger or a mouse would).
        func tap(_ key: PanelKey) { kb.click(x: key.center.x, y: key.center.y) }

        /// Clicks the control of `layer` that writes `value` to `setting`, and waits for the file.
        func change(_ layer: String, _ setting: String, to value: String, also: [String: String] = [:]) throws {
            let key = try #require(try panel(layer).first { $0.setting == setting && $0.value?.text == value },
                                   "no control writing \(setting) = \(value) on \(layer)")
            tap(key)
            try waitForConfig([setting: value].merging(also) { a, _ in a }, "\(setting) = \(value)")
        }

        /// Clicks the key of `layer` that shows `target`.
        func go(_ layer: String, to target: String) throws {
            tap(try #require(try panel(layer).first { $0.to == target }, "no way from \(layer) to \(target)"))
        }

        /// Whether the keyboard has the click device (the fixture's recording) open.
        var soundOpen: Bool {
            let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(kb.child.pid)/fd")) ?? []
            let recording = fx.output.replacingOccurrences(of: "//", with: "/")
            return fds.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(kb.child.pid)/fd/\($0)")) == recording }
        }
    }

    /// The colour of the window's corner (the theme's background), once painted.
    private func corner(_ kb: RunningKeyboard) -> String { (try? kb.pixels([(1, 1)]))?.first ?? "" }

    @Test func fromAFreshStartToADarkLargerGermanAndRussianKeyboardWithoutSoundThatScans() throws {
        let rig = try Rig()
        defer { rig.session.close() }
        let kb = rig.kb
        let start = kb.info
        try kb.session.waitUntil(timeout: 10, "the light theme's background") { corner(kb).lowercased() == "d3d7dd" }
        #expect(rig.soundOpen, "clicks are on at start: the device is open")

        // ⚙ on the typing keys opens the panel.
        let gear = try #require(try kb.keys().first { $0.action == "settings" }, "no ⚙ key on qwerty")
        kb.tap(gear)

        // Dark.
        try rig.change("settings", "theme", to: "dark")
        try kb.session.waitUntil(timeout: 10, "the dark theme's background (\(corner(kb)))") { corner(kb).lowercased() == "16181b" }

        // Larger: the window grows to 125 % of its height.
        try rig.change("settings", "scale", to: "1.25")
        try kb.session.waitUntil(timeout: 10, "the window to grow from \(start.height) px") { (kb.geometry()?.height ?? 0) > start.height }
        try kb.refresh()
        // A third of the 800-pixel screen, times 1.25.
        #expect(kb.info.height == Int((800.0 / 3 * 1.25).rounded()) && kb.info.width == start.width, "\(kb.info)")

        // German and Russian, then English off: the keyboard shows German.
        try rig.go("settings", to: "settings:languages")
        var page = "settings:languages"
        var pages: [String: [PanelKey]] = [:] // the same frames on every page, whatever is on
        func keys(_ name: String) throws -> [PanelKey] {
            if let known = pages[name] { return known }
            let read = try rig.panel(name)
            pages[name] = read
            return read
        }
        func turn(_ language: String, also: [String: String] = [:], expect list: String) throws {
            var steps = 0
            while try !keys(page).contains(where: { $0.label.hasSuffix(language) && $0.action == "setting" }) {
                let next = try #require(try keys(page).last { $0.to?.hasPrefix("settings:languages") == true })
                rig.tap(next)
                page = try #require(next.to)
                steps += 1
                try #require(steps < 12, "no page with \(language)")
            }
            let key = try #require(try keys(page).first { $0.label.hasSuffix(language) })
            rig.tap(key)
            try rig.waitForConfig(["languages": list].merging(also) { a, _ in a }, "turning \(language) over")
        }
        try turn("German", expect: "qwerty,xkb:de")
        try turn("Russian", expect: "qwerty,xkb:de,xkb:ru")
        try turn("English", also: ["layout": "xkb:de"], expect: "xkb:de,xkb:ru")
        try kb.session.waitUntil(timeout: 20, "the keyboard to show German") {
            kb.session.run(Tools.stackboard, ["status", "--layout"]).stdout == "xkb:de\n"
        }
        try rig.go(page, to: "settings")

        // No sound: the click device is let go of.
        try rig.go("settings", to: "settings:sound")
        try rig.change("settings:sound", "sound.enabled", to: "false")
        try kb.session.waitUntil(timeout: 10, "the click device to be closed") { !rig.soundOpen }

        // The summon button, turned on without a restart: hidden, the keyboard leaves it on screen.
        try rig.go("settings:sound", to: "settings:words")
        try rig.change("settings:words", "summon-button", to: "true")
        #expect(kb.stackboard(["hide"]).status == 0)
        try kb.session.waitUntil(timeout: 10, "the summon button on screen") {
            RunningKeyboard.windowInfo(kb.session, name: SummonButtonKeyboardTests.title)?.viewable == true
        }
        #expect(kb.stackboard(["show"]).status == 0)
        try kb.session.waitUntil(timeout: 10, "the summon button gone with the keyboard shown") {
            RunningKeyboard.windowInfo(kb.session, name: SummonButtonKeyboardTests.title)?.viewable == false
        }

        // Dwell: on by a tap (0.5 s), then off again by resting the pointer on its − key (the
        // panel's change lets go of the pointer: the tap's key does not dwell where it rests).
        try rig.go("settings:words", to: "settings:access")
        try rig.change("settings:access", "dwell", to: "500")
        let less = try #require(try rig.panel("settings:access").first { $0.label == "−" && $0.setting == "dwell" })
        kb.pointer([kb.at(less.center.x, less.center.y)])
        try rig.waitForConfig(["dwell": "0"], "resting on the dwell's −")

        // Scanning on, with time to pick: 5 s a row. (The + key stays where it is.)
        let more = try #require(try rig.panel("settings:access").first { $0.label == "+" && $0.setting == "scan.interval" })
        for time in ["1500", "2000", "3000", "5000"] {
            rig.tap(more)
            try rig.waitForConfig(["scan.interval": time, "scan.enabled": "false"], "a scan time of \(time) ms")
        }
        try rig.change("settings:access", "scan.enabled", to: "true")

        // Now a click is the switch: the first picks the first row (the scan time), the second
        // its first key (−).
        let middle = (x: kb.info.width / 2, y: kb.info.height / 2)
        kb.click(x: middle.x, y: middle.y)
        kb.click(x: middle.x, y: middle.y)
        try rig.waitForConfig(["scan.interval": "3000", "scan.enabled": "true"], "a change made by scanning")

        let final = try rig.config()
        for (path, value) in ["theme": "dark", "scale": "1.25", "languages": "xkb:de,xkb:ru", "layout": "xkb:de",
                              "sound.enabled": "false", "summon-button": "true", "scan.enabled": "true", "scan.interval": "3000"] {
            #expect(rig.value(path, in: final) == value, "\(path)")
        }
        #expect(kb.child.poll() == nil, "still running: \(kb.child.stderr)")
        #expect(!kb.child.stderr.contains("cannot"), "\(kb.child.stderr)")
    }
}
