import CX11
import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `stackboard entry` as a script uses it: done prints the text and exits 0, cancel prints
/// nothing and exits 1, whether by taps, a physical keyboard or the window manager's close.
@Suite struct EntryFlowTests {
    @Test func doneByTapsPrintsTheTextAndExits0() throws {
        let session = try XSession()
        defer { session.close() }
        let entry = try RunningEntry(session, ["--layout", "code", "--prompt", "Code"])
        try entry.tap(labels: ["4", "2", "7", try doneLabel(entry)])
        #expect(entry.exitStatus() == 0)
        #expect(entry.child.stdout == "427\n")
        #expect(entry.child.stderr.isEmpty)
    }

    @Test func theWindowIsAnApplicationThatTakesTheFocus() throws {
        let session = try XSession()
        defer { session.close() }
        let entry = try RunningEntry(session, ["--layout", "pin", "--prompt", "PIN"])
        let props = session.run("xprop", ["-id", entry.info.id]).stdout
        #expect(props.contains("Client accepts input or input focus: True"), "\(props)")
        #expect(props.contains("WM_PROTOCOLS(ATOM): protocols  WM_DELETE_WINDOW\n"), "\(props)")
        #expect(props.contains("_NET_WM_WINDOW_TYPE(ATOM) = _NET_WM_WINDOW_TYPE_NORMAL"), "\(props)")
        #expect(props.contains("WM_NAME(STRING) = \"PIN\""), "\(props)")
        #expect(!props.contains("_NET_WM_STRUT"))
        try entry.waitForFocus()
    }

    @Test func cancelKeyPrintsNothingAndExits1() throws {
        let session = try XSession()
        defer { session.close() }
        let entry = try RunningEntry(session, ["--layout", "code"])
        try entry.tap(labels: ["1", "2"])
        try entry.waitForFocus()
        entry.xdotool(["key", "Escape"])
        #expect(entry.exitStatus() == 1)
        #expect(entry.child.stdout.isEmpty)
    }

    @Test func closingTheWindowIsACancel() throws {
        let session = try XSession()
        defer { session.close() }
        let entry = try RunningEntry(session, ["--layout", "code", "--initial", "55"])
        // Ask the window manager to close it (as its close button does): it sends WM_DELETE_WINDOW.
        try sendCloseRequest(session, window: entry.info.id)
        #expect(entry.exitStatus() == 1)
        #expect(entry.child.stdout.isEmpty)
    }

    @Test func aPhysicalKeyboardTypesEditsAndFinishes() throws {
        let session = try XSession()
        defer { session.close() }
        let entry = try RunningEntry(session, ["--layout", "qwerty", "--initial", "ab"])
        try entry.waitForFocus()
        // Typed text, BackSpace, Home and a character at the start, End, then Return.
        entry.xdotool(["type", "--delay", "30", "cd"])
        entry.xdotool(["key", "--delay", "30", "BackSpace", "Home", "X", "End", "exclam", "Return"])
        #expect(entry.exitStatus() == 0)
        #expect(entry.child.stdout == "Xabc!\n")
    }

    @Test func tappingTheFieldMovesTheCursor() throws {
        let session = try XSession()
        defer { session.close() }
        let entry = try RunningEntry(session, ["--layout", "code", "--initial", "1234"])
        let field = try entry.field()
        // Far left in the field: before the first character. Then a key inserts there.
        entry.pointer([entry.at(field.x + 8, field.center.y), "tap"])
        try entry.tap(labels: ["9", try doneLabel(entry)])
        #expect(entry.exitStatus() == 0)
        #expect(entry.child.stdout == "91234\n")
    }

    @Test func maxLengthRefusesTheRestAndSaysSo() throws {
        let session = try XSession()
        defer { session.close() }
        let entry = try RunningEntry(session, ["--layout", "code", "--max-length", "3", "--events"])
        try entry.tap(labels: ["1", "2", "3", "4", try doneLabel(entry)])
        #expect(entry.exitStatus() == 0)
        #expect(entry.lines == [
            #"{"event":"insert","text":"1","field":"1","length":1}"#,
            #"{"event":"insert","text":"2","field":"12","length":2}"#,
            #"{"event":"insert","text":"3","field":"123","length":3}"#,
            #"{"event":"reject","reason":"too-long","max":3,"field":"123","length":3}"#,
            #"{"event":"done","field":"123","length":3}"#,
        ])
    }

    @Test func refusedCharactersFlashTheFieldWhileTheyComeIn() throws {
        let session = try XSession()
        defer { session.close() }
        // With --no-trackpad qwerty's space key repeats while held (otherwise a long press makes
        // it a trackpad): every repeat is refused, so the field flashes for as long as it is
        // held, and goes back to normal after.
        let entry = try RunningEntry(session, ["--layout", "qwerty", "--allow", "digits", "--events", "--no-trackpad"])
        let field = try entry.field()
        let probe = (field.x + field.width - 24, field.center.y)
        let normal = try entry.pixels([probe])
        let space = try #require(try entry.frames().first { $0.action == "space" })
        entry.pointer([entry.at(space.center.x, space.center.y), "down"])
        var seen: [String] = []
        try session.waitUntil(timeout: 10, "the field to flash (\(normal) -> \(seen))") {
            seen = (try? entry.pixels([probe])) ?? []
            return !seen.isEmpty && seen != normal
        }
        entry.pointer(["up"])
        try session.waitUntil(timeout: 10, "the field to stop flashing (\(seen))") {
            seen = (try? entry.pixels([probe])) ?? []
            return seen == normal
        }
        let rejects = entry.events.filter { $0["event"] as? String == "reject" }
        #expect(!rejects.isEmpty)
        #expect(rejects.allSatisfy { $0["reason"] as? String == "not-allowed" && $0["character"] as? String == " " })
        #expect(!entry.events.contains { $0["event"] as? String == "insert" })
    }

    @Test func aLetterInADigitsFieldIsRefused() throws {
        let session = try XSession()
        defer { session.close() }
        let entry = try RunningEntry(session, ["--layout", "qwerty", "--allow", "digits", "--events"])
        try entry.waitForFocus()
        entry.xdotool(["type", "--delay", "30", "1a2"])
        entry.xdotool(["key", "Return"])
        #expect(entry.exitStatus() == 0)
        #expect(entry.lines == [
            #"{"event":"insert","text":"1","field":"1","length":1}"#,
            #"{"event":"reject","reason":"not-allowed","character":"a","field":"1","length":1}"#,
            #"{"event":"insert","text":"2","field":"12","length":2}"#,
            #"{"event":"done","field":"12","length":2}"#,
        ])
    }

    @Test func signalsCancel() throws {
        let session = try XSession()
        defer { session.close() }
        let entry = try RunningEntry(session, ["--layout", "code", "--initial", "7", "--events"])
        kill(entry.child.pid, SIGTERM)
        #expect(entry.exitStatus() == 1)
        #expect(entry.lines == [#"{"event":"cancel"}"#])
    }

    /// The label of the code layout's done key.
    private func doneLabel(_ entry: RunningEntry) throws -> String {
        guard let done = try entry.frames().first(where: { $0.action == "done" }), let label = done.label else {
            throw XSession.Failure(description: "no done key")
        }
        return label
    }
}

/// Sends `_NET_CLOSE_WINDOW` for `window` to the root window, as a pager or task bar does: the
/// window manager then asks the window to close (WM_DELETE_WINDOW).
func sendCloseRequest(_ session: XSession, window: String) throws {
    guard let display = XOpenDisplay(session.display) else { throw XSession.Failure(description: "cannot open \(session.display)") }
    defer { XCloseDisplay(display) }
    guard window.hasPrefix("0x"), let id = UInt(window.dropFirst(2), radix: 16) else {
        throw XSession.Failure(description: "bad window id \(window)")
    }
    var event = XEvent()
    event.xclient.type = ClientMessage
    event.xclient.window = Window(id)
    event.xclient.message_type = XInternAtom(display, "_NET_CLOSE_WINDOW", 0)
    event.xclient.format = 32
    event.xclient.data.l.0 = 0 // CurrentTime
    event.xclient.data.l.1 = 2 // source: a pager
    let root = XDefaultRootWindow(display)
    XSendEvent(display, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
    XSync(display, 0)
}
