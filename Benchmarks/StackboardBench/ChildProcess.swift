#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A child process started with posix_spawn whose stdout is a pipe this process reads and whose
/// stderr goes to a file. Owns the pid (killed and reaped in deinit) and the pipe's read end.
final class ChildProcess {
    let pid: pid_t
    /// The read end of the child's stdout.
    let output: Int32
    private var status: Int32?
    private var buffered: [UInt8] = []

    /// Starts `path` with `arguments`, stderr to `stderrPath`.
    init(_ path: String, _ arguments: [String], stderrPath: String) throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw BenchUsageError("pipe failed: \(String(cString: strerror(errno)))") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, path, &actions, nil, argv, environ)
        close(fds[1])
        guard rc == 0 else {
            close(fds[0])
            throw BenchUsageError("cannot start \(path): \(String(cString: strerror(rc)))")
        }
        pid = child
        output = fds[0]
    }

    /// The complete lines read within `timeoutMs` (empty on time-out); nil at end of file.
    func readLines(timeoutMs: Int32) -> [String]? {
        var pfd = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, timeoutMs) > 0 else { return [] }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
        if n <= 0 { return nil }
        buffered += chunk[0..<n]
        guard let lastNewline = buffered.lastIndex(of: 10) else { return [] }
        let complete = buffered[...lastNewline]
        buffered.removeSubrange(...lastNewline)
        return complete.split(separator: 10).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Waits for the child to end; its status as the shell shows it (128+N for signal N).
    @discardableResult
    func waitForExit() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        let code = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
        status = code
        return code
    }

    /// SIGKILL, then reap.
    func kill() {
        guard status == nil else { return }
        Glibc.kill(pid, SIGKILL)
        waitForExit()
    }

    deinit {
        kill()
        close(output)
    }
}
