import Foundation
import StackboardCore
import Testing

/// The focused field as the keyboard reads it over AT-SPI, in a real GTK 3 window under Xvfb,
/// openbox, a session bus and at-spi2-core: the text already in an entry drives the bar's
/// predictions; the shift latches by itself at an empty field's start, after ". " (and two
/// spaces make ". ") and where the caret is moved to a field's start; a password field gets no
/// capital.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/libexec/at-spi-bus-launcher"),
                "at-spi2-core is not installed (scripts/setup.sh installs it)"))
struct FieldContextKeyboardTests {
    static let context = "I would like a cup of "

    /// Points across the bar's slots (window pixels).
    static func barPoints(_ kb: RunningKeyboard) throws -> [(Int, Int)] {
        try SuggestionKeyboardTests.slots(kb).flatMap { slot in
            (1...9).flatMap { i in (1...3).map { j in (slot.x + slot.width * i / 10, slot.y + slot.height * j / 4) } }
        }
    }

    /// Points across the label of the q key, which shows Q while the shift is latched (the shift
    /// key's own outline is too thin to sample).
    static func shiftPoints(_ kb: RunningKeyboard) throws -> [(Int, Int)] {
        let q = try kb.key("q")
        return (2...8).flatMap { i in (2...8).map { j in (q.x + q.width * i / 10, q.y + q.height * j / 10) } }
    }

    /// The word a tap on slot `slot` added to field `name` of `app`, after `before`.
    static func tapSlot(_ slot: Int, _ kb: RunningKeyboard, _ app: FocusTarget, field name: String, after before: String) throws -> String {
        kb.tap(try SuggestionKeyboardTests.slots(kb)[slot])
        let line = app.child.waitForLine(timeout: 20) { _ in
            guard let text = app.text(name) else { return false }
            return text.hasPrefix(before) && text.count > before.count + 1 && text.hasSuffix(" ")
        }
        try #require(line != nil, "slot \(slot) typed nothing after '\(before)': \(app.transcript) keyboard: \(kb.child.stderr) printed: \(kb.child.stdout)")
        let text = try #require(app.text(name))
        return String(text.dropFirst(before.count)).trimmingCharacters(in: .whitespaces)
    }

    @Test func theEntrysTextDrivesTheBarAndSentencesStartWithCapitals() throws {
        let x = try XSession()
        defer { x.close() }
        let bus = try BusSession(x: x)
        let kb = try RunningKeyboard(x, ["--layout", "qwerty", "--geometry", "1280x240+0+560", "--print"], env: bus.environment)
        try AutoShowKeyboardTests.waitUntilListening(bus)
        let bar = try Self.barPoints(kb)
        let shift = try Self.shiftPoints(kb)
        let blankBar = try kb.pixels(bar) // nothing known: the words that start anything
        let plainShift = try kb.pixels(shift)
        // The q key's look with the shift latched: the user's shift tapped once, then twice more.
        let shiftKey = try #require(try kb.keys().first { $0.action == "shift" })
        kb.tap(shiftKey)
        try x.waitUntil(timeout: 20, "the user's shift latched") { (try? kb.pixels(shift)) != plainShift }
        let latched = try kb.pixels(shift)
        kb.tap(shiftKey)
        kb.tap(shiftKey)
        try x.waitUntil(timeout: 20, "the user's shift off") { (try? kb.pixels(shift)) == plainShift }
        let app = try FocusTarget.start(on: bus, initial: Self.context)

        // GTK focuses the entry that holds the text, its caret at the end: the bar predicts from it.
        try x.waitUntil(timeout: 20, "the bar's words for the entry's text (\(app.transcript))") {
            (try? kb.pixels(bar)) != blankBar
        }
        #expect(try kb.pixels(shift) == plainShift, "mid-sentence: no capital")
        let fromField = try Self.tapSlot(1, kb, app, field: "text", after: Self.context)

        // The same words typed by the keyboard itself into an empty entry: the shift latches at
        // its start (its look changes), "i" comes out as "I", and the bar offers the same word.
        app.click("digits", on: x)
        try x.waitUntil(timeout: 20, "the shift latched at the empty entry's start (\(app.transcript)) \(kb.child.stderr)") {
            (try? kb.pixels(shift)) == latched
        }
        try InputMethodTests.tap(Self.context.lowercased(), on: kb)
        #expect(app.child.waitForLine(timeout: 20) { _ in app.text("digits") == Self.context } != nil,
                "typed: \(app.text("digits") ?? "nothing") \(app.transcript)")
        let fromOwn = try Self.tapSlot(1, kb, app, field: "digits", after: Self.context)
        #expect(fromField == fromOwn, "after the entry's text the bar offered '\(fromField)', after the same words typed '\(fromOwn)'")

        // Two spaces after a word make ". ", and the next sentence starts with a capital.
        let before = try #require(app.text("digits"))
        try InputMethodTests.tap("ok  ", on: kb)
        #expect(app.child.waitForLine(timeout: 20) { _ in app.text("digits") == before + "ok. " } != nil,
                "typed: \(app.text("digits") ?? "nothing")")
        try x.waitUntil(timeout: 20, "the shift latched after '. '") { (try? kb.pixels(shift)) == latched }
        try InputMethodTests.tap("w", on: kb)
        #expect(app.child.waitForLine(timeout: 20) { _ in app.text("digits") == before + "ok. W" } != nil,
                "typed: \(app.text("digits") ?? "nothing")")

        // Back in the first entry, Home moves its caret to the start (xdotool's key through XTest,
        // as an application or a script would): the keyboard follows the caret (it reads the text
        // again) and the shift latches at the field's start.
        let full = try #require(app.text("text"))
        app.click("text", on: x)
        try x.waitUntil(timeout: 20, "the shift let go away from a sentence start") { (try? kb.pixels(shift)) == plainShift }
        _ = x.run("xdotool", ["key", "Home"])
        try x.waitUntil(timeout: 20, "the shift latched at the start of the entry clicked") { (try? kb.pixels(shift)) == latched }
        try InputMethodTests.tap("x", on: kb)
        #expect(app.child.waitForLine(timeout: 20) { _ in app.text("text") == "X" + full } != nil,
                "typed: \(app.text("text") ?? "nothing")")

        // A password field: the bar locks, no capital at its start.
        let lock = try PasswordFieldKeyboardTests.lockPoints(kb)
        let open = try kb.pixels(lock)
        app.click("password", on: x)
        try x.waitUntil(timeout: 20, "the lock on the bar for the password field") { (try? kb.pixels(lock)) != open }
        try x.waitUntil(timeout: 20, "the shift not latched in the password field") { (try? kb.pixels(shift)) == plainShift }
        try InputMethodTests.tap("a", on: kb)
        #expect(app.child.waitForLine(timeout: 20) { $0 == "changed password 1 a" } != nil, "\(app.transcript)")

        kb.child.signal(SIGTERM)
        #expect(kb.child.wait(timeout: 20) == 0, "\(kb.child.stderr)")
    }

    /// Taps that spell a typo into an entry whose text the keyboard reads: the word is replaced
    /// at its end (the field shows the corrected word), and a backspace right after brings back
    /// the word as typed (the backspace takes the space, as on a phone).
    @Test func aTypoTappedIntoAnEntryIsCorrectedAndBackspaceUndoesIt() throws {
        let x = try XSession()
        defer { x.close() }
        let bus = try BusSession(x: x)
        let kb = try RunningKeyboard(x, ["--layout", "qwerty", "--geometry", "1280x240+0+560", "--no-autocapitalize"], env: bus.environment)
        try AutoShowKeyboardTests.waitUntilListening(bus)
        let bar = try Self.barPoints(kb)
        let blankBar = try kb.pixels(bar)
        let app = try FocusTarget.start(on: bus, initial: Self.context)
        try x.waitUntil(timeout: 20, "the bar's words for the entry's text (\(app.transcript))") {
            (try? kb.pixels(bar)) != blankBar
        }
        try InputMethodTests.tap("teh ", on: kb)
        let corrected = app.child.waitForLine(timeout: 20) { _ in app.text("text") == Self.context + "the " }
        #expect(corrected != nil, "typed: \(app.text("text") ?? "nothing") \(app.transcript) keyboard: \(kb.child.stderr)")
        let backspace = try #require(try kb.keys().first { $0.action == "backspace" })
        kb.tap(backspace)
        let undone = app.child.waitForLine(timeout: 20) { _ in app.text("text") == Self.context + "teh" }
        #expect(undone != nil, "after backspace: \(app.text("text") ?? "nothing") \(app.transcript)")
    }
}
