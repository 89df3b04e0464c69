import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Starting without a display, losing the server, signals, and idling without wake-ups.
@Suite struct WindowLifecycleTests {
    /// A display number with no server (no socket in /tmp/.X11-unix).
    private func unusedDisplay() -> String {
        var n = 4700
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") { n += 1 }
        return ":\(n)"
    }

    @Test func noServerIsOneLineThatSaysWhatToDoAndStatus2() throws {
        let display = unusedDisplay()
        var env = environmentWithoutDisplay
        env["DISPLAY"] = display
        let r = try runStackboard(["--print"], environment: env)
        #expect(r.status == 2)
        #expect(r.stderr == "stackboard: cannot open display '\(display)': is an X server running? Try DISPLAY=:0, or start one with Xvfb :1 &\n")
    }

    @Test func noDisplayVariableIsOneLineAndStatus2() throws {
        let r = try runStackboard([], environment: environmentWithoutDisplay)
        #expect(r.status == 2)
        #expect(r.stderr == "stackboard: cannot open a display: DISPLAY is not set. Try DISPLAY=:0, or start one with Xvfb :1 &\n")
    }

    @Test func losingTheServerExitsWithAMessageAndStatus1() throws {
        let session = try XSession()
        defer { session.close() }
        let kb = try RunningKeyboard(session, [])
        let server = try #require(session.serverPID)
        kill(server, SIGKILL)
        let status = kb.child.wait(timeout: 15)
        #expect(status == 1)
        #expect(kb.child.stderr == "stackboard: lost the connection to the X server '\(session.display)'; exiting\n")
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func stopSignalsExitWithStatus0(signal: Int32) throws {
        let session = try XSession()
        defer { session.close() }
        let kb = try RunningKeyboard(session, [])
        kill(kb.child.pid, signal)
        #expect(kb.child.wait(timeout: 10) == 0)
        #expect(kb.child.stderr.isEmpty)
    }

    @Test func usr1HidesAndUsr2ShowsTheKeyboard() throws {
        let session = try XSession()
        defer { session.close() }
        let kb = try RunningKeyboard(session, ["--print"])
        kill(kb.child.pid, SIGUSR1)
        try session.waitUntil(timeout: 10, "the keyboard to be hidden") {
            RunningKeyboard.windowInfo(session, id: kb.info.id)?.viewable == false
        }
        kill(kb.child.pid, SIGUSR2)
        try session.waitUntil(timeout: 10, "the keyboard to be shown again") {
            RunningKeyboard.windowInfo(session, id: kb.info.id)?.viewable == true
        }
        try kb.refresh()
        try kb.tap(labels: ["k"])
        #expect(kb.waitForPrinted(["k"]) == ["k"])
    }

    @Test func anUntouchedKeyboardDoesNotWakeUp() throws {
        let session = try XSession()
        defer { session.close() }
        let kb = try RunningKeyboard(session, ["--print"])
        try kb.tap(labels: ["a"])   // everything set up and one tap handled
        #expect(kb.waitForPrinted(["a"]) == ["a"])
        // Wait until it has gone quiet (the window manager's last events handled): no wake-up
        // between two looks half a second apart. A keyboard that never idles fails here.
        var last = -1
        let quiet = Wait.until(timeout: 30, interval: 0.5) {
            let now = kb.contextSwitches()
            defer { last = now }
            return now == last
        }
        try #require(quiet, "the keyboard never went idle for half a second in 30 s")
        // The property under test is a span of time: no wake-up in the next 2 s.
        let before = kb.contextSwitches()
        usleep(2_000_000)
        let after = kb.contextSwitches()
        #expect(after - before <= 1, "the idle keyboard woke up \(after - before) times in 2 s")
    }
}

extension WindowLifecycleTests {
    @Test func losingTheConnectionToXKillExitsWithAMessageAndStatus1() throws {
        let session = try XSession()
        defer { session.close() }
        let kb = try RunningKeyboard(session, [])
        let r = session.run("xkill", ["-id", kb.info.id])
        #expect(r.status == 0, "xkill: \(r.stderr)")
        #expect(kb.child.wait(timeout: 15) == 1)
        #expect(kb.child.stderr == "stackboard: lost the connection to the X server '\(session.display)'; exiting\n")
    }
}

extension WindowLifecycleTests {
    @Test func aDestroyedWindowEndsTheKeyboardCleanly() throws {
        let session = try XSession()
        defer { session.close() }
        let kb = try RunningKeyboard(session, [])
        kb.xdotool(["windowclose", kb.info.id])
        #expect(kb.child.wait(timeout: 10) == 0)
        #expect(kb.child.stderr.isEmpty)
    }
}
