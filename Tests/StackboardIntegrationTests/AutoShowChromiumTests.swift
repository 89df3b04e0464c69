import Foundation
import StackboardBus
import StackboardCore
import Testing

/// Auto-show against Debian's Chromium in kiosk mode on a local page (Tests/Fixtures/autoshow/fields.html,
/// whose inputs sit at fixed places: 300x40 at x 100, y 60, 160, ...). Chromium needs
/// ACCESSIBILITY_ENABLED=1 (or org.a11y.Status.IsEnabled) to join the accessibility bus at all, and
/// --force-renderer-accessibility for the page's contents.
@Suite(.serialized) struct AutoShowChromiumTests {
    static let fields = ["text": 60, "password": 160, "numeric": 260, "number": 360, "tel": 460, "button": 560]

    func click(_ name: String, on x: XSession) {
        let y = (AutoShowChromiumTests.fields[name] ?? 0) + 20
        _ = x.run("xdotool", ["mousemove", "250", "\(y)", "click", "1"])
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")))
    func inputsShowTheirKindsAndTheButtonHides() throws {
        let x = try XSession()
        defer { x.close() }
        let bus = try BusSession(x: x)
        let loop = trackerLoop(bus)
        #expect(loop.run(timeout: 20) { loop.tracker?.isListening == true })
        let page = "file://" + Tools.repoRoot + "/Tests/Fixtures/autoshow/fields.html"
        _ = try x.spawn("chromium", ["--no-sandbox", "--kiosk", "--force-renderer-accessibility", "--no-first-run",
                                     "--disable-gpu", "--user-data-dir=\(x.dir)/chromium", page],
                        env: bus.environment.merging(["ACCESSIBILITY_ENABLED": "1"]) { $1 })
        // Chromium takes seconds to start: click the text field until it is reported.
        var text: FieldRequest?
        let end = SourceLoop.now() + 90
        while text == nil, SourceLoop.now() < end {
            click("text", on: x)
            text = loop.waitForShow(.text, timeout: 3)
        }
        let r = try #require(text, "Chromium's text input never showed the keyboard: \(loop.focusEvents.suffix(5))")
        #expect(loop.lastFacts?.role == .entry)
        #expect(loop.lastFacts?.attributes["text-input-type"] == "text")
        #expect(r.rect.map { abs($0.x - 100) <= 2 && abs($0.y - 60) <= 2 } == true, "extents \(String(describing: r.rect))")

        click("password", on: x)
        #expect(loop.waitForShow(.password) != nil, "\(loop.focusEvents.suffix(3))")
        click("number", on: x)
        #expect(loop.waitForShow(.number) != nil, "\(loop.focusEvents.suffix(3))")
        #expect(loop.lastFacts?.role == .spinButton)
        click("tel", on: x)
        #expect(loop.waitForShow(.phone) != nil, "\(loop.focusEvents.suffix(3))")
        // inputmode=numeric is not exposed by Chromium 156: a text field.
        click("numeric", on: x)
        #expect(loop.waitForShow(.text) != nil, "\(loop.focusEvents.suffix(3))")
        #expect(loop.lastFacts?.attributes["inputmode"] == nil)
        #expect(!loop.decisions.contains { $0.0 == .hide }, "hopping between inputs hid the keyboard")

        click("button", on: x)
        #expect(loop.waitForHide(), "the button did not hide it: \(loop.focusEvents.suffix(3))")
    }
}
