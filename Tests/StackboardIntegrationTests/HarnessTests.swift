import CX11
import Testing
import Foundation

/// The harness itself: a private server with a WM, a target window that takes the focus, the
/// readiness probe and the MARK sentinel that the other tests rely on.
@Suite struct HarnessTests {
    @Test func xvfbWithOpenboxAndKeysink() throws {
        let session = try XSession()
        let sink = try session.spawn(try Tools.cTool("keysink"), ["-r"])
        #expect(sink.waitForLine(timeout: 10) { $0.hasPrefix("READY") } != nil)
        #expect(sink.waitForLine(timeout: 5) { $0.hasPrefix("FOCUSIN") } != nil)
        let r = session.run("xdotool", ["key", "a"])
        #expect(r.status == 0)
        #expect(sink.waitForLine(timeout: 5) { $0.hasPrefix("KEY ") && $0.contains("\"a\"") } != nil)
        session.close()
    }

    /// A mark comes after every event caused before it: keysink prints the keys xdotool typed
    /// before the MARK line, and `xkbtool watch` the keymap change made before its mark.
    @Test func aMarkArrivesAfterEverythingBeforeIt() throws {
        let session = try XSession()
        defer { session.close() }
        let sink = try session.spawn(try Tools.cTool("keysink"), [])
        try #require(sink.waitForLine(timeout: 10) { $0.hasPrefix("FOCUSIN") } != nil)
        #expect(session.run("xdotool", ["type", "abc"]).status == 0)
        try session.roundTrip(sink)
        let lines = sink.stdout.split(separator: "\n")
        let keys = lines.prefix { !$0.hasPrefix("MARK") }.filter { $0.hasPrefix("KEY ") }
        #expect(keys.count == 3, "keys before the mark: \(lines)")

        let watch = try session.spawn(try Tools.cTool("xkbtool", libs: ["-lX11", "-lXi"]), ["watch"])
        try #require(watch.waitForLine(timeout: 10) { $0 == "WATCHING" } != nil)
        #expect(session.run("xmodmap", ["-e", "keycode 191 = F13"]).status == 0)
        try session.roundTrip(watch)
        let watched = watch.stdout.split(separator: "\n")
        #expect(watched.prefix { !$0.hasPrefix("MARK") }.contains { $0.hasPrefix("MAPPING") }, "\(watched)")
    }

    /// The probe that proves the WM manages windows is gone before the session is handed out,
    /// and the next client's first window (which gets the probe's XIDs) is managed as itself:
    /// at its own size, not taken for the probe.
    @Test(arguments: [XSession.WindowManager.openbox, .matchbox])
    func theWindowManagerProbeLeavesNothingBehind(wm: XSession.WindowManager) throws {
        let session = try XSession(wm: wm)
        defer { session.close() }
        let x = try #require(XOpenDisplay(session.display))
        defer { XCloseDisplay(x) }
        #expect(WindowManagerProbe.managedWindows(x).isEmpty)
        let window = XCreateSimpleWindow(x, XDefaultRootWindow(x), 50, 50, 300, 200, 0, 0, 0)
        XMapWindow(x, window)
        XSync(x, 0)
        var attributes = XWindowAttributes()
        try session.waitUntil(timeout: 10, "the window to be managed") {
            XGetWindowAttributes(x, window, &attributes)
            return attributes.map_state == IsViewable && WindowManagerProbe.managedWindows(x).contains(window)
        }
        if wm == .openbox { #expect((attributes.width, attributes.height) == (300, 200)) }
        #expect(WindowManagerProbe.managedWindows(x) == [window])
    }

    /// A wait on a program under test that times out says how the program ended and what it
    /// wrote on stderr: a failure shows why, not only that it waited.
    @Test func aTimedOutWaitSaysHowTheProgramEndedAndWhatItWroteOnStderr() throws {
        let dir = try XSession.makeTempDir(prefix: "stackboard-harness")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let child = try Child("/bin/sh", ["-c", "echo cannot open the widget >&2; exit 3"],
                              environment: ProcessInfo.processInfo.environment, logDir: dir)
        #expect(child.wait(timeout: 10) == 3)
        let error = #expect(throws: XSession.Failure.self) {
            try child.waitUntil(timeout: 0.1, "a window") { false }
        }
        let message = try #require(error).description
        #expect(message.contains("waiting for a window"), "\(message)")
        #expect(message.contains("sh exited with status 3"), "\(message)")
        #expect(message.contains("cannot open the widget"), "\(message)")
    }

    /// A descriptor the test process holds without close-on-exec (here a pipe) does not reach
    /// the programs it starts: one held open by a child keeps its peer from seeing it close.
    @Test func spawnedProgramsInheritNoDescriptorOfTheTests() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer { for fd in fds { close(fd) } }
        let r = Child.run("/bin/sh", ["-c", "ls /proc/$$/fd"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n") == ["0", "1", "2"])
    }
}
