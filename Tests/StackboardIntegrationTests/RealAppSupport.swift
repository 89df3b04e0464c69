import Foundation
import StackboardCore
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A real application the tests type into, started on its own X session and session bus as a
/// user's desktop starts it: nothing in its environment turns accessibility on (the keyboard sets
/// org.a11y.Status.IsEnabled itself). Its fields are named alike in every one: `text`, `password`,
/// `number` and `button` (xterm has only `text`, the whole terminal). What arrived is read back
/// from the application itself: the test windows' `changed` lines (Tests/Tools), a browser's
/// window name (Tests/Fixtures/autoshow/fields.html puts every value in its title), or the
/// bytes xterm sent to the program running in it (Tests/Tools/xterm-target.py).
struct RealApp {
    /// The applications, each as Debian 12 ships it.
    enum Kind: String, CaseIterable, CustomStringConvertible, Sendable {
        case gtk3, gtk4, qt5, qt6, xterm, firefox, chromium

        var description: String { rawValue }

        /// Whether it tells AT-SPI that its number field is one (all but xterm say spin button:
        /// GtkSpinButton in GTK 3 and 4, QSpinBox, and `<input type=number>` in both browsers).
        var exposesNumbers: Bool { self != .xterm }

        /// Whether the program can run here.
        var isInstalled: Bool {
            switch self {
            case .gtk3: return Self.hasTypelib("Gtk-3.0")
            case .gtk4: return Self.hasTypelib("Gtk-4.0")
            case .qt5: return FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/PyQt5")
            case .qt6: return FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/PyQt6")
            case .xterm: return FileManager.default.isExecutableFile(atPath: "/usr/bin/xterm")
            case .firefox: return FileManager.default.isExecutableFile(atPath: "/usr/bin/firefox-esr")
            case .chromium: return FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")
            }
        }

        /// Whether GObject introspection's data for `name` (gir1.2-gtk-3.0, gir1.2-gtk-4.0) is installed.
        private static func hasTypelib(_ name: String) -> Bool {
            ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib"].contains {
                FileManager.default.fileExists(atPath: "\($0)/girepository-1.0/\(name).typelib")
            }
        }
    }

    /// Where a field's text is read back from.
    private enum Reader {
        /// The test window's `changed` lines.
        case lines(FocusTarget)
        /// The browser window's name: `stackboard fields NAME=VALUE ...`, values percent-encoded.
        case title
    }

    let kind: Kind
    let session: XSession
    let child: Child
    /// The application's toplevel X window.
    let xid: UInt
    /// Field name to its root-window rectangle.
    let widgets: [String: Rect]
    private let reader: Reader

    /// fields.html's inputs: their tops in page pixels (each 300x40 at x 100).
    static let pageFields = ["text": 60, "password": 160, "number": 360, "button": 560]

    /// Starts `kind` on `bus`'s display and session bus and waits until its window is viewable
    /// (a browser: until its window shows the page's title).
    static func start(_ kind: Kind, on bus: BusSession, env extra: [String: String] = [:]) throws -> RealApp {
        let tools = Tools.repoRoot + "/Tests/Tools/"
        let python = "/usr/bin/python3" // Debian's, with python3-gi and PyQt (not a pyenv one on PATH)
        let target: FocusTarget
        switch kind {
        case .gtk3: target = try FocusTarget.start(on: bus, env: extra, spin: true)
        case .gtk4: target = try FocusTarget.start(python, [tools + "gtk4-target.py"], name: "the GTK 4 target", on: bus, env: extra)
        case .qt5, .qt6:
            target = try FocusTarget.start(python, [tools + "qt-target.py", "--qt", kind == .qt5 ? "5" : "6"],
                                           name: "the \(kind) target", on: bus, env: extra)
        case .xterm: target = try FocusTarget.start(python, [tools + "xterm-target.py"], name: "xterm", on: bus, env: extra)
        case .firefox, .chromium: return try startBrowser(kind, on: bus, env: extra)
        }
        return RealApp(kind: kind, session: bus.x, child: target.child, xid: target.xid, widgets: target.widgets,
                       reader: .lines(target))
    }

    /// Firefox ESR or Chromium in kiosk mode on fields.html, with a fresh profile in the session's
    /// folder. Chromium needs --force-renderer-accessibility for the page's contents: without
    /// it, it exposes its window but no field of the page, whatever IsEnabled says.
    private static func startBrowser(_ kind: Kind, on bus: BusSession, env extra: [String: String]) throws -> RealApp {
        let x = bus.x
        let page = "file://" + Tools.repoRoot + "/Tests/Fixtures/autoshow/fields.html"
        let child: Child
        if kind == .firefox {
            let profile = x.dir + "/firefox"
            try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true)
            // A first start's own pages (welcome, privacy notice) would open over the page in a
            // kiosk's only visible tab. Nothing here is about accessibility.
            try """
            user_pref("browser.aboutwelcome.enabled", false);
            user_pref("browser.startup.homepage_override.mstone", "ignore");
            user_pref("browser.shell.checkDefaultBrowser", false);
            user_pref("datareporting.policy.dataSubmissionEnabled", false);
            user_pref("datareporting.policy.firstRunURL", "");
            user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
            user_pref("browser.sessionstore.resume_from_crash", false);
            """.write(toFile: profile + "/user.js", atomically: true, encoding: .utf8)
            child = try x.spawn("firefox-esr", ["--kiosk", "--no-remote", "--profile", profile, page],
                                env: bus.environment.merging(extra) { $1 })
        } else {
            child = try x.spawn("chromium", ["--no-sandbox", "--kiosk", "--force-renderer-accessibility", "--no-first-run",
                                             "--disable-gpu", "--user-data-dir=\(x.dir)/chromium", page],
                                env: bus.environment.merging(extra) { $1 })
        }
        // The page's title is the window's name once the page is loaded.
        var window: WindowInfo?
        try child.waitUntil(timeout: 90, "\(kind)'s window with the page") {
            let ids = x.run("xdotool", ["search", "--onlyvisible", "--name", "^stackboard fields"]).stdout
                .split(separator: "\n").compactMap { UInt($0) }
            window = ids.compactMap { RunningKeyboard.windowInfo(x, id: String($0)) }
                .filter(\.viewable).max { $0.width * $0.height < $1.width * $1.height }
            return window != nil
        }
        let info = try #require(window)
        let xid = try #require(UInt(info.id.dropFirst(2), radix: 16))
        // Kiosk mode: the page fills the window, which has no browser chrome.
        var widgets: [String: Rect] = [:]
        for (name, top) in pageFields {
            widgets[name] = Rect(x: info.x + 100, y: info.y + top, width: 300, height: 40)
        }
        return RealApp(kind: kind, session: x, child: child, xid: xid, widgets: widgets, reader: .title)
    }

    /// Clicks the middle of field `name` (XTest), which gives it the focus.
    func click(_ name: String) {
        guard let r = widgets[name] else { return }
        _ = session.run("xdotool", ["mousemove", "\(r.x + r.width / 2)", "\(r.y + r.height / 2)", "click", "1"])
    }

    /// Field `name`'s text as the application last reported it; nil before any change.
    func text(_ name: String) -> String? {
        switch reader {
        case .lines(let target):
            return target.text(name)
        case .title:
            let out = session.run("xprop", ["-id", String(xid), "_NET_WM_NAME"]).stdout
            guard let start = out.firstIndex(of: "\""), let end = out.lastIndex(of: "\""), start < end else { return nil }
            let title = out[out.index(after: start)..<end]
            guard title.hasPrefix("stackboard fields ") else { return nil }
            for part in title.split(separator: " ") where part.hasPrefix(name + "=") {
                return String(part.dropFirst(name.count + 1)).removingPercentEncoding
            }
            return nil
        }
    }

    /// Waits until field `name` holds exactly `expected`; returns whether it did.
    @discardableResult
    func waitForText(_ name: String, _ expected: String, timeout: Double = 20) -> Bool {
        Wait.until(timeout: timeout, interval: 0.05) { text(name) == expected }
    }

    /// What the application printed and logged: for a failure's message.
    var transcript: String {
        "\(kind) stdout: \(child.stdout.suffix(400)) stderr: \(child.stderr.suffix(600))"
    }
}

/// One tap on the keyboard window: the key labelled `label` (or, for keys without a label such as
/// space, whose action is `label`) on `layer` of `layout`, or with `long`, a press held until the
/// alternates popup opens and released there (its first option).
struct KeyTap {
    let layout: String
    let layer: String
    let label: String
    var long = false

    /// Taps of `layer` of `layout`, one per label.
    static func keys(_ labels: [String], layout: String = "qwerty", layer: String = "letters") -> [KeyTap] {
        labels.map { KeyTap(layout: layout, layer: layer, label: $0) }
    }
}

/// The keyboard as the real-application tests run it, seen from outside: docked at the bottom
/// (below every test window and the page's button), qwerty first with a 🌐 key through
/// `languages` (qwerty, xkb:hu for ő, xkb:ru for Cyrillic), taps on its window through XTest.
final class AppKeyboard {
    /// The keyboard's languages: what its 🌐 key cycles through.
    static let languages = "qwerty,xkb:hu,xkb:ru"
    /// Where it is docked: the bottom 200 pixels of the 1280x800 screen.
    static let geometry = "1280x200"

    let keyboard: RunningKeyboard
    var session: XSession { keyboard.session }
    var child: Child { keyboard.child }

    /// Key frames by layout, layer and window size, shared by every test of the run: the same
    /// for every keyboard started as this one is, and `stackboard keys` takes up to 0.8 s for an
    /// xkb: layout (seconds per test otherwise).
    private final class FrameCache: @unchecked Sendable {
        private let lock = NSLock()
        private var frames: [String: [ReportedKey]] = [:]

        func frames(_ key: String, _ make: () throws -> [ReportedKey]) rethrows -> [ReportedKey] {
            lock.lock()
            let known = frames[key]
            lock.unlock()
            if let known { return known }
            let made = try make()
            lock.lock(); frames[key] = made; lock.unlock()
            return made
        }
    }
    private static let frameCache = FrameCache()

    /// Starts `stackboard` on `bus` (with `--auto-show` unless `autoShow` is false: then shown at
    /// once; `--no-autocapitalize` unless `autocapitalize`) and waits until its state says so; with auto-show, also until its focus events are
    /// registered (an application that starts before then would never tell it of its focus).
    init(on bus: BusSession, autoShow: Bool = true, autocapitalize: Bool = false, extra: [String] = []) throws {
        // No capital by itself unless asked: the taps' text arrives exactly as tapped, whenever
        // a field is read.
        let args = ["--dock", "bottom", "--geometry", Self.geometry, "--languages", Self.languages]
            + (autocapitalize ? [] : ["--no-autocapitalize"]) + (autoShow ? ["--auto-show"] : []) + extra
        keyboard = try RunningKeyboard(bus.x, args, env: bus.environment, until: autoShow ? "hidden" : "shown")
        if autoShow { try AutoShowKeyboardTests.waitUntilListening(bus) }
    }

    /// The keys of `layer` of `layout` at the window's size now, as `stackboard keys` lays them out.
    func keys(layout: String, layer: String) throws -> [ReportedKey] {
        let g = try #require(keyboard.geometry(), "no keyboard window")
        let size = "\(g.width)x\(g.height)"
        return try Self.frameCache.frames("\(layout) \(layer) \(size)") {
            try RunningKeyboard.keys(session, layout: layout, size: size, layer: layer, languages: Self.languages)
        }
    }

    /// Taps `taps` on the keyboard window at about ten a second (100 ms between one tap's release
    /// and the next press, as a quick typist), in one run of the pointer tool up to each long press.
    func tap(_ taps: [KeyTap]) throws {
        let g = try #require(keyboard.geometry(), "no keyboard window")
        let pointer = try Tools.cTool("pointer", libs: ["-lX11", "-lXtst"])
        var steps: [String] = []
        func flush() throws {
            guard !steps.isEmpty else { return }
            let r = session.run(pointer, steps, timeout: 60)
            try #require(r.status == 0, "pointer \(steps): \(r.stderr)")
            steps = []
        }
        for tap in taps {
            guard let k = try keys(layout: tap.layout, layer: tap.layer).first(where: { $0.label == tap.label || ($0.label.isEmpty && $0.action == tap.label) }) else {
                throw XSession.Failure(description: "no key '\(tap.label)' on \(tap.layout)'s layer \(tap.layer)")
            }
            let point = "\(g.x + k.center.x),\(g.y + k.center.y)"
            guard tap.long else {
                steps += [point, "tap", "pause:100"]
                continue
            }
            try flush()
            steps = [point, "press"]
            try flush()
            try session.waitUntil(timeout: 10, "the alternates popup of '\(tap.label)'") {
                WindowAlternatesTests.viewablePopup(session) != nil
            }
            steps = ["up", "pause:100"]
            try flush()
        }
        try flush()
    }

    /// Points across the suggestion bar's first slot, where the lock appears (window pixels).
    func lockPoints() throws -> [(Int, Int)] {
        try PasswordFieldKeyboardTests.lockPoints(keys(layout: "qwerty", layer: "letters"))
    }

    /// Whether the suggestion bar shows the lock now. The lock is 🔒 in colour (Noto Color Emoji)
    /// and everything else on the bar is grey (the light theme's words and rules): a coloured pixel
    /// across the first slot is the lock, whatever word the bar showed before.
    func showsLock() throws -> Bool {
        guard let window = RunningKeyboard.windowInfo(session, name: "Stackboard"), window.viewable else { return false }
        let slot = try #require(try keys(layout: "qwerty", layer: "letters").filter { $0.action == "suggestion" }.min { $0.x < $1.x })
        let points = stride(from: slot.x + 2, to: slot.x + slot.width - 2, by: 2).flatMap { x in
            stride(from: slot.y + 2, to: slot.y + slot.height - 2, by: 3).map { (x, $0) }
        }
        return try RunningKeyboard.pixels(session, window: window.id, points).contains { hex in
            guard hex.count == 6, let v = UInt32(hex, radix: 16) else { return false }
            let r = Int(v >> 16 & 0xff), g = Int(v >> 8 & 0xff), b = Int(v & 0xff)
            return max(r, g, b) - min(r, g, b) > 80
        }
    }

    /// Ends the keyboard with SIGTERM (it saves what it learned) and returns the entries it learned
    /// in every language: the lines of each `words-LANGUAGE.txt` in the session's data folder but
    /// their header (`w<tab>COUNT<tab>LAST<tab>WORD`, and `p` lines for pairs of words).
    func stopAndReadLearned() throws -> [String] {
        keyboard.child.signal(SIGTERM)
        let status = keyboard.child.wait(timeout: 20)
        #expect(status == 0, "the keyboard's exit: \(String(describing: status)) \(keyboard.child.stderr.suffix(600))")
        let folder = session.dir + "/data/stackboard"
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { $0.hasPrefix("words-") && $0.hasSuffix(".txt") }.sorted().flatMap { file in
            ((try? String(contentsOfFile: folder + "/" + file, encoding: .utf8)) ?? "").split(separator: "\n").dropFirst().map(String.init)
        }
    }

    /// Whether `entries` (from `stopAndReadLearned`) hold `word` as a learned word.
    static func learned(_ word: String, in entries: [String]) -> Bool {
        entries.contains { $0.hasPrefix("w\t") && $0.hasSuffix("\t" + word) }
    }
}
