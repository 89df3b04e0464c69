import CShims
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A regular file's bytes mapped read-only into memory (`mmap`), unmapped in `deinit`. Its pages are the
/// page cache's: reading a cached frame this way copies nothing and leaves nothing behind.
public final class MappedBytes {
    /// The file's bytes (valid while the object lives).
    public let bytes: UnsafeRawBufferPointer

    /// Maps the regular file at `path` of 1 to `maxSize` bytes; nil when it is missing, not a
    /// regular file, empty, larger, or cannot be mapped. Symbolic links are not followed.
    public init?(path: String, maxSize: Int) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0, info.st_size <= maxSize else { return nil }
        let size = Int(info.st_size)
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else { return nil }
        bytes = UnsafeRawBufferPointer(start: base, count: size)
    }

    deinit {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }
}

/// What `stat` says of a path (symbolic links followed).
public struct FileStatus: Equatable, Sendable {
    /// Device and inode.
    public var device: UInt64, inode: UInt64
    /// Size in bytes.
    public var size: Int64
    /// Last modification and last status change, in nanoseconds since 1970.
    public var modified: Int64, changed: Int64
    /// Whether it is a directory.
    public var isDirectory: Bool
    /// Hard links: for a directory on most file systems 2 + its subdirectories (1: not counted).
    public var links: UInt64

    /// The status of `path`; nil when there is nothing there (or it cannot be read).
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        isDirectory = info.st_mode & S_IFMT == S_IFDIR
        links = UInt64(info.st_nlink)
    }
}

/// The files the program is made of at run time.
public enum LoadedFiles {
    /// The path of the executable or shared library defining each of `symbols` (those loaded),
    /// without repeats, in order.
    public static func defining(_ symbols: [String]) -> [String] {
        var files: [String] = []
        var buffer = [CChar](repeating: 0, count: 4096)
        for symbol in symbols {
            let n = buffer.withUnsafeMutableBufferPointer { stackboard_file_defining(symbol, $0.baseAddress, Int32($0.count)) }
            guard n > 0 else { continue }
            let file = String(decoding: buffer[0..<Int(n)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !files.contains(file) { files.append(file) }
        }
        return files
    }
}

/// The C library's allocator, for a long-running process that should keep only what it uses.
public enum HeapMemory {
    /// Every thread allocates from the main arena (call first, before any thread starts): a
    /// short-lived thread at start (Pango's fontconfig loader) then leaves no arena behind
    /// (measured: 0.2 MB of private memory).
    public static func useOneArena() { stackboard_malloc_one_arena() }

    /// Gives the free pages of the heap back to the system (`malloc_trim`): after start-up,
    /// whose parsing and font loading leave holes behind.
    public static func giveBackFreePages() { stackboard_malloc_trim() }
}
