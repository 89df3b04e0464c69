import CX11
import Foundation
import StackboardCore
import Testing

/// The keyboard with `--auto-show`, end to end: its own Xvfb, openbox, session bus and AT-SPI bus,
/// a GTK 3 window with a text entry, a password entry and a button. The keyboards make no capital
/// by themselves (`--no-autocapitalize`): the taps arrive as tapped.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/libexec/at-spi-bus-launcher"),
                "at-spi2-core is not installed (scripts/setup.sh installs it)"))
struct AutoShowKeyboardTests {
    /// Waits until the keyboard's focus events are registered with the AT-SPI registry (an
    /// application that starts before that would never tell it about its focus).
    static func waitUntilListening(_ bus: BusSession) throws {
        try bus.x.waitUntil(timeout: 30, "the keyboard's AT-SPI event registration") {
            guard let address = bus.accessibilityAddress() else { return false }
            let r = bus.x.run("gdbus", ["call", "--address", address, "--dest", "org.a11y.atspi.Registry",
                                        "--object-path", "/org/a11y/atspi/registry",
                                        "--method", "org.a11y.atspi.Registry.GetRegisteredEvents"], env: bus.environment, timeout: 10)
            return r.stdout.lowercased().contains("statechanged:focused")
        }
    }

    /// Types `text` by tapping its letters on the keyboard.
    static func type(_ text: String, on keyboard: RunningKeyboard) throws {
        for c in text {
            try keyboard.tap { ($0["action"] as? String) == "text" && ($0["text"] as? String) == String(c) }
        }
    }

    @Test func aTextFieldShowsTheKeyboardTapsTypeIntoItAndAButtonHidesIt() throws {
        let x = try XSession()
        defer { x.close() }
        let bus = try BusSession(x: x)
        let keyboard = try RunningKeyboard(x, ["--auto-show", "--no-autocapitalize"], env: bus.environment, until: "hidden")
        try Self.waitUntilListening(bus)
        let app = try FocusTarget.start(on: bus)

        app.click("text", on: x)
        try keyboard.waitForState("shown")
        try Self.type("hi", on: keyboard)
        #expect(app.child.waitForLine(timeout: 20) { $0 == "changed text 2 hi" } != nil, "\(app.child.stdout.suffix(200))")
        // The entry kept the focus through the taps: the keyboard is still shown.
        #expect(keyboard.stackboard(["status"]).stdout == "shown\n")

        app.click("button", on: x)
        try keyboard.waitForState("hidden")

        app.click("password", on: x)
        try keyboard.waitForState("shown")
        try Self.type("pwd", on: keyboard)
        try keyboard.tap { ($0["action"] as? String) == "space" }
        #expect(app.child.waitForLine(timeout: 20) { $0 == "changed password 4 pwd " } != nil)
        #expect(keyboard.child.stdout.isEmpty && !keyboard.child.stderr.contains("pwd"))
        // A word typed in a password field is never learned, not even once a space ended it.
        keyboard.child.signal(SIGTERM)
        #expect(keyboard.child.wait(timeout: 20) == 0, "\(keyboard.child.stderr)")
        let learned = (try? String(contentsOfFile: x.dir + "/data/stackboard/words-en.txt", encoding: .utf8)) ?? ""
        #expect(!learned.contains("pwd"), "a password was learned: \(learned)")
    }

    @Test func aFieldFocusedBeforeTheKeyboardStartsShowsItAtOnce() throws {
        let x = try XSession()
        defer { x.close() }
        let bus = try BusSession(x: x)
        let app = try FocusTarget.start(on: bus)
        app.click("text", on: x)
        #expect(app.child.waitForLine(timeout: 20) { $0.hasPrefix("focus text ") } != nil, "\(app.transcript)")
        // No focus event will come: the keyboard finds the focused field when it starts.
        let keyboard = try RunningKeyboard(x, ["--auto-show", "--no-autocapitalize"], env: bus.environment, until: "shown")
        try Self.type("hi", on: keyboard)
        #expect(app.child.waitForLine(timeout: 20) { $0 == "changed text 2 hi" } != nil, "\(app.transcript)")
    }

    @Test func aFloatingKeyboardMovesOutOfTheFieldsWay() throws {
        let x = try XSession()
        defer { x.close() }
        let bus = try BusSession(x: x)
        // A keyboard over the middle of the screen, where openbox puts the GTK window.
        let keyboard = try RunningKeyboard(x, ["--auto-show", "--no-autocapitalize", "--geometry", "1280x300+0+250"],
                                           env: bus.environment, until: "hidden")
        try Self.waitUntilListening(bus)
        let app = try FocusTarget.start(on: bus)
        let field = try #require(app.widgets["text"])
        app.click("text", on: x)
        try keyboard.waitForState("shown")
        try x.waitUntil(timeout: 20, "the keyboard to leave the field (\(String(describing: keyboard.geometry())), field \(field))") {
            guard let g = keyboard.geometry() else { return false }
            let box = Rect(x: g.x, y: g.y, width: g.width, height: g.height)
            return !box.intersects(field)
        }
    }

    @Test func withoutAnyBusTheKeyboardSaysSoOnceAndStillWorks() throws {
        let x = try XSession()
        defer { x.close() }
        let keyboard = try RunningKeyboard(x, ["--auto-show", "--no-autocapitalize"], until: "hidden")
        try keyboard.child.waitUntil(timeout: 20, "the notice about the missing bus") {
            keyboard.child.stderr.contains("bus")
        }
        #expect(keyboard.stackboard(["show"]).status == 0)
        try keyboard.waitForState("shown")
        let lines = keyboard.child.stderr.split(separator: "\n").filter { $0.contains("bus") }
        #expect(lines.count <= 2, "\(lines)")
    }

    @Test func theMatchboxMessageShowsHidesAndToggles() throws {
        let x = try XSession()
        defer { x.close() }
        let keyboard = try RunningKeyboard(x, ["--hidden"], until: "hidden")
        let host = try ControlHost(x)
        for (code, state) in [(1, "shown"), (2, "hidden"), (3, "shown"), (3, "hidden")] {
            host.sendInvoker(code: code)
            try keyboard.waitForState(state)
        }
    }

    @Test func dbusShowAndHideAndOnboardsToggle() throws {
        let x = try XSession()
        defer { x.close() }
        let bus = try BusSession(x: x, accessibility: false)
        let keyboard = try RunningKeyboard(x, ["--hidden"], env: bus.environment, until: "hidden")
        func call(_ dest: String, _ path: String, _ method: String) -> Int32 {
            x.run("gdbus", ["call", "--session", "--dest", dest, "--object-path", path, "--method", method],
                  env: bus.environment).status
        }
        try x.waitUntil(timeout: 20, "the keyboard's D-Bus name") {
            call("org.stackboard.Keyboard", "/org/stackboard/Keyboard", "org.stackboard.Keyboard.Show") == 0
        }
        try keyboard.waitForState("shown")
        #expect(call("org.stackboard.Keyboard", "/org/stackboard/Keyboard", "org.stackboard.Keyboard.Hide") == 0)
        try keyboard.waitForState("hidden")
        #expect(call("org.onboard.Onboard", "/org/onboard/Onboard/Keyboard", "org.onboard.Onboard.Keyboard.ToggleVisible") == 0)
        try keyboard.waitForState("shown")
        let visible = x.run("gdbus", ["call", "--session", "--dest", "org.stackboard.Keyboard", "--object-path",
                                      "/org/stackboard/Keyboard", "--method", "org.freedesktop.DBus.Properties.Get",
                                      "org.stackboard.Keyboard", "Visible"], env: bus.environment)
        #expect(visible.stdout.contains("true"), "\(visible.stdout) \(visible.stderr)")
    }
}

extension ControlHost {
    /// Sends matchbox's `_MB_IM_INVOKER_COMMAND` to the root window the way matchbox-keyboard-im
    /// does: `XSendEvent(root, False, SubstructureRedirect|SubstructureNotify)`.
    func sendInvoker(code: Int) {
        let root = XRootWindow(display, screen)
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = root
        event.xclient.message_type = atom("_MB_IM_INVOKER_COMMAND")
        event.xclient.format = 32
        event.xclient.data.l.0 = code
        XSendEvent(display, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        XSync(display, 0)
    }
}

/// The keyboard with `--auto-show` over Chromium in kiosk mode (the page of AutoShowChromiumTests):
/// a text input shows it and taps type into it, a number input brings the numeric pad, the button
/// hides it.
@Suite(.serialized) struct AutoShowChromiumKeyboardTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")))
    func inputsShowTheKeyboardWithTheirLayoutAndTapsTypeIntoThem() throws {
        let x = try XSession()
        defer { x.close() }
        let bus = try BusSession(x: x)
        let env = bus.environment.merging(["ACCESSIBILITY_ENABLED": "1"]) { $1 }
        let keyboard = try RunningKeyboard(x, ["--auto-show", "--no-autocapitalize", "--dock", "bottom", "--geometry", "1280x180"],
                                           env: env, until: "hidden") // below the page's button (y 560-600)
        try AutoShowKeyboardTests.waitUntilListening(bus)
        let page = "file://" + Tools.repoRoot + "/Tests/Fixtures/autoshow/fields.html"
        let browser = try x.spawn("chromium", ["--no-sandbox", "--kiosk", "--force-renderer-accessibility", "--no-first-run",
                                               "--disable-gpu", "--enable-logging=stderr", "--v=0",
                                               "--user-data-dir=\(x.dir)/chromium", page], env: env)
        func click(_ name: String) {
            let y = (AutoShowChromiumTests.fields[name] ?? 0) + 20
            _ = x.run("xdotool", ["mousemove", "250", "\(y)", "click", "1"])
        }
        // Chromium takes seconds to start: click the text input until the keyboard comes.
        try keyboard.child.waitUntil(timeout: 90, "the keyboard for Chromium's text input") {
            click("text")
            return (try? keyboard.waitForStateOnce("shown", timeout: 3)) == true
        }
        try AutoShowKeyboardTests.type("ok", on: keyboard)
        try browser.waitUntil(timeout: 20, "the text in the input") { browser.stderr.contains("FIELD text ok") }

        click("number")
        try keyboard.waitForLayout("numeric")
        try keyboard.tap(layout: "numeric") { ($0["text"] as? String) == "5" }
        try browser.waitUntil(timeout: 20, "the number in the input") { browser.stderr.contains("FIELD number 5") }

        click("text")
        try keyboard.waitForLayout("qwerty")
        click("button")
        try keyboard.waitForState("hidden")
    }
}

extension RunningKeyboard {
    /// Whether `stackboard status` says `state` (and the window agrees) within `timeout` seconds.
    func waitForStateOnce(_ state: String, timeout: Double) throws -> Bool {
        Wait.until(timeout: timeout, interval: 0.1) { isIn(state: state) }
    }
}
