import Foundation
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// How to start one kind of X server for an `XSession`: the program, its arguments for a
/// session folder (writing there any file it needs), and what to show when it does not come
/// up. Every server is started with `-displayfd 3`, so that it picks a free display itself and
/// says which once it accepts connections: displays never collide between parallel tests.
struct XServerCommand {
    /// The executable (a name on PATH or a full path).
    let program: String
    /// The server's name in messages.
    let name: String
    /// The arguments (without -displayfd) for the session folder; may write files there.
    let arguments: (_ dir: String) throws -> [String]
    /// What to show when it did not start: its log, in the session folder or on stderr.
    let failureDetail: (_ dir: String, _ server: Child) -> String
    /// How long it may take to write its display number.
    var startTimeout: Double = 20
    /// How long it gets to exit after SIGTERM before SIGKILL.
    var stopGrace: Double = 2

    /// Xvfb with one screen of `screen` (WxHxD), no TCP, no reset when the last client leaves.
    static func xvfb(screen: String, extraArgs: [String] = []) -> XServerCommand {
        XServerCommand(program: "Xvfb", name: "Xvfb",
                       arguments: { _ in ["-screen", "0", screen, "-nolisten", "tcp", "-noreset"] + extraArgs },
                       failureDetail: { _, server in String(server.stderr.suffix(400)) })
    }

    /// Starts the server with its logs in `dir` and waits for its display number.
    func start(in dir: String) throws -> (server: Child, displayNumber: String) {
        let args = try arguments(dir) + ["-displayfd", "3"]
        var fds: [Int32] = [0, 0]
        // Close-on-exec: only the server gets the write end (as its fd 3, which the spawn's
        // dup2 leaves open), so that the read ends at once if it dies, and the children other
        // tests start meanwhile do not hold it open. (pipe2 is not imported from Glibc.)
        guard pipe(&fds) == 0 else {
            throw XSession.Failure(description: "pipe failed: \(String(cString: strerror(errno)))")
        }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        defer { Glibc.close(fds[0]) }
        let server: Child
        do {
            server = try Child(program, args, environment: ProcessInfo.processInfo.environment, logDir: dir, extraFD: fds[1])
        } catch {
            Glibc.close(fds[1])
            throw error
        }
        Glibc.close(fds[1])
        guard let number = Self.readLine(fd: fds[0], timeout: startTimeout), !number.isEmpty, Int(number) != nil else {
            server.stop()
            throw XSession.Failure(description: "\(name) did not start within \(startTimeout) s: \(failureDetail(dir, server))")
        }
        return (server, number)
    }

    /// One line from `fd`, or nil when it ends first or `timeout` passes.
    private static func readLine(fd: Int32, timeout: Double) -> String? {
        var line = ""
        var byte: UInt8 = 0
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard Glibc.poll(&pfd, 1, 100) > 0 else { continue }
            guard read(fd, &byte, 1) == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { return line }
            line.append(Character(UnicodeScalar(byte)))
        }
        return nil
    }
}
