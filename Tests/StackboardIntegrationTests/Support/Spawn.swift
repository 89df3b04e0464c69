import Foundation
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A program under test, the one way the integration tests run one: started with `posix_spawn`,
/// an empty signal mask and default signal handlers (a Foundation `Process` started from a test
/// thread can inherit a blocked SIGTERM), in a process group of its own so that everything it
/// starts can be killed with it; stdout and stderr collected in files; waited on by condition
/// (`waitUntil`, `requireLine`, `finish`), never by a fixed sleep; stopped and reaped by `stop`
/// (or when it goes). Every wait that times out says how it ended and what it wrote on stderr.
/// `XSession.spawn` starts one on a session's display; `RunningKeyboard` and `RunningEntry` are
/// small wrappers that know the keyboard's and entry mode's windows.
final class Child: @unchecked Sendable {
    let pid: pid_t
    let name: String
    let stdoutPath: String
    let stderrPath: String
    private var exitStatus: Int32?

    enum SpawnError: Error, CustomStringConvertible {
        case failed(String, Int32)
        case log(String, Int32)
        var description: String {
            switch self {
            case .failed(let path, let code): return "cannot start \(path): \(String(cString: strerror(code)))"
            case .log(let path, let code): return "cannot create the log file \(path): \(String(cString: strerror(code)))"
            }
        }
    }

    /// Starts `path` with `arguments`; stdout and stderr go to files in `logDir`.
    /// `extraFD` makes the given descriptor the child's descriptor 3.
    init(_ path: String, _ arguments: [String], environment: [String: String], logDir: String,
         stdinPath: String? = nil, extraFD: Int32? = nil) throws {
        let base = (path as NSString).lastPathComponent
        let stem = try Child.reserveLogStem(in: logDir, base: base)
        name = base
        stdoutPath = stem + ".out"
        stderrPath = stem + ".err"

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdinPath ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if let fd = extraFD { posix_spawn_file_actions_adddup2(&actions, fd, 3) }
        // Nothing else of the test process: a socket or pipe some other test opened without
        // close-on-exec, held open by a child, keeps its peer from ever seeing it close.
        Child.closeFrom(&actions, extraFD == nil ? 3 : 4)

        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attr, &empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attr, &all)
        posix_spawnattr_setpgroup(&attr, 0)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawnp(&child, path, &actions, &attr, argv, envp)
        guard rc == 0 else { throw SpawnError.failed(path, rc) }
        pid = child
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34; not imported into Swift):
    /// the spawned program starts with no descriptor from `lowest` up.
    private static func closeFrom(_ actions: inout posix_spawn_file_actions_t, _ lowest: Int32) {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, lowest)
    }

    /// A log file stem (`DIR/NAME`, `DIR/NAME-1`, ...) that no other child of any thread or
    /// process uses: its `.out` file is created with O_EXCL, which only one creator can win
    /// (checking which names exist and creating later let parallel children share a log).
    private static func reserveLogStem(in logDir: String, base: String) throws -> String {
        for n in 0..<10_000 {
            let stem = n == 0 ? "\(logDir)/\(base)" : "\(logDir)/\(base)-\(n)"
            let fd = open(stem + ".out", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd >= 0 {
                close(fd)
                return stem
            }
            guard errno == EEXIST else { throw SpawnError.log(stem + ".out", errno) }
        }
        throw SpawnError.log("\(logDir)/\(base).out", EEXIST)
    }

    /// The exit status if it has exited (128+signal when killed), nil while running.
    func poll() -> Int32? {
        if let s = exitStatus { return s }
        var status: Int32 = 0
        let r = waitpid(pid, &status, WNOHANG)
        guard r == pid else { return nil }
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        exitStatus = code
        return code
    }

    /// Waits up to `timeout` seconds for it to exit; nil on timeout.
    @discardableResult
    func wait(timeout: Double) -> Int32? {
        _ = Wait.until(timeout: timeout, interval: 0.005) { poll() != nil }
        return poll()
    }

    /// Sends `signal` once to the child's whole process group (to the child alone if it has left
    /// its group). Once: a second signal runs a handler twice, or kills a program that handles it
    /// only once (a GLib signal source that returns false gives the signal its default action back).
    func signal(_ sig: Int32) {
        if poll() == nil, kill(-pid, sig) != 0 { kill(pid, sig) }
    }

    /// Ends it: SIGTERM, then SIGKILL after `grace` seconds.
    func stop(grace: Double = 2) {
        guard poll() == nil else { kill(-pid, SIGKILL); return }
        signal(SIGTERM)
        if wait(timeout: grace) == nil {
            kill(-pid, SIGKILL); kill(pid, SIGKILL)
            wait(timeout: 2)
        }
        kill(-pid, SIGKILL) // anything left in its group
    }

    /// What it has written to stdout so far.
    var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    /// What it has written to stderr so far.
    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// Where it is, for a failure's message: its exit status or "still running", and the end
    /// of its stderr.
    var report: String {
        let state = poll().map { "\(name) exited with status \($0)" } ?? "\(name) is still running"
        let err = stderr
        return err.isEmpty ? "\(state), nothing on stderr" : "\(state), stderr ends: \(err.suffix(600))"
    }

    /// Polls `condition` until it holds; after `timeout` seconds throws "timed out waiting for
    /// `what`" with `report`.
    func waitUntil(timeout: Double, interval: Double = 0.02, _ what: @autoclosure () -> String,
                   _ condition: () throws -> Bool) throws {
        guard try Wait.until(timeout: timeout, interval: interval, condition) else {
            throw XSession.Failure(description: "timed out after \(timeout) s waiting for \(what()) (\(report))")
        }
    }

    /// The complete lines it has written to stdout so far (a line still being written is left out).
    var lines: [String] {
        stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Waits until stdout holds a line for which `match` is true and returns it; throws with
    /// `what` and `report` after `timeout` seconds.
    func requireLine(timeout: Double, _ what: @autoclosure () -> String, _ match: (String) -> Bool) throws -> String {
        guard let line = waitForLine(timeout: timeout, match) else {
            throw XSession.Failure(description: "timed out after \(timeout) s waiting for \(what()) on \(name)'s stdout "
                                   + "(stdout ends: \(stdout.suffix(300)); \(report))")
        }
        return line
    }

    /// Waits up to `timeout` seconds for it to exit (stopped then, status -1) and returns its
    /// status and output.
    func finish(timeout: Double) -> (status: Int32, stdout: String, stderr: String) {
        let status = wait(timeout: timeout) ?? { stop(); return -1 }()
        return (status, stdout, stderr)
    }

    /// Waits until stdout holds a line for which `match` is true; returns that line.
    func waitForLine(timeout: Double, _ match: (String) -> Bool) -> String? {
        var found: String?
        _ = Wait.until(timeout: timeout, interval: 0.01) {
            found = stdout.split(separator: "\n").map(String.init).first(where: match)
            return found != nil
        }
        return found
    }

    /// Runs `path` to completion (killed after `timeout` seconds, status -1) and returns its
    /// status and output. Logs go to `logDir`, or to a scratch folder removed afterwards; a
    /// program that cannot be started gives status 127 and the reason on stderr.
    static func run(_ path: String, _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
                    logDir: String? = nil, stdinPath: String? = nil, timeout: Double = 20) -> (status: Int32, stdout: String, stderr: String) {
        var scratch: String?
        if logDir == nil {
            var template = Array((NSTemporaryDirectory() + "/stackboard-run-XXXXXX").utf8CString)
            guard let made = mkdtemp(&template) else { return (127, "", "cannot start \(path): mkdtemp failed") }
            scratch = String(cString: made)
        }
        defer { if let scratch { try? FileManager.default.removeItem(atPath: scratch) } }
        let child: Child
        do {
            child = try Child(path, arguments, environment: environment, logDir: logDir ?? scratch ?? "", stdinPath: stdinPath)
        } catch {
            return (127, "", "\(error)")
        }
        return child.finish(timeout: timeout)
    }

    deinit { stop(grace: 1) }
}
