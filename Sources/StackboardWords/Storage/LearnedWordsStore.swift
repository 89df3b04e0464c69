import StackboardCore
import StackboardSystem
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The learned words on disk: `$XDG_DATA_HOME/stackboard/words-LANG.txt` (default
/// `~/.local/share/stackboard/`), mode 0600 in a folder of mode 0700.
///
/// Written atomically: a new file next to it (created 0600), written, `fsync`ed, renamed over the
/// old one, and the folder `fsync`ed, so that a kill or a power cut leaves the old file or the new
/// one, never half of one. A file that does not load is set aside (renamed `….damaged`) and the
/// model starts empty; the caller prints the one-line notice `load` returns.
public struct LearnedWordsStore: Sendable {
    /// The folder of the files.
    public var directory: String

    /// A store in `directory`.
    public init(directory: String) { self.directory = directory }

    /// The store of `environment` (`$XDG_DATA_HOME`, else `$HOME/.local/share`), nil without either.
    public init?(environment: [String: String]) {
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            directory = dataHome + "/stackboard"
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            directory = home + "/.local/share/stackboard"
        } else {
            return nil
        }
    }

    /// The file of `language`'s learned words.
    public func path(for language: String) -> String { directory + "/words-" + language + ".txt" }

    /// What `load` found.
    public struct Loaded: Sendable {
        /// The model (empty when there was no file or it was set aside).
        public var model: UserWordModel
        /// A one-line notice when a damaged file was set aside (it names the file, never its words).
        public var notice: String?
        /// False when the file is there but cannot be read: saving would replace words the user has.
        public var mayBeSaved = true
    }

    /// The learned words of `language` (empty when none were saved yet).
    public func load(_ language: String, fold: WordFold) -> Loaded {
        let file = path(for: language)
        guard access(file, F_OK) == 0 else { return Loaded(model: UserWordModel(fold: fold)) }
        let bytes: [UInt8]
        do {
            bytes = try Self.read(file)
        } catch {
            // Unreadable (permissions, I/O): leave it where it is, learn nothing into it this time.
            return Loaded(model: UserWordModel(fold: fold), notice: "stackboard: \(error); the learned words are not used until it can be read",
                          mayBeSaved: false)
        }
        do {
            return Loaded(model: try UserWordModel.decode(bytes, fold: fold, file: file))
        } catch {
            let aside = file + ".damaged"
            let moved = rename(file, aside) == 0
            return Loaded(model: UserWordModel(fold: fold),
                          notice: "stackboard: \(error); " + (moved ? "set aside as \(aside), learning starts afresh"
                                                             : "cannot set it aside (\(String(cString: strerror(errno)))); remove it"))
        }
    }

    /// Saves `model` as `language`'s learned words, atomically.
    public func save(_ model: UserWordModel, language: String) throws(WordModelError) {
        try makeDirectory()
        let file = path(for: language)
        let temporary = file + ".new-\(getpid())"
        func fail(_ what: String) -> WordModelError {
            WordModelError(file: file, message: "cannot save the learned words (\(what): \(String(cString: strerror(errno)))); check the folder's permissions and free space")
        }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw fail("create") }
        var ok = false
        defer { if !ok { unlink(temporary) } }
        var failure: WordModelError? = fchmod(fd, 0o600) == 0 ? nil : fail("chmod")
        if failure == nil {
            do {
                // The file is written as it is made, a chunk at a time: never all of it in memory.
                try model.encode { (chunk) throws(WordModelError) in
                    var written = 0
                    while written < chunk.count {
                        let n = write(fd, chunk.baseAddress.map { $0 + written }, chunk.count - written)
                        if n < 0 { if errno == EINTR { continue }; throw fail("write") }
                        written += n
                    }
                }
                if fsync(fd) != 0 { failure = fail("fsync") }
            } catch {
                failure = error
            }
        }
        close(fd)
        if let failure { throw failure }
        guard rename(temporary, file) == 0 else { throw fail("rename") }
        ok = true
        let dir = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dir >= 0 { fsync(dir); close(dir) }
    }

    /// The languages with learned words on disk (a file `words-LANG.txt`, or one set aside).
    public func languages() -> [String] {
        let names = FileSystem.names(inDirectory: directory) ?? []
        var languages: [String] = []
        for name in names.sorted() where name.hasPrefix("words-") {
            var rest = name.dropFirst("words-".count)
            if rest.hasSuffix(".damaged") { rest = rest.dropLast(".damaged".count) }
            guard rest.hasSuffix(".txt") else { continue }
            let language = String(rest.dropLast(".txt".count))
            if !language.isEmpty, !languages.contains(language) { languages.append(language) }
        }
        return languages
    }

    /// Removes `language`'s learned words file (and a damaged one set aside).
    public func remove(_ language: String) throws(WordModelError) {
        for file in [path(for: language), path(for: language) + ".damaged"] where unlink(file) != 0 && errno != ENOENT {
            throw WordModelError(file: file, message: "cannot remove: \(String(cString: strerror(errno)))")
        }
    }

    private func makeDirectory() throws(WordModelError) {
        var parts: [Substring] = []
        for part in directory.split(separator: "/") {
            parts.append(part)
            let path = "/" + parts.joined(separator: "/")
            let last = parts.count == directory.split(separator: "/").count
            if mkdir(path, last ? 0o700 : 0o755) != 0 && errno != EEXIST {
                throw WordModelError(file: path, message: "cannot create the folder: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// A whole file (at most `UserWordModel.maxFileBytes` + 1 bytes are read).
    static func read(_ path: String) throws(WordModelError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw WordModelError(file: path, message: "cannot read: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var out: [UInt8] = []
        var info = stat()
        if fstat(fd, &info) == 0 { out.reserveCapacity(min(Int(info.st_size), UserWordModel.maxFileBytes) + 1) }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while out.count <= UserWordModel.maxFileBytes {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw WordModelError(file: path, message: "cannot read: \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            out += chunk[0..<n]
        }
        return out
    }
}
