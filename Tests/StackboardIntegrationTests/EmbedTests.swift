import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `stackboard entry --xid`: an XEmbed plug that a small embedder (Tests/Tools/embedder.c)
/// takes into its window; it passes the focus on, takes taps, and goes with its embedder.
@Suite struct EmbedTests {
    /// Starts the embedder on the plug's id and waits until it has sent FOCUS_IN.
    private func embed(_ entry: RunningEntry, options: [String] = ["-f"]) throws -> Child {
        let id = String(UInt(entry.info.id.dropFirst(2), radix: 16) ?? 0)
        let embedder = try entry.session.spawn(try Tools.cTool("embedder"), options + [id])
        let sent = embedder.waitForLine(timeout: 10) { $0 == "FOCUS_SENT" }
        try #require(sent != nil, "the embedder did not get the plug mapped: \(embedder.stdout) \(embedder.stderr) \(entry.child.stderr)")
        return embedder
    }

    @Test func thePlugIsEmbeddedPassesTheFocusOnAndTakesTaps() throws {
        let session = try XSession()
        defer { session.close() }
        let entry = try RunningEntry(session, ["--layout", "code", "--xid", "--events", "--size", "300x400"])
        #expect(entry.lines.first.flatMap { UInt($0) } != nil, "the first line is the window id")
        // Before embedding: _XEMBED_INFO = [0, XEMBED_MAPPED], never focused, and nothing for a
        // window manager (no type, state, struts or protocols), not mapped by itself.
        let props = session.run("xprop", ["-id", entry.info.id]).stdout
        #expect(props.contains("_XEMBED_INFO(_XEMBED_INFO) = 0x0, 0x1"), "\(props)")
        #expect(props.contains("Client accepts input or input focus: False"), "\(props)")
        for absent in ["_NET_WM_WINDOW_TYPE", "_NET_WM_STATE", "_NET_WM_STRUT", "WM_PROTOCOLS", "_MOTIF_WM_HINTS"] {
            #expect(!props.contains(absent), "the plug sets \(absent)")
        }
        #expect(RunningKeyboard.windowInfo(session, id: entry.info.id)?.viewable == false)

        let embedder = try embed(entry)
        #expect(embedder.stdout.hasPrefix("INFO 0 1\nEMBEDDED "))
        let next = embedder.waitForLine(timeout: 10) { $0.hasPrefix("XEMBED ") }
        #expect(next == "XEMBED FOCUS_NEXT 0", "the plug answers FOCUS_IN with FOCUS_NEXT: \(embedder.stdout)")
        // The focus stays with the embedder's window.
        let socket = embedder.stdout.split(separator: "\n").first { $0.hasPrefix("EMBEDDED ") }?.split(separator: " ").last
        let focus = embedder.waitForLine(timeout: 10) { $0.hasPrefix("FOCUS ") }
        #expect(focus == "FOCUS \(socket ?? "?")")

        try entry.refresh()
        #expect(entry.info.viewable && entry.info.width == 360 && entry.info.height == 480, "resized by the embedder: \(entry.info)")
        let done = try #require(try entry.frames().first { $0.action == "done" })
        try entry.tap(labels: ["6", "1"])
        entry.pointer([entry.at(done.center.x, done.center.y), "tap"])
        #expect(entry.exitStatus() == 0)
        #expect(Array(entry.lines.dropFirst()) == [
            #"{"event":"insert","text":"6","field":"6","length":1}"#,
            #"{"event":"insert","text":"1","field":"61","length":2}"#,
            #"{"event":"done","field":"61","length":2}"#,
        ])
        #expect(embedder.waitForLine(timeout: 10) { $0 == "PLUG_GONE" } != nil, "the plug's window went with it")
        #expect(!embedder.stdout.contains("REQUEST_FOCUS"))
    }

    @Test func aKeypadWithoutFieldPrintsTheResult() throws {
        let session = try XSession()
        defer { session.close() }
        let entry = try RunningEntry(session, ["--layout", "binary", "--xid", "--no-field"])
        _ = try embed(entry)
        try entry.refresh()
        try entry.tap(labels: ["1", "0"], noField: true)
        let enter = try #require(try entry.frames(noField: true).first { $0.action == "return" })
        entry.pointer([entry.at(enter.center.x, enter.center.y), "tap"])
        #expect(entry.exitStatus() == 0)
        #expect(entry.lines.count == 2 && entry.lines.last == "10", "\(entry.lines)")
    }

    @Test(arguments: [["-f"], ["-f", "-n"]])
    func thePlugCancelsWhenItsEmbedderDies(options: [String]) throws {
        // With the save-set (the plug goes back to the root window, where a window manager may
        // take it) and without (the plug is destroyed with the embedder's window).
        let session = try XSession()
        defer { session.close() }
        let entry = try RunningEntry(session, ["--layout", "code", "--xid", "--events"])
        let embedder = try embed(entry, options: options)
        try entry.refresh()
        try entry.tap(labels: ["5"])
        try session.waitUntil(timeout: 10, "the insert (\(entry.lines))") { entry.lines.count >= 2 }
        kill(embedder.pid, SIGKILL)
        #expect(entry.exitStatus() == 1)
        #expect(Array(entry.lines.dropFirst()) == [
            #"{"event":"insert","text":"5","field":"5","length":1}"#,
            #"{"event":"cancel"}"#,
        ])
        #expect(entry.child.stderr.isEmpty, "\(entry.child.stderr)")
    }
}
