import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The X server dying at chosen points of the keyboard's start (`XConnectionCutter`), the same
/// points every run: wherever the loss is found (in a round trip, in the middle of a paint with
/// Pango and XRender, while a frame's pixels are on their way, while the second connection
/// opens), the keyboard ends with its one line and status 1: no crash, no silent exit, no
/// death by SIGPIPE. Killing the server at a random moment (WindowLifecycleTests) reaches these
/// points only by chance.
@Suite struct FaultConnectionCutTests {
    enum Start: String, CaseIterable { case firstStart, fromTheCachedFrame }

    @Test(arguments: Start.allCases)
    func theServerDyingAnywhereInTheStartEndsTheKeyboardWithItsLine(start: Start) throws {
        let session = try XSession()
        defer { session.close() }
        if start == .fromTheCachedFrame {
            // A first start writes the cached frame; the next ones put it on screen first, map,
            // then bring Pango up and paint again.
            let kb = try RunningKeyboard(session, [])
            try session.waitUntil(timeout: 20, "the cached frame") { Self.hasCachedFrame(session) }
            kill(kb.child.pid, SIGTERM)
            #expect(kb.child.wait(timeout: 10) == 0)
        }
        // What each of the keyboard's connections sends until it has started and gone quiet.
        let sent: [Int]
        do {
            let counter = try XConnectionCutter(server: session.display)
            defer { counter.close() }
            let kb = try session.spawn(Tools.stackboard, ["--no-sound"], env: ["DISPLAY": counter.display])
            var last: [Int] = []
            try session.waitUntil(timeout: 30, "the keyboard to start and go quiet") {
                let now = counter.sent
                defer { last = now }
                return now.count >= 2 && now == last && RunningKeyboard.windowInfo(session, name: "Stackboard")?.viewable == true
            }
            sent = counter.sent
            kill(kb.pid, SIGTERM)
            #expect(kb.wait(timeout: 10) == 0)
        }
        let pointer = try Tools.cTool("pointer", libs: ["-lX11", "-lXtst"])
        for cue in Self.cues(sent) {
            let cutter = try XConnectionCutter(server: session.display, cue: cue)
            defer { cutter.close() }
            let kb = try session.spawn(Tools.stackboard, ["--no-sound"], env: ["DISPLAY": cutter.display])
            // Each start sends a little more or less than the measured one: when it is over
            // before the cue, taps (through the real server) make it paint and send more.
            try session.waitUntil(timeout: 30, "the server's end (cue \(cue), sent \(cutter.sent))") {
                if cutter.hasDied || kb.poll() != nil { return true }
                if let window = RunningKeyboard.windowInfo(session, name: "Stackboard"), window.viewable {
                    _ = session.run(pointer, ["\(window.x + window.width / 2),\(window.y + window.height / 2)", "tap"])
                }
                return false
            }
            let status = kb.wait(timeout: 20)
            if status == nil { kb.stop() }
            let at = "the server died after connection \(cue.connection) sent \(cue.budget) of \(sent[cue.connection - 1]) bytes"
            #expect(status == 1, "\(at): status \(String(describing: status)), stderr: \(kb.stderr)")
            #expect(kb.stderr == "stackboard: lost the connection to the X server '\(cutter.display)'; exiting\n", "\(at)")
        }
    }

    /// Points spread over each connection's bytes, more of them near the end of the window's
    /// connection (the paint with Pango after a cached frame: glyphs uploaded with XRender) and
    /// at the start of the others (between their opening and their first replies).
    private static func cues(_ sent: [Int]) -> [XConnectionCutter.Cue] {
        var cues: [XConnectionCutter.Cue] = []
        for (index, total) in sent.enumerated() {
            let spread = (1...7).map { total * $0 / 8 }
            let more = index == 0 ? (0...6).map { total - 512 << $0 } : [12, 13, 24, 48, 96]
            // Only the window's connection is pushed on by taps: the others' cues must come in
            // the start, which sends the same bytes each time.
            for budget in Set(spread + more).sorted() where budget > 0 && budget < total {
                cues.append(XConnectionCutter.Cue(connection: index + 1, budget: budget))
            }
        }
        return cues
    }

    private static func hasCachedFrame(_ session: XSession) -> Bool {
        let folder = session.dir + "/cache/stackboard"
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return !files.isEmpty
    }
}
