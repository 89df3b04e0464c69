#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Reads whole files and standard input with the C library (no Foundation, which would pull
/// ICU's 30 MB data table into the static binary).
public enum FileInput {
    /// The bytes of `path` (`-`: standard input), at most `limit` bytes; nil when unreadable.
    public static func read(_ path: String, limit: Int = 64 << 20) -> [UInt8]? {
        let fd = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while out.count <= limit {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { return out }
            out.append(contentsOf: chunk[0..<n])
        }
        return nil
    }

    /// The UTF-8 text of `path` (`-`: standard input); nil when unreadable or not valid UTF-8.
    public static func text(_ path: String) -> String? {
        guard let bytes = read(path) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }
}
