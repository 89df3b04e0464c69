import Foundation
import StackboardBus
import StackboardCore
import Testing

/// Auto-show against a real GTK 3 window on a real AT-SPI bus (at-spi2-core's launcher and registry):
/// the tracker's facts and the policy's decisions as a user moves the focus with clicks (XTest).
@Suite(.serialized) struct AutoShowGtkTests {
    @Test func textPasswordAndButtonGiveShowTextShowPasswordAndHide() throws {
        let x = try XSession()
        defer { x.close() }
        let bus = try BusSession(x: x)
        let loop = trackerLoop(bus)
        #expect(loop.run(timeout: 20) { loop.tracker?.isListening == true }, "tracker never connected: \(loop.notices)")
        let app = try FocusTarget.start(on: bus)

        app.click("text", on: x)
        let text = try #require(loop.waitForShow(.text), "no show for the text entry: \(loop.focusEvents) \(loop.notices) \(loop.decisions)")
        let facts = try #require(loop.lastFacts)
        #expect(facts.role == .text)
        #expect(facts.states.contains(.editable) && facts.states.contains(.focused))
        #expect(facts.attributes["toolkit"] == "gtk")
        #expect(facts.pid == app.child.pid)
        #expect(text.rect == app.widgets["text"], "extents \(String(describing: text.rect)) vs \(String(describing: app.widgets["text"]))")
        // An empty entry has no character at the caret: GTK answers an empty rectangle.
        #expect(text.caret.map { app.widgets["text"]?.intersects($0) == true } ?? true, "caret \(String(describing: text.caret))")

        app.click("password", on: x)
        let password = try #require(loop.waitForShow(.password), "no show for the password entry: \(loop.focusEvents)")
        #expect(password.kind.isSecure)
        #expect(loop.lastFacts?.role == .passwordText)
        #expect(!loop.decisions.contains { $0.0 == .hide }, "hopping between the fields hid the keyboard")

        // GTK 3 does not expose the input purpose: the digits entry is plain text.
        app.click("digits", on: x)
        #expect(loop.waitForShow(.text) != nil)

        app.click("button", on: x)
        #expect(loop.waitForHide(), "the button did not hide it: \(loop.focusEvents)")
        #expect(loop.lastFacts?.role == .pushButton)
        #expect(loop.notices.isEmpty, "\(loop.notices)")
    }

    /// `org.a11y.Status.IsEnabled` as the launcher has it now (nil: no answer).
    static func toolkitAccessibility(_ bus: BusSession) -> Bool? {
        let r = bus.x.run("gdbus", ["call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
                                    "--method", "org.freedesktop.DBus.Properties.Get", "org.a11y.Status", "IsEnabled"],
                          env: bus.environment)
        guard r.status == 0 else { return nil }
        return r.stdout.contains("true")
    }

    /// Firefox, Qt and Chromium expose their fields only with toolkit accessibility on: the tracker
    /// turns it on. It reads what is before the caret of the focused field (the words it learns
    /// must be there), and never a password field's text.
    @Test func theTrackerTurnsToolkitAccessibilityOnAndReadsTheTextBeforeTheCaret() throws {
        let x = try XSession()
        defer { x.close() }
        let bus = try BusSession(x: x)
        let loop = trackerLoop(bus)
        #expect(loop.run(timeout: 20) { loop.tracker?.isListening == true })
        try x.waitUntil(timeout: 20, "toolkit accessibility on") { Self.toolkitAccessibility(bus) == true }
        let app = try FocusTarget.start(on: bus)
        func read(_ limit: Int) -> String?? {
            var got: String??
            loop.tracker?.readTextBeforeCaret(limit: limit) { got = .some($0) }
            loop.run(timeout: 10) { got != nil }
            return got
        }
        app.click("text", on: x)
        #expect(loop.waitForShow(.text) != nil)
        _ = x.run("xdotool", ["type", "--delay", "20", "hello world"])
        #expect(app.child.waitForLine(timeout: 20) { $0 == "changed text 11 hello world" } != nil, "\(app.transcript)")
        #expect(read(5) == .some("world"))
        #expect(read(100) == .some("hello world"))
        app.click("password", on: x)
        #expect(loop.waitForShow(.password) != nil)
        _ = x.run("xdotool", ["type", "--delay", "20", "sekrit"])
        #expect(app.child.waitForLine(timeout: 20) { $0 == "changed password 6 sekrit" } != nil)
        #expect(read(100) == .some(nil), "a password field's text was read")
        app.click("button", on: x)
        #expect(loop.waitForHide())
        #expect(read(100) == .some(nil), "a button has no text to read")
    }

    @Test func theKeyboardsOwnProcessIsIgnored() throws {
        let x = try XSession()
        defer { x.close() }
        let bus = try BusSession(x: x)
        // The window's pid is needed before the second tracker exists: start it, then move the focus
        // to a field the trackers have not seen (GTK focused the text entry before they listened).
        let probe = trackerLoop(bus)
        let app = try FocusTarget.start(on: bus)
        let own = trackerLoop(bus, ownProcess: app.child.pid)
        let both = { probe.step(limit: 0.05); own.step(limit: 0.05) }
        let end = SourceLoop.now() + 20
        while SourceLoop.now() < end, probe.tracker?.isListening != true || own.tracker?.isListening != true { both() }
        app.click("password", on: x)
        // Until the password field's facts: GTK's first focus (the text entry) may come first.
        while SourceLoop.now() < end + 20, probe.lastFacts?.role != .passwordText { both() }
        #expect(probe.lastFacts?.role == .passwordText, "the probe saw no focus")
        app.click("text", on: x)
        while SourceLoop.now() < end + 40, probe.lastFacts?.role != .text { both() }
        #expect(probe.lastFacts?.role == .text, "the probe saw no focus")
        // The probe has its answer; the other tracker got the same events and must have dropped them.
        for _ in 0..<20 { both() }
        #expect(own.decisions.isEmpty, "\(own.decisions)")
        #expect(!own.focusEvents.contains { if case .focused = $0.0 { return true }; return false })
    }
}
