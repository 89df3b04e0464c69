import Foundation
import Testing

/// Every scan mode types a sentence into a GTK 3 entry by switches alone: the tests never tap a
/// key. They read what is highlighted from the keyboard itself (`stackboard status --scan`) and
/// choose the next switch from it, as a user looking at the screen would: step scanning with the
/// mouse's buttons on the keyboard, directed scanning with `stackboard switch` and D-Bus, auto
/// and inverse scanning with `stackboard switch 1` against the timer.
@Suite(.serialized) struct ScanModesTests {
    static let sentence = "hi there"
    static let quiet = ["--suggestions", "0", "--no-autocapitalize", "--no-autocorrect", "--scan-pattern", "row-key"]

    /// A keyboard scanning in `mode` over the focused text entry of a GTK 3 window.
    final class Rig {
        let x: XSession
        let bus: BusSession
        let app: FocusTarget
        let kb: RunningKeyboard
        let keys: [ReportedKey]

        init(_ args: [String]) throws {
            x = try XSession()
            bus = try BusSession(x: x, accessibility: false)
            app = try FocusTarget.start(on: bus)
            app.click("text", on: x)
            kb = try RunningKeyboard(x, ScanModesTests.quiet + args, env: bus.environment)
            keys = try kb.keys()
        }

        /// The key that types `c` on the layer shown (space: the space bar).
        func key(for c: Character) throws -> ReportedKey {
            try #require(keys.first { c == " " ? $0.action == "space" : $0.label == String(c) }, "no key types '\(c)'")
        }

        /// What is highlighted: its keys, and whether it is a back step.
        func highlight() -> (keys: [Int], back: Bool)? {
            let line = x.run(Tools.stackboard, ["status", "--scan"], env: bus.environment).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
            guard !line.isEmpty, line != "off", line != "none" else { return nil }
            let words = line.split(separator: " ")
            let back = words.first == "back"
            return (words.dropFirst(back ? 1 : 0).compactMap { Int($0) }, back)
        }

        /// Waits until the highlight is not `old` any more; returns it.
        func nextHighlight(after old: (keys: [Int], back: Bool)?) throws -> (keys: [Int], back: Bool) {
            var now = highlight()
            try x.waitUntil(timeout: 10, "the highlight to move on from \(String(describing: old))") {
                now = highlight()
                return now != nil && (now?.keys != old?.keys || now?.back != old?.back)
            }
            return try #require(now)
        }

        /// `stackboard switch N press|release`.
        func switchCommand(_ number: Int, _ pressed: Bool) {
            let r = x.run(Tools.stackboard, ["switch", String(number), pressed ? "press" : "release"], env: bus.environment)
            #expect(r.status == 0, "stackboard switch: \(r.stderr)")
        }

        /// Waits until the entry holds `text`, then reads the highlight afresh (a pick may leave it
        /// where it was: a key alone at the top).
        func afterTyping(_ text: String) throws -> (keys: [Int], back: Bool) {
            try x.waitUntil(timeout: 10, "the entry to hold '\(text)' (it holds '\(app.text("text") ?? "")')") { app.text("text") == text }
            return try nextHighlight(after: nil)
        }

        /// The entry's text once it is `expected` (else what it was).
        func typed(_ expected: String) -> String? {
            _ = Wait.until(timeout: 10, interval: 0.05) { app.text("text") == expected }
            return app.text("text")
        }
    }

    /// The next pick for `target` where `h` is highlighted: select enters (or types), else next.
    static func selects(_ h: (keys: [Int], back: Bool), _ target: Int) -> Bool { !h.back && h.keys.contains(target) }

    @Test func stepScanningTypesWithTheMousesButtonsOnTheKeyboard() throws {
        let rig = try Rig(["--scan-mode", "step"])   // next=button1, select=button3
        let kb = rig.kb
        let corner = try #require(rig.keys.first)
        kb.xdotool(["mousemove"] + kb.at(corner.center.x, corner.center.y).split(separator: ",").map(String.init))
        var h = try rig.nextHighlight(after: nil)
        var sent = ""
        for c in Self.sentence {
            let target = try rig.key(for: c).index
            while true {
                let select = Self.selects(h, target)
                kb.xdotool(["click", select ? "3" : "1"])
                if select && h.keys == [target] { break }
                h = try rig.nextHighlight(after: h)
            }
            sent.append(c)
            h = try rig.afterTyping(sent)
        }
        #expect(rig.typed(Self.sentence) == Self.sentence)
    }

    @Test func directedScanningTypesWithNumberedSwitchesFromTheCommandLineAndDBus() throws {
        let rig = try Rig(["--scan-mode", "directed"])
        let rows = Array(Set(rig.keys.map(\.y))).sorted()
        let byIndex = Dictionary(uniqueKeysWithValues: rig.keys.map { ($0.index, $0) })
        var h = try rig.nextHighlight(after: nil)
        var dbusSelects = 0
        for c in Self.sentence {
            let target = try rig.key(for: c)
            while h.keys != [target.index] {
                let at = try #require(h.keys.first.flatMap { byIndex[$0] })
                let row = rows.firstIndex(of: at.y) ?? 0, goal = rows.firstIndex(of: target.y) ?? 0
                let number = row < goal ? 3 : row > goal ? 2 : at.x < target.x ? 5 : 4   // down, up, right, left
                rig.switchCommand(number, true)
                rig.switchCommand(number, false)
                h = try rig.nextHighlight(after: h)
            }
            // Select over D-Bus, as a sensor's own driver would.
            for pressed in [true, false] {
                let r = rig.x.run("gdbus", ["call", "--session", "--dest", "org.stackboard.Keyboard", "--object-path",
                                            "/org/stackboard/Keyboard", "--method", "org.stackboard.Keyboard.Switch", "1", "\(pressed)"],
                                  env: rig.bus.environment)
                #expect(r.status == 0, "Switch over D-Bus: \(r.stderr)")
            }
            dbusSelects += 1
            _ = Wait.until(timeout: 5, interval: 0.02) { rig.app.text("text")?.count == dbusSelects }
        }
        #expect(rig.typed(Self.sentence) == Self.sentence)
        // What is not a switch says what to give.
        let six = rig.x.run(Tools.stackboard, ["switch", "6", "press"])
        #expect(six.status == 2 && six.stderr.contains("give 1 to 5"), "\(six.stderr)")
        let push = rig.x.run(Tools.stackboard, ["switch", "1", "push"])
        #expect(push.status == 2 && push.stderr.contains("press or release"), "\(push.stderr)")
    }

    @Test func autoScanningTypesWithOneSwitchAgainstTheTimer() throws {
        let rig = try Rig(["--scan-mode", "auto", "--scan-interval", "400", "--layout", "scan"])
        var h = try rig.nextHighlight(after: nil)
        var sent = ""
        for c in Self.sentence {
            let target = try rig.key(for: c).index
            while true {
                if Self.selects(h, target) {
                    rig.switchCommand(1, true)
                    rig.switchCommand(1, false)
                    if h.keys == [target] { break }
                }
                h = try rig.nextHighlight(after: h)
            }
            sent.append(c)
            h = try rig.afterTyping(sent)
        }
        #expect(rig.typed(Self.sentence) == Self.sentence)
    }

    @Test func inverseScanningTypesByHoldingAndReleasingOneSwitch() throws {
        let rig = try Rig(["--scan-mode", "inverse", "--scan-interval", "400", "--layout", "scan"])
        var h = try rig.nextHighlight(after: nil)
        var sent = ""
        for c in Self.sentence {
            let target = try rig.key(for: c).index
            while true {
                // Held until the highlight reaches the target's group or key, then released: a pick.
                rig.switchCommand(1, true)
                while !Self.selects(h, target) { h = try rig.nextHighlight(after: h) }
                rig.switchCommand(1, false)
                if h.keys == [target] { break }
                h = try rig.nextHighlight(after: h)
            }
            sent.append(c)
            h = try rig.afterTyping(sent)
        }
        #expect(rig.typed(Self.sentence) == Self.sentence)
    }

    /// A switch box of its own (a second master device's XTEST keyboard under Xvfb): its key
    /// "7" reaches the entry while nobody takes the device; once the keyboard takes it with
    /// `--scan-device`, its keys 2 (next) and 1 (select) type "hi" by step scanning, and none of
    /// its digits reaches the entry.
    @Test func aSwitchDeviceOfItsOwnScansAndItsKeysReachNoApplication() throws {
        let x = try XSession()
        let bus = try BusSession(x: x, accessibility: false)
        let app = try FocusTarget.start(on: bus)
        app.click("text", on: x)
        let box = try Tools.cTool("switchbox", libs: ["-lX11", "-lXi", "-lXtst"])
        func run(_ args: [String]) {
            let r = x.run(box, args)
            #expect(r.status == 0, "switchbox \(args): \(r.stderr)")
        }
        run(["add", "Switch"])
        run(["focus", "Switch keyboard", String(app.xid)])
        let device = "Switch XTEST keyboard"
        func key(_ name: String) { run(["key", device, name, "press"]); run(["key", device, name, "release"]) }
        key("7")
        #expect(Wait.until(timeout: 10, interval: 0.05) { app.text("text") == "7" }, "the box's key reaches the entry untaken: \(app.text("text") ?? "nothing")")
        let kb = try RunningKeyboard(x, Self.quiet + ["--scan-mode", "step", "--scan-device", device], env: bus.environment)
        let keys = try kb.keys()
        let rig = (x: x, env: bus.environment)
        func highlight() -> [Int] {
            x.run(Tools.stackboard, ["status", "--scan"], env: rig.env).stdout.split(separator: " ")
                .compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        var h: [Int] = []
        try x.waitUntil(timeout: 10, "a highlight") { h = highlight(); return !h.isEmpty }
        var sent = "7"
        for c in "hi" {
            let target = try #require(keys.first { $0.label == String(c) }).index
            while true {
                let select = h.contains(target)
                let before = h
                key(select ? "1" : "2")
                if select && h == [target] { break }
                try x.waitUntil(timeout: 10, "the highlight to move on from \(before)") { h = highlight(); return h != before && !h.isEmpty }
            }
            sent.append(c)
            try x.waitUntil(timeout: 10, "the entry to hold '\(sent)' (it holds '\(app.text("text") ?? "")')") { app.text("text") == sent }
            try x.waitUntil(timeout: 10, "a highlight") { h = highlight(); return !h.isEmpty }
        }
        #expect(app.text("text") == "7hi", "no digit of the box reached the entry")
    }
}
