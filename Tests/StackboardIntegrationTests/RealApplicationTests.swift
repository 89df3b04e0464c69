import Foundation
import StackboardCore
import Testing

/// The keyboard over real applications as Debian 12 ships them (GTK 3, GTK 4, Qt 5 and Qt 6
/// windows in Tests/Tools, and xterm), each on its own Xvfb, openbox, session bus and
/// accessibility bus, with nothing in its environment that turns accessibility on: the keyboard
/// comes for a text field and goes for a button, taps at ten a second arrive exactly and in order
/// (borrowed characters among them: € from the symbols layer, é by a long press, ő from xkb:hu,
/// Cyrillic from xkb:ru), the password field gets the lock and nothing of it is learned, the
/// number field gets the numeric pad, and `stackboard type` is not held up by the application.
/// The browsers are in RealBrowserTests (`make test-apps`), IBus in InputMethodTests.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/libexec/at-spi-bus-launcher"),
                "at-spi2-core is not installed (scripts/setup.sh installs it)"))
struct RealApplicationTests {
    /// The taps into a text field, ten a second: a word and a space (learned where the field can be
    /// read), then € on the symbols layer, é by a long press on e, ő on xkb:hu and Cyrillic on
    /// xkb:ru (each reached with the 🌐 key), and back to qwerty for an ASCII letter.
    static let textTaps: [KeyTap] = KeyTap.keys(["h", "e", "l", "l", "o", "space", "?123"])
        + KeyTap.keys(["#+="], layer: "numbers") + KeyTap.keys(["€", "?123"], layer: "symbols")
        + KeyTap.keys(["ABC"], layer: "numbers")
        + [KeyTap(layout: "qwerty", layer: "letters", label: "e", long: true)] + KeyTap.keys(["🌐"])
        + KeyTap.keys(["ő", "🌐"], layout: "xkb:hu") + KeyTap.keys(["п", "р", "и", "🌐"], layout: "xkb:ru")
        + KeyTap.keys(["a"])
    /// What `textTaps` types.
    static let typed = "hello €éőприa"
    /// What the tests give `stackboard type`: characters that are not in the us keymap.
    static let borrowed = "ő€é"
    /// The word typed into the password field (with a space after it, which ends a word).
    static let secret = "secret"

    /// The checks every application on the accessibility bus gets, in one session: `app` and a
    /// keyboard with `--auto-show` on the same buses. `firstClick` is how long the application may
    /// take before a click on its text field is seen (a browser loads for seconds: the click is
    /// repeated until the keyboard comes).
    static func checkFields(_ app: RealApp, _ kb: AppKeyboard, firstClick: Double = 20) throws {
        let keyboard = kb.keyboard
        // Each toolkit focuses its first field when its window opens: a click on it sends no new
        // focus event. GTK 4.8 reports that first focus before its accessibles answer questions
        // (UnknownMethod until it has called Socket.Embed, seen with dbus-monitor).
        let came = Wait.until(timeout: firstClick, interval: 0) {
            app.click("text")
            return (try? keyboard.waitForStateOnce("shown", timeout: 3)) == true
        }
        #expect(came, "the keyboard did not come for \(app.kind)'s text field, focused since its window opened: \(app.transcript)")
        if !came {
            // The other checks all the same, with the focus moved into another field and back.
            app.click("password")
            try keyboard.waitForState("shown")
            app.click("text")
            try app.session.waitUntil(timeout: 20, "the lock gone for \(app.kind)'s text field") { (try? kb.showsLock()) == false }
        }
        try kb.tap(textTaps)
        #expect(app.waitForText("text", typed),
                "\(app.kind) text: \(String(describing: app.text("text"))) \(app.transcript); keyboard: \(kb.child.stderr)")
        #expect(keyboard.stackboard(["status"]).stdout == "shown\n", "the field kept the focus through the taps")

        // GTK 3 and 4 and both browsers say spin button (editable) for their number fields; Qt 5
        // and 6 say spin button for a QSpinBox but without the editable state.
        app.click("number")
        if app.kind.exposesNumbers {
            let pad = Wait.until(timeout: 20) { keyboard.stackboard(["status", "--layout"]).stdout == "numeric\n" }
            #expect(pad, "no numeric pad for \(app.kind)'s spin button: \(keyboard.stackboard(["status"]).stdout)")
            if pad {
                try kb.tap(KeyTap.keys(["4", "2"], layout: "numeric", layer: "digits"))
                // A spin button starts at 0 and the click puts the caret after it: 042 in GTK and Qt.
                #expect(Wait.until(timeout: 20) { app.text("number")?.hasSuffix("42") == true },
                        "\(app.kind) number: \(String(describing: app.text("number")))")
            }
        }

        if app.widgets["digits"] != nil {
            // GTK 3 does not expose an entry's input purpose over AT-SPI: its digits entry is a
            // text field, and gets the text layout back.
            app.click("digits")
            #expect(Wait.until(timeout: 20) { keyboard.stackboard(["status", "--layout"]).stdout == "qwerty\n" },
                    "\(app.kind)'s digits entry: \(keyboard.stackboard(["status", "--layout"]).stdout)")
            try kb.tap(KeyTap.keys(["?123"]) + KeyTap.keys(["7", "ABC"], layer: "numbers"))
            #expect(app.waitForText("digits", "7"), "\(app.kind) digits: \(String(describing: app.text("digits")))")
        }

        app.click("password")
        try app.session.waitUntil(timeout: 20, "the lock on the bar for \(app.kind)'s password field") { (try? kb.showsLock()) == true }
        #expect(keyboard.stackboard(["status", "--layout"]).stdout == "qwerty\n")
        try kb.tap(KeyTap.keys(Array(secret).map(String.init) + ["space"]))
        #expect(app.waitForText("password", secret + " "), "\(app.kind) password: \(String(describing: app.text("password")))")

        app.click("button")
        try keyboard.waitForState("hidden")

        app.click("text")
        try keyboard.waitForState("shown")
        #expect(try !kb.showsLock(), "the lock stayed for \(app.kind)'s text field")
        try expectQuickType(app, after: typed)

        let learned = try kb.stopAndReadLearned()
        #expect(!learned.contains { $0.contains(secret) }, "\(app.kind): the password was learned: \(learned)")
        // The ordinary field's word is learned (the field's text shows it over AT-SPI): the
        // check above is not passing because nothing is ever learned.
        #expect(AppKeyboard.learned("hello", in: learned), "\(app.kind): the text field's word was not learned: \(learned)")
        #expect(!kb.child.stderr.contains(secret))
    }

    /// `stackboard type` with characters that are not in the keymap, into `app`'s focused text
    /// field (which holds `before`): exact, and not held up for a ping the application answered
    /// in its own way. Only "no hang" is checked (a generous bound; the timings are benchmarks').
    static func expectQuickType(_ app: RealApp, after before: String, bound: Double = 3) throws {
        let start = Date()
        let r = app.session.run(Tools.stackboard, ["type", borrowed], timeout: 30)
        let took = Date().timeIntervalSince(start)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(app.waitForText("text", before + borrowed), "\(app.kind) text: \(String(describing: app.text("text")))")
        #expect(took < bound, "stackboard type '\(borrowed)' into \(app.kind) took \(took) s: \(r.stderr)")
    }

    @Test(arguments: [RealApp.Kind.gtk3, .gtk4, .qt5, .qt6].filter(\.isInstalled))
    func theKeyboardComesTapsArriveExactlyAndAPasswordIsNotLearned(_ kind: RealApp.Kind) throws {
        try Self.checkFields(of: kind)
    }

    /// `checkFields` for an application of `kind` on a session, buses and keyboard of its own.
    static func checkFields(of kind: RealApp.Kind, firstClick: Double = 20) throws {
        let x = try XSession()
        defer { x.close() }
        let bus = try BusSession(x: x)
        let kb = try AppKeyboard(on: bus)
        let app = try RealApp.start(kind, on: bus)
        try checkFields(app, kb, firstClick: firstClick)
    }

    /// xterm is not on the accessibility bus, so auto-show cannot see it: the keyboard is shown by
    /// hand. Taps arrive exactly, nothing typed is learned (its text cannot be seen: it could be a
    /// password prompt), and `stackboard type` is paced for an application that answers no ping
    /// (--slow-app-ms per key event before the borrowed keycodes go back, about 2 s here), not held.
    @Test(.enabled(if: RealApp.Kind.xterm.isInstalled))
    func xtermGetsExactTapsAndNothingIsLearned() throws {
        let x = try XSession()
        defer { x.close() }
        let bus = try BusSession(x: x)
        let kb = try AppKeyboard(on: bus, autoShow: false)
        let app = try RealApp.start(.xterm, on: bus)
        app.click("text")
        try kb.tap(Self.textTaps)
        #expect(app.waitForText("text", Self.typed),
                "xterm: \(String(describing: app.text("text"))) \(app.transcript); keyboard: \(kb.child.stderr)")
        try Self.expectQuickType(app, after: Self.typed, bound: 5)
        let learned = try kb.stopAndReadLearned()
        #expect(learned.isEmpty, "learned from xterm, whose text cannot be seen: \(learned)")
    }
}
