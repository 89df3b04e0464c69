import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A private X server for one test, with a real window manager: by default Xvfb (chosen
/// display: the server picks a free one with -displayfd); `XorgTouchSession` is the same with
/// Xorg and a touchscreen. Every process it starts is killed when it goes, and its folder
/// (logs, scratch files) is removed unless STACKBOARD_KEEP_TEST_LOGS is set.
///
/// Ready means ready: the server has written its display number, and the window manager both
/// announces itself and has really managed (and let go of) a probe window.
class XSession: @unchecked Sendable {
    /// The window manager to run: openbox, matchbox, or none.
    enum WindowManager: String { case openbox, matchbox = "matchbox-window-manager", none }

    /// What went wrong while setting up or waiting, said as what to look at.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `:N`.
    let display: String
    /// Folder for this session's logs and scratch files.
    let dir: String
    private var server: Child?
    private let serverGrace: Double
    private var children: [Child] = []
    private var marks = 0
    private let lock = NSLock()
    /// When the session started and for which test: its lifetime is appended to the file named by
    /// STACKBOARD_TEST_TIMES, to find where `make test`'s time goes.
    private let started = Date()
    private let testName = Test.current.map { "\($0.sourceLocation.fileID) \($0.name)" } ?? "?"

    /// Starts Xvfb (`screen` as WxHxD) and `wm`, and waits until the WM manages windows.
    convenience init(wm: WindowManager = .openbox, screen: String = "1280x800x24", extraXvfbArgs: [String] = []) throws {
        try self.init(server: .xvfb(screen: screen, extraArgs: extraXvfbArgs), wm: wm)
    }

    /// Starts `server` in `dir` (default: a new folder; the session owns and removes it, also
    /// when this throws), then `wm`, and waits until each is ready.
    init(server: XServerCommand, wm: WindowManager, dir given: String? = nil) throws {
        let folder = try given ?? XSession.makeTempDir()
        do {
            let (child, number) = try server.start(in: folder)
            display = ":" + number
            self.server = child
        } catch {
            XSession.removeUnlessKept(folder)
            throw error
        }
        dir = folder
        serverGrace = server.stopGrace
        if wm != .none { try startWindowManager(wm) }
    }

    /// Starts `wm` and waits until it announces itself (`_NET_SUPPORTING_WM_CHECK`) and then
    /// really manages a window (`WindowManagerProbe`).
    func startWindowManager(_ wm: WindowManager, timeout: Double = 15) throws {
        let w = try spawn(wm.rawValue, [])
        try w.waitUntil(timeout: timeout, "window manager \(wm.rawValue) on \(display)") {
            self.run("xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"]).stdout.contains("window id")
        }
        try WindowManagerProbe.waitUntilManaging(display: display, name: wm.rawValue, timeout: timeout)
    }

    /// The X server's pid while it runs (for tests that kill it).
    var serverPID: pid_t? {
        lock.lock(); defer { lock.unlock() }
        return server?.poll() == nil ? server?.pid : nil
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

    /// Starts a program under test on this display (see `Child`); it is stopped and reaped when
    /// the session ends.
    @discardableResult
    func spawn(_ path: String, _ args: [String], env extra: [String: String] = [:], stdinPath: String? = nil) throws -> Child {
        let child = try Child(path, args, environment: environment.merging(extra) { $1 }, logDir: dir, stdinPath: stdinPath)
        lock.lock(); children.append(child); lock.unlock()
        return child
    }

    /// Runs a program on this display to completion (killed after `timeout` seconds).
    func run(_ path: String, _ args: [String], env extra: [String: String] = [:], stdinPath: String? = nil,
             timeout: Double = 20) -> (status: Int32, stdout: String, stderr: String) {
        Child.run(path, args, environment: environment.merging(extra) { $1 }, logDir: dir, stdinPath: stdinPath, timeout: timeout)
    }

    /// Polls `condition` until it holds; throws with `what` on timeout (see `Wait`).
    func waitUntil(timeout: Double, _ what: @autoclosure () -> String, _ condition: () -> Bool) throws {
        try Wait.require(timeout: timeout, what(), condition)
    }

    /// A new number for `mark()`, one higher each call.
    func nextMark() -> Int {
        lock.lock(); defer { lock.unlock() }
        marks += 1
        return marks
    }

    /// Stops every process this session started, newest first, then the server.
    func close() {
        lock.lock(); let all = children; children.removeAll(); lock.unlock()
        for c in all.reversed() { c.stop(grace: 2) }
        server?.stop(grace: serverGrace)
        server = nil
    }

    deinit {
        close()
        XSession.removeUnlessKept(dir)
        recordTime()
    }

    private func recordTime() {
        guard let path = ProcessInfo.processInfo.environment["STACKBOARD_TEST_TIMES"],
              let out = FileHandle(forWritingAtPath: path) ?? (FileManager.default.createFile(atPath: path, contents: nil)
                                                                ? FileHandle(forWritingAtPath: path) : nil) else { return }
        defer { try? out.close() }
        _ = try? out.seekToEnd()
        out.write(Data(String(format: "%.1f %@\n", Date().timeIntervalSince(started), testName).utf8))
    }

    /// A new folder for a session's files.
    static func makeTempDir(prefix: String = "stackboard-test") throws -> String {
        var template = Array((NSTemporaryDirectory() + "/\(prefix)-XXXXXX").utf8CString)
        guard let p = mkdtemp(&template) else { throw Failure(description: "mkdtemp failed in \(NSTemporaryDirectory())") }
        return String(cString: p)
    }

    private static func removeUnlessKept(_ folder: String) {
        if ProcessInfo.processInfo.environment["STACKBOARD_KEEP_TEST_LOGS"] == nil {
            try? FileManager.default.removeItem(atPath: folder)
        }
    }
}
