/// What is at a path (symbolic links followed).
public enum FileKind: Equatable, Sendable {
    /// Nothing (or a dangling link).
    case missing
    /// A regular file of `size` bytes.
    case regular(size: Int)
    /// A directory.
    case directory
    /// A device, pipe or socket.
    case other
    /// Something whose attributes cannot be read (`stat` failed other than with ENOENT).
    case unreadable
}

/// Why a file could not be written, with the path and the system's reason.
public struct FileSystemError: Error, Sendable, CustomStringConvertible {
    /// One line: what failed and why.
    public let description: String

    /// An error saying `description`.
    public init(description: String) {
        self.description = description
    }
}

/// The file system as Core reads and writes it: layouts, themes, the emoji data, the
/// configuration file, the recently used emoji. Core links no C library: the programs give it
/// StackboardSystem's `SystemFiles`, tests may give a fake.
public protocol Files: Sendable {
    /// What is at `path`.
    func kind(_ path: String) -> FileKind
    /// The bytes of the file at `path`, at most `limit` of them (nil when it cannot be opened or
    /// read, or is longer than `limit`).
    func contents(_ path: String, limit: Int) -> [UInt8]?
    /// The names in directory `path` (without `.` and `..`), unsorted; only those of directories
    /// when `directoriesOnly`. Nil when it cannot be read.
    func names(inDirectory path: String, directoriesOnly: Bool) -> [String]?
    /// The absolute path of `path` with every symbolic link, `.` and `..` resolved; nil when
    /// some part of it does not exist.
    func realPath(_ path: String) -> String?
    /// Creates the absolute `path` and its missing parents with `mode`.
    func makeDirectories(_ path: String, mode: UInt32) throws(FileSystemError)
    /// Writes `bytes` to `path` (mode `mode`) so that readers see the old file or the new one,
    /// never half.
    func writeAtomically(_ bytes: [UInt8], to path: String, mode: UInt32) throws(FileSystemError)
}

extension Files {
    /// Whether `path` is a directory.
    public func isDirectory(_ path: String) -> Bool { kind(path) == .directory }
}

/// Paths as strings.
public enum FilePath {
    /// `path` without its last component (`/a/b` → `/a`, `/a` → `/`, `a` → `.`).
    public static func parent(of path: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }
}
