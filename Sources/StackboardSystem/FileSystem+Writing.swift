#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import StackboardCore

extension FileSystemError {
    /// `cannot WHAT 'PATH': the C library's reason for errno `code``.
    init(_ what: String, _ path: String, errno code: Int32) {
        self.init(description: "cannot \(what) '\(path)': \(String(cString: strerror(code)))")
    }
}

extension FileSystem {
    /// Creates the absolute `path` and its missing parents with `mode` (existing directories are
    /// left alone).
    public static func makeDirectories(_ path: String, mode: mode_t = 0o700) throws(FileSystemError) {
        var prefix = ""
        for part in path.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, mode) != 0, errno != EEXIST { throw FileSystemError("create the directory", prefix, errno: errno) }
        }
    }

    /// Writes `parts`, one after the other, to `path` (mode `mode`) through a temporary file in
    /// the same directory and a rename: readers see the old file or the new one, never half.
    public static func writeAtomically(_ parts: [UnsafeRawBufferPointer], to path: String, mode: mode_t = 0o600) throws(FileSystemError) {
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode)
        guard fd >= 0 else { throw FileSystemError("create", temporary, errno: errno) }
        for part in parts {
            var offset = 0
            while offset < part.count {
                let n = write(fd, part.baseAddress.map { $0 + offset }, part.count - offset)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else {
                    let code = errno
                    close(fd)
                    unlink(temporary)
                    throw FileSystemError("write", temporary, errno: code)
                }
                offset += n
            }
        }
        guard close(fd) == 0 else {
            let code = errno
            unlink(temporary)
            throw FileSystemError("write", temporary, errno: code)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw FileSystemError("rename a file to", path, errno: code)
        }
    }

    /// Writes `bytes` to `path` the same way.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws(FileSystemError) {
        var failure: FileSystemError?
        bytes.withUnsafeBytes { raw in
            do throws(FileSystemError) { try writeAtomically([raw], to: path, mode: mode) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Removes the file at `path` (nothing there is no error).
    public static func remove(_ path: String) {
        unlink(path)
    }
}
