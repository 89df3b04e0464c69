import StackboardCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A whole file mapped read-only from disk (`mmap`): its pages are read when touched and stay
/// clean and shared, so a mapped model costs no private memory. Unmapped when released.
public final class MappedFile: ModelStorage, @unchecked Sendable {
    // Immutable after init; the mapping is read-only, so sharing it between threads is safe.
    private let base: UnsafeMutableRawPointer?
    private let length: Int
    /// The file's path.
    public let path: String

    /// Maps `path`; an error says why it cannot be read. Files over `limit` bytes are refused.
    public init(path: String, limit: Int = 64 << 20) throws(WordModelError) {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw WordModelError(file: path, message: "cannot open: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw WordModelError(file: path, message: "cannot stat: \(String(cString: strerror(errno)))") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw WordModelError(file: path, message: "not a regular file") }
        let size = Int(info.st_size)
        guard size <= limit else { throw WordModelError(file: path, message: "\(size) bytes is over the \(limit >> 20) MiB a word model may have") }
        length = size
        if size == 0 { base = nil; return }
        let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let mapped, mapped != MAP_FAILED else { throw WordModelError(file: path, message: "cannot map: \(String(cString: strerror(errno)))") }
        base = mapped
    }

    deinit {
        if let base { munmap(base, length) }
    }

    /// Drops the mapping's pages from this process (`madvise(MADV_DONTNEED)`): a read-only
    /// private file mapping reads them from the file (the page cache) again when touched.
    public func releaseResidentPages() {
        if let base { _ = madvise(base, length, Int32(MADV_DONTNEED)) }
    }

    /// The mapped bytes (valid while this object lives; the call keeps it alive).
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(UnsafeRawBufferPointer(start: base.map { UnsafeRawPointer($0) }, count: length)) }
    }
}
