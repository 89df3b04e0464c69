import StackboardCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What the programs do with files (read layouts and configuration, keep state and caches), in
/// one funnel over the C library; Core is given it as `SystemFiles`. No module imports
/// Foundation or FoundationEssentials for them: FoundationEssentials alone adds about 2.3 MB to the keyboard's PSS and 0.3 MB of
/// private dirty memory (measured on a static-stdlib build; docs/benchmarks.md).
public enum FileSystem {
    /// What is at a path (symbolic links followed).
    public typealias Kind = FileKind

    /// What is at `path` (`stat`).
    public static func kind(_ path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular(size: Int(info.st_size))
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// Whether `path` is a directory.
    public static func isDirectory(_ path: String) -> Bool { kind(path) == .directory }

    /// Whether `path` is a regular file.
    public static func isRegularFile(_ path: String) -> Bool {
        if case .regular = kind(path) { return true }
        return false
    }

    /// The bytes of the file at `path`, at most `limit` of them (nil when it cannot be opened or
    /// read, or is longer than `limit`).
    public static func contents(_ path: String, limit: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var out: [UInt8] = []
        var info = stat()
        if fstat(fd, &info) == 0, info.st_size > 0 { out.reserveCapacity(min(Int(info.st_size), limit) + 1) }
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { return out }
            out.append(contentsOf: chunk[0..<n])
            if out.count > limit { return nil }
        }
    }

    /// The names in directory `path` (without `.` and `..`), unsorted; only those of
    /// directories (symbolic links followed) when `directoriesOnly`. Nil when it cannot be read.
    public static func names(inDirectory path: String, directoriesOnly: Bool = false) -> [String]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            if directoriesOnly {
                // The entry's type saves a stat per font file; links and unknown types are looked at.
                let type = Int32(entry.pointee.d_type)
                guard type == DT_DIR || ((type == DT_LNK || type == DT_UNKNOWN) && isDirectory(path + "/" + name)) else { continue }
            }
            names.append(name)
        }
        return names
    }

    /// The absolute path of `path` with every symbolic link, `.` and `..` resolved (`realpath`);
    /// nil when some part of it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The target of the symbolic link at `path` (`readlink`), nil when it is not one.
    public static func linkTarget(_ path: String) -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = buffer.withUnsafeMutableBytes { raw -> Int in
            guard let base = raw.baseAddress else { return -1 }
            return readlink(path, base.assumingMemoryBound(to: CChar.self), raw.count - 1)
        }
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n], as: UTF8.self)
    }

    /// This process's environment variables (the C library's `environ`).
    public static func environment() -> [String: String] {
        var out: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let eq = text.firstIndex(of: "=") {
                out[String(text[..<eq])] = String(text[text.index(after: eq)...])
            }
            entry += 1
        }
        return out
    }

}

/// The real file system, through the C library (`FileSystem`).
public struct SystemFiles: Files {
    /// The process's file system.
    public init() {}
    /// See `FileSystem.kind`.
    public func kind(_ path: String) -> FileKind { FileSystem.kind(path) }
    /// See `FileSystem.contents`.
    public func contents(_ path: String, limit: Int) -> [UInt8]? { FileSystem.contents(path, limit: limit) }
    /// See `FileSystem.names`.
    public func names(inDirectory path: String, directoriesOnly: Bool) -> [String]? {
        FileSystem.names(inDirectory: path, directoriesOnly: directoriesOnly)
    }
    /// See `FileSystem.realPath`.
    public func realPath(_ path: String) -> String? { FileSystem.realPath(path) }
    /// See `FileSystem.makeDirectories`.
    public func makeDirectories(_ path: String, mode: UInt32) throws(FileSystemError) {
        try FileSystem.makeDirectories(path, mode: mode_t(mode))
    }
    /// See `FileSystem.writeAtomically`.
    public func writeAtomically(_ bytes: [UInt8], to path: String, mode: UInt32) throws(FileSystemError) {
        try FileSystem.writeAtomically(bytes, to: path, mode: mode_t(mode))
    }
}

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
