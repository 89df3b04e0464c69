import Foundation
import StackboardBus
import StackboardCore
import Testing

/// Chromium tells a field's input type over AT-SPI (`text-input-type`): in a `type=email` or
/// `type=url` input the keyboard makes no capital by itself and no ". " of two spaces ("x  x"
/// stays), which it does in a text input of the same page ("x. X";
/// Tests/Fixtures/autoshow/addresses.html).
extension RealBrowserTests {
    static let addressFields = ["text": 60, "email": 160, "url": 260]

    @Test(.enabled(if: RealApp.Kind.chromium.isInstalled))
    func chromiumEmailAndUrlInputsGetNoCapitalsNorFullStops() throws {
        let x = try XSession()
        defer { x.close() }
        let bus = try BusSession(x: x)
        let kb = try AppKeyboard(on: bus, autoShow: false, autocapitalize: true)
        // The test's own tracker says when Chromium has told the bus of each focus (the
        // keyboard's hears the same signals), and that it tells the input types.
        let loop = trackerLoop(bus)
        #expect(loop.run(timeout: 20) { loop.tracker?.isListening == true })
        let page = "file://" + Tools.repoRoot + "/Tests/Fixtures/autoshow/addresses.html"
        let browser = try x.spawn("chromium", ["--no-sandbox", "--kiosk", "--force-renderer-accessibility", "--no-first-run",
                                               "--disable-gpu", "--user-data-dir=\(x.dir)/chromium", page], env: bus.environment)
        var window: WindowInfo?
        try browser.waitUntil(timeout: 90, "Chromium's window with the page") {
            let ids = x.run("xdotool", ["search", "--onlyvisible", "--name", "^stackboard addresses"]).stdout
                .split(separator: "\n").compactMap { UInt($0) }
            window = ids.compactMap { RunningKeyboard.windowInfo(x, id: String($0)) }
                .filter(\.viewable).max { $0.width * $0.height < $1.width * $1.height }
            return window != nil
        }
        let page0 = try #require(window)
        func click(_ name: String) {
            let top = Self.addressFields[name] ?? 0
            _ = x.run("xdotool", ["mousemove", "\(page0.x + 250)", "\(page0.y + top + 20)", "click", "1"])
        }
        func value(_ name: String) -> String? {
            let out = x.run("xprop", ["-id", page0.id, "_NET_WM_NAME"]).stdout
            guard let start = out.firstIndex(of: "\""), let end = out.lastIndex(of: "\""), start < end else { return nil }
            for part in out[out.index(after: start)..<end].split(separator: " ") where part.hasPrefix(name + "=") {
                return String(part.dropFirst(name.count + 1)).removingPercentEncoding
            }
            return nil
        }
        let q = try #require(try kb.keys(layout: "qwerty", layer: "letters").first { $0.label == "q" })
        let label = (2...8).flatMap { i in (2...8).map { j in (q.x + q.width * i / 10, q.y + q.height * j / 10) } }
        // The q key's look with the shift latched: the user's shift, tapped once, then twice more (locked, off).
        let lower = try kb.keyboard.pixels(label)
        try kb.tap(KeyTap.keys(["⇧"]))
        try x.waitUntil(timeout: 20, "the user's shift latched") { (try? kb.keyboard.pixels(label)) != lower }
        let upper = try kb.keyboard.pixels(label)
        try kb.tap(KeyTap.keys(["⇧", "⇧"]))
        try x.waitUntil(timeout: 20, "the user's shift off") { (try? kb.keyboard.pixels(label)) == lower }
        let taps = KeyTap.keys(["x", "space", "space", "x"])

        // The text input, empty: the shift latches at its start (the q key shows Q) once the
        // keyboard has read it; Chromium tells the bus about its page a little after it shows it.
        let latched = Wait.until(timeout: 60, interval: 0) {
            click("text")
            return Wait.until(timeout: 3, interval: 0.05) { (try? kb.keyboard.pixels(label)) == upper }
        }
        try #require(latched, "the shift never latched in Chromium's empty text input: \(kb.child.stderr)")
        // "x  x": two spaces make ". " and the next letter is a capital (the keyboard's own record
        // says so); the first letter is one too unless a late window activation took the field's
        // start away until it was read again.
        try kb.tap(taps)
        #expect(Wait.until(timeout: 20, interval: 0.05) { ["x. X", "X. X"].contains(value("text") ?? "") },
                "text: \(value("text") ?? "nothing")")

        for (name, kind) in [("email", FieldKind.email), ("url", .url)] {
            click(name)
            #expect(loop.waitForShow(kind, timeout: 20) != nil, "Chromium's \(name) input: \(loop.focusEvents.suffix(3))")
            try kb.tap(taps)
            #expect(Wait.until(timeout: 20, interval: 0.05) { value(name) == "x  x" }, "\(name): \(value(name) ?? "nothing")")
        }
        kb.child.signal(SIGTERM)
        #expect(kb.child.wait(timeout: 20) == 0, "\(kb.child.stderr)")
    }
}
