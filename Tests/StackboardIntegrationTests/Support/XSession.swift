import Foundation
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A private X server (Xvfb on a free display, chosen by the server itself with -displayfd)
/// with a real window manager, for one test. Every process it starts is killed when it goes.
final class XSession: @unchecked Sendable {
    enum WindowManager: String { case openbox, matchbox = "matchbox-window-manager", none }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `:N`.
    let display: String
    /// Folder for this session's logs and scratch files.
    let dir: String
    private var xvfb: Child?
    private var children: [Child] = []
    private let lock = NSLock()

    /// Starts Xvfb (`screen` as WxHxD) and `wm`, and waits until the WM manages the screen.
    init(wm: WindowManager = .openbox, screen: String = "1280x800x24", extraXvfbArgs: [String] = []) throws {
        dir = try XSession.makeTempDir()
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw Failure(description: "pipe failed") }
        let server = try Child("Xvfb", ["-displayfd", "3", "-screen", "0", screen, "-nolisten", "tcp", "-noreset"] + extraXvfbArgs,
                               environment: ProcessInfo.processInfo.environment, logDir: dir, extraFD: fds[1])
        Glibc.close(fds[1])
        xvfb = server
        var number = ""
        var byte: UInt8 = 0
        var pfd = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            if Glibc.poll(&pfd, 1, 100) > 0 {
                if read(fds[0], &byte, 1) != 1 { break }
                if byte == UInt8(ascii: "\n") { break }
                number.append(Character(UnicodeScalar(byte)))
            }
        }
        Glibc.close(fds[0])
        guard !number.isEmpty, Int(number) != nil else {
            server.stop()
            throw Failure(description: "Xvfb did not start: \(server.stderr.suffix(400))")
        }
        display = ":" + number
        if wm != .none {
            let w = try spawn(wm.rawValue, [])
            try waitUntil(timeout: 15, "window manager \(wm.rawValue) on \(display): \(w.stderr.suffix(300))") {
                let out = self.run("xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"]).stdout
                return out.contains("window id")
            }
        }
    }

    /// The environment for a client of this server.
    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env["HOME"] = dir
        env["XDG_CONFIG_HOME"] = dir + "/config"
        env["XDG_DATA_HOME"] = dir + "/data"
        env["XDG_CACHE_HOME"] = dir + "/cache"
        env["XDG_RUNTIME_DIR"] = dir
        return env
    }

    /// Starts a program on this display; it is killed when the session ends.
    @discardableResult
    func spawn(_ path: String, _ args: [String], env extra: [String: String] = [:], stdinPath: String? = nil) throws -> Child {
        let child = try Child(path, args, environment: environment.merging(extra) { $1 }, logDir: dir, stdinPath: stdinPath)
        lock.lock(); children.append(child); lock.unlock()
        return child
    }

    /// Runs a program to completion (killed after `timeout` seconds).
    func run(_ path: String, _ args: [String], env extra: [String: String] = [:], stdinPath: String? = nil,
             timeout: Double = 20) -> (status: Int32, stdout: String, stderr: String) {
        guard let child = try? Child(path, args, environment: environment.merging(extra) { $1 }, logDir: dir, stdinPath: stdinPath) else {
            return (127, "", "cannot start \(path)")
        }
        let status = child.wait(timeout: timeout) ?? { child.stop(); return -1 }()
        return (status, child.stdout, child.stderr)
    }

    /// Polls `condition` until it holds; throws with `what` on timeout.
    func waitUntil(timeout: Double, _ what: @autoclosure () -> String, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return }
            usleep(20_000)
        }
        if condition() { return }
        throw Failure(description: "timed out waiting for \(what())")
    }

    /// Stops every process this session started, then the server.
    func close() {
        lock.lock(); let all = children; children.removeAll(); lock.unlock()
        for c in all.reversed() { c.stop(grace: 2) }
        xvfb?.stop(grace: 2)
        xvfb = nil
    }

    deinit {
        close()
        if ProcessInfo.processInfo.environment["STACKBOARD_KEEP_TEST_LOGS"] == nil {
            try? FileManager.default.removeItem(atPath: dir)
        }
    }

    private static func makeTempDir() throws -> String {
        var template = Array((NSTemporaryDirectory() + "/stackboard-test-XXXXXX").utf8CString)
        guard let p = mkdtemp(&template) else { throw Failure(description: "mkdtemp failed") }
        return String(cString: p)
    }
}
