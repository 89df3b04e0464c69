import StackboardCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The file of remembered window places, `$XDG_STATE_HOME/stackboard/geometry.json` (default
/// `~/.local/state/stackboard/geometry.json`): read at start, written (atomically: a temporary
/// file renamed over it) whenever the user moved, resized, docked or undocked the keyboard.
final class GeometryStore {
    /// The file's path.
    let path: String
    /// What it holds (nothing when it was missing or damaged).
    private(set) var memory = WindowMemory()
    /// Where problems go (one line each).
    private let report: (String) -> Void
    /// The last write failed: say so once, not on every move.
    private var writeFailed = false

    /// The store at `path`, read now: a damaged file is reported once and ignored.
    init(path: String, report: @escaping (String) -> Void) {
        self.path = path
        self.report = report
        guard let bytes = Self.read(path) else { return }
        do {
            memory = try WindowMemory.decode(bytes, file: path)
        } catch {
            report(error.description)
        }
    }

    /// The path from `environment`: `$XDG_STATE_HOME` (absolute), else `$HOME/.local/state`; nil
    /// without either.
    static func path(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/stackboard/geometry.json" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.local/state/stackboard/geometry.json"
    }

    /// The entry of `layout` on a screen of `screen`.
    func entry(layout: String, screen: Size) -> WindowMemory.Entry? { memory[layout, screen] }

    /// Remembers `entry` for `layout` on `screen` and writes the file.
    func remember(_ entry: WindowMemory.Entry, layout: String, screen: Size) {
        guard memory[layout, screen] != entry else { return }
        memory[layout, screen] = entry
        write()
    }

    private func write() {
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        do throws(GeometryStoreError) {
            try Self.makeDirectories(directory)
            try Self.writeAtomically(Array(memory.encoded().utf8), to: path)
            writeFailed = false
        } catch {
            if !writeFailed { report("cannot remember where the keyboard is: \(error.message); check that \(directory) is writable") }
            writeFailed = true
        }
    }

    struct GeometryStoreError: Error {
        let message: String
    }

    static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let n = Glibc.read(fd, &chunk, chunk.count)
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        return bytes
    }

    static func makeDirectories(_ directory: String) throws(GeometryStoreError) {
        var built = ""
        for part in directory.split(separator: "/") {
            built += "/" + part
            if mkdir(built, 0o700) != 0 && errno != EEXIST {
                throw GeometryStoreError(message: "cannot make \(built): \(String(cString: strerror(errno)))")
            }
        }
    }

    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(GeometryStoreError) {
        let temporary = path + ".tmp\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw GeometryStoreError(message: "cannot write \(temporary): \(String(cString: strerror(errno)))") }
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n <= 0 {
                let reason = String(cString: strerror(errno))
                close(fd)
                unlink(temporary)
                throw GeometryStoreError(message: "cannot write \(temporary): \(reason)")
            }
            written += n
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw GeometryStoreError(message: "cannot replace \(path): \(reason)")
        }
    }
}
