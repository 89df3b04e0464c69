import Foundation
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A display of its own in front of a real X server that dies on cue: every connection to it
/// is passed through until the `connection`-th one (counted from 1) has sent `budget` bytes;
/// then every connection is cut and new ones are refused, as when the server is killed. So a
/// test can end a program's X connections at a point of its choosing, the same point each
/// time: in the middle of a paint, between two requests of start-up, while a second
/// connection opens. Without a budget it only counts what each connection sent (`sent`).
final class XConnectionCutter: @unchecked Sendable {
    /// When the server dies: after the `connection`-th connection (from 1) sent `budget` bytes.
    struct Cue {
        var connection: Int
        var budget: Int
    }

    /// `:N`, to give a client as its display.
    let display: String
    private let number: Int
    private let listener: Int32
    private let wake: [Int32]
    private let server: String
    private let cue: Cue?
    private let lock = NSLock()
    private var counts: [Int] = []
    private var died = false
    private var thread: Thread?

    /// Listens as a free display for connections to pass on to `server` (`:N`).
    init(server: String, cue: Cue? = nil) throws {
        self.server = server
        self.cue = cue
        // Reserve a display number as X servers do (their lock file), so none starts on it.
        var chosen: Int?
        for n in 700..<900 {
            let fd = open("/tmp/.X\(n)-lock", O_WRONLY | O_CREAT | O_EXCL, 0o444)
            if fd >= 0 { Glibc.close(fd); chosen = n; break }
        }
        guard let number = chosen else { throw XSession.Failure(description: "no free display number for the cutter") }
        self.number = number
        display = ":\(number)"
        let path = "/tmp/.X11-unix/X\(number)"
        unlink(path)
        // Close-on-exec, all of them: a listener inherited by a spawned program (the keyboard
        // itself) would outlive its close here and hold new connections unanswered.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0, Self.withAddress(path, { bind(fd, $0, $1) }) == 0, listen(fd, 8) == 0 else {
            let reason = String(cString: strerror(errno))
            if fd >= 0 { Glibc.close(fd) }
            unlink("/tmp/.X\(number)-lock")
            throw XSession.Failure(description: "the cutter cannot listen on \(path): \(reason)")
        }
        listener = fd
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw XSession.Failure(description: "pipe failed") }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        wake = fds
        let thread = Thread { [self] in pump() }
        self.thread = thread
        thread.start()
    }

    /// How many bytes each connection's client has sent so far, in the order they connected.
    var sent: [Int] {
        lock.lock(); defer { lock.unlock() }
        return counts
    }

    /// Whether the cue has come (the server "died").
    var hasDied: Bool {
        lock.lock(); defer { lock.unlock() }
        return died
    }

    /// Stops passing anything on and gives the display number back.
    func close() {
        var byte: UInt8 = 1
        _ = write(wake[1], &byte, 1)
        while thread?.isFinished == false { usleep(1_000) }
        unlink("/tmp/.X11-unix/X\(number)")
        unlink("/tmp/.X\(number)-lock")
        Glibc.close(wake[0])
        Glibc.close(wake[1])
    }

    /// One pair: the client's socket, the server's, and which connection it is (from 0).
    private struct Pair {
        var client: Int32
        var server: Int32
        var index: Int
    }

    private func pump() {
        var pairs: [Pair] = []
        var listening = true
        defer {
            for pair in pairs { Glibc.close(pair.client); Glibc.close(pair.server) }
            if listening { Glibc.close(listener) }
        }
        while true {
            var fds = [pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0),
                       pollfd(fd: listening ? listener : -1, events: Int16(POLLIN), revents: 0)]
            for pair in pairs {
                fds.append(pollfd(fd: pair.client, events: Int16(POLLIN), revents: 0))
                fds.append(pollfd(fd: pair.server, events: Int16(POLLIN), revents: 0))
            }
            guard poll(&fds, nfds_t(fds.count), -1) >= 0 || errno == EINTR else { return }
            if fds[0].revents != 0 { return }
            var died = false
            var open: [Pair] = []
            for (i, pair) in pairs.enumerated() {
                var alive = true
                if !died, fds[2 + 2 * i].revents != 0 { (alive, died) = forward(pair, fromClient: true) }
                if alive, !died, fds[3 + 2 * i].revents != 0 { (alive, _) = forward(pair, fromClient: false) }
                if alive {
                    open.append(pair)
                } else {
                    Glibc.close(pair.client)
                    Glibc.close(pair.server)
                }
            }
            if died {
                // The server is gone: every connection ends, and no new one is taken.
                for pair in open { Glibc.close(pair.client); Glibc.close(pair.server) }
                pairs = []
                Glibc.close(listener)
                listening = false
                unlink("/tmp/.X11-unix/X\(number)")
                continue
            }
            pairs = open
            if listening, fds[1].revents & Int16(POLLIN) != 0, let pair = accept() { pairs.append(pair) }
        }
    }

    /// Takes a new connection and opens its way to the server.
    private func accept() -> Pair? {
        let client = Glibc.accept(listener, nil, nil)
        guard client >= 0 else { return nil }
        _ = fcntl(client, F_SETFD, FD_CLOEXEC) // (accept4 is not imported from Glibc)
        let upstream = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        let path = "/tmp/.X11-unix/X\(server.dropFirst())"
        guard upstream >= 0, Self.withAddress(path, { connect(upstream, $0, $1) }) == 0 else {
            Glibc.close(client)
            if upstream >= 0 { Glibc.close(upstream) }
            return nil
        }
        lock.lock()
        counts.append(0)
        let index = counts.count - 1
        lock.unlock()
        return Pair(client: client, server: upstream, index: index)
    }

    /// Passes what is readable on one side to the other. `alive` is false when a side closed;
    /// `died` when this was the cue's connection and its budget is spent (what fits in the
    /// budget is passed on first).
    private func forward(_ pair: Pair, fromClient: Bool) -> (alive: Bool, died: Bool) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let n = read(fromClient ? pair.client : pair.server, &buffer, buffer.count)
        guard n > 0 else { return (false, false) }
        var count = n
        var died = false
        if fromClient {
            lock.lock()
            if let cue, cue.connection == pair.index + 1, counts[pair.index] + count >= cue.budget {
                count = max(0, cue.budget - counts[pair.index])
                died = true
                self.died = true
            }
            counts[pair.index] += count
            lock.unlock()
        }
        var offset = 0
        while offset < count {
            let w = buffer[offset..<count].withUnsafeBytes { write(fromClient ? pair.server : pair.client, $0.baseAddress, $0.count) }
            guard w > 0 else { return (false, died) }
            offset += w
        }
        return (true, died)
    }

    private static func withAddress(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.prefix(raw.count - 1).enumerated() { raw[i] = b }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
