import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The X server dying at chosen points of a start (`XConnectionCutter`), the same points every
/// run: wherever the loss is found (in a round trip, in the middle of a paint with Pango and
/// XRender, while a frame's pixels are on their way, while the second connection opens), the
/// program ends with its one line: no crash, no silent exit, no death by SIGPIPE. Killing the
/// server at a random moment (WindowLifecycleTests) reaches these points only by chance.
@Suite struct FaultConnectionCutTests {
    /// What is started, and how it must end.
    enum Program: String, CaseIterable {
        case keyboard, keyboardFromTheCachedFrame, entry

        var arguments: [String] {
            self == .entry ? ["entry", "--no-sound", "--events"] : ["--no-sound"]
        }

        /// Its connections once started: the keyboard's window and its press watcher.
        var connections: Int { self == .entry ? 1 : 2 }

        func lostLine(_ display: String) -> String {
            let then = self == .entry ? "cancelling the entry" : "exiting"
            return "stackboard: lost the connection to the X server '\(display)'; \(then)\n"
        }

        func window(_ session: XSession) -> WindowInfo? {
            if self == .entry { return RunningEntry.find(session).flatMap { RunningKeyboard.windowInfo(session, id: $0) } }
            return RunningKeyboard.windowInfo(session, name: "Stackboard")
        }
    }

    @Test(arguments: Program.allCases)
    func theServerDyingAnywhereInTheStartEndsItWithItsLine(program: Program) throws {
        let session = try XSession()
        defer { session.close() }
        if program == .keyboardFromTheCachedFrame {
            // A first start writes the cached frame; the next ones put it on screen first, map,
            // then bring Pango up and paint again.
            let kb = try RunningKeyboard(session, [])
            try session.waitUntil(timeout: 20, "the cached frame") { Self.hasCachedFrame(session) }
            kill(kb.child.pid, SIGTERM)
            #expect(kb.child.wait(timeout: 10) == 0)
        }
        // What each connection sends until the program has started and gone quiet.
        let sent: [Int]
        do {
            let counter = try XConnectionCutter(server: session.display)
            defer { counter.close() }
            let child = try session.spawn(Tools.stackboard, program.arguments, env: ["DISPLAY": counter.display])
            var last: [Int] = []
            try session.waitUntil(timeout: 30, "the start to end and go quiet") {
                let now = counter.sent
                defer { last = now }
                return now.count >= program.connections && now == last && program.window(session)?.viewable == true
            }
            sent = counter.sent
            child.signal(SIGTERM)
            #expect(child.wait(timeout: 10) != nil)
            try session.waitUntil(timeout: 10, "the window to go") { program.window(session) == nil }
        }
        let pointer = try Tools.cTool("pointer", libs: ["-lX11", "-lXtst"])
        for cue in Self.cues(sent) {
            let cutter = try XConnectionCutter(server: session.display, cue: cue)
            defer { cutter.close() }
            let child = try session.spawn(Tools.stackboard, program.arguments, env: ["DISPLAY": cutter.display])
            // Each start sends a little more or less than the measured one: when it is over
            // before the cue, taps on its keys (through the real server) make it paint and send more.
            try session.waitUntil(timeout: 30, "the server's end (cue \(cue), sent \(cutter.sent))") {
                if cutter.hasDied || child.poll() != nil { return true }
                if let window = program.window(session), window.viewable {
                    _ = session.run(pointer, ["\(window.x + window.width / 2),\(window.y + window.height * 2 / 3)", "tap"])
                }
                return false
            }
            let status = child.wait(timeout: 20)
            if status == nil { child.stop() }
            let at = "the server died after connection \(cue.connection) sent \(cue.budget) of \(sent[cue.connection - 1]) bytes"
            #expect(status == 1, "\(at): status \(String(describing: status)), stderr: \(child.stderr)")
            #expect(child.stderr == program.lostLine(cutter.display), "\(at)")
            if program == .entry {
                #expect(child.stdout.split(separator: "\n").last == #"{"event":"cancel"}"#, "\(at): \(child.stdout)")
            }
        }
    }

    /// Points spread over each connection's bytes, more of them near the end of the window's
    /// connection (the paint with Pango after a cached frame: glyphs uploaded with XRender) and
    /// after it (taps), and at the start of the others (between their opening and their first replies). Only the
    /// window's connection is pushed on by taps: the others' cues must come in the start,
    /// which sends the same bytes each time.
    private static func cues(_ sent: [Int]) -> [XConnectionCutter.Cue] {
        var cues: [XConnectionCutter.Cue] = []
        for (index, total) in sent.enumerated() {
            let spread = (1...7).map { total * $0 / 8 }
            // Beyond the start, in the taps that push it on: a key pressed, typed and released.
            let running = index == 0 ? (0...3).map { total + 512 << $0 } : []
            let more = index == 0 ? (0...6).map { total - 512 << $0 } : [12, 13, 24, 48, 96]
            for budget in Set(spread + more).sorted() + running where budget > 0 && (budget < total || index == 0) {
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
