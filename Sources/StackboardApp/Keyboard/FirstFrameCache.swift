import StackboardCore
import StackboardRender
import StackboardSystem
import StackboardX11

/// The keyboard's first frame kept on disk, so that the next start shows it the moment its
/// window maps, before Pango and fontconfig are up (~20 ms of reading every font's cache):
/// `$XDG_CACHE_HOME/stackboard/first-frame-SLOT.bin` (default `~/.cache`), one file per program
/// file, window size and first layout (`SLOT`), holding the pixels exactly as the X server had them after
/// the keyboard painted, and the key they were painted for (`FirstFrameKey`).
///
/// A frame is shown only when its file is intact (`FirstFrameHeader`: magic, sizes, checksum)
/// and its key equals the key of what the keyboard would paint now; else the keyboard paints
/// as it always did and replaces the file. Never for a plug (`--xid`: a greeter's or locker's
/// keyboard writes nothing to disk) or a layout dealt at random (a PIN pad's shuffled digits).
struct FirstFrameCache {
    /// The cache folder.
    let directory: String
    /// This keyboard's file.
    let file: String
    /// What the keys of its frames depend on besides the keypad (`base`).
    private let environment: [String: String]
    private let resources: String

    /// The largest file read (a 4K screen's keyboard is 32 MB).
    static let maxFileSize = 64 << 20
    /// How many frame files the folder keeps (the oldest are removed).
    static let maxFiles = 8

    /// The cache for a keyboard whose first layout is `layout`, in a window of `size`, on
    /// `connection`; nil when there is no cache folder (neither `XDG_CACHE_HOME` nor `HOME`).
    init?(environment: [String: String], layout: String, size: Size, connection: XConnection) {
        guard let directory = Self.directory(environment) else { return nil }
        self.directory = directory
        // One file per program (an installed and a built keyboard do not take turns), layout and size.
        var slot = StableHasher()
        slot.combine(FileSystem.realPath("/proc/self/exe") ?? "")
        slot.combine(layout)
        slot.combine(size.width)
        slot.combine(size.height)
        file = directory + "/first-frame-" + String(slot.digest.description.prefix(16)) + ".bin"
        self.environment = environment
        resources = connection.resourceText ?? ""
    }

    /// What every frame of this process depends on besides the keypad: the program, the drawing
    /// libraries, the fonts, the X resources (Xft settings). Taken when asked (~1 ms of `stat`
    /// calls): a start whose file is not there asks only after its map, to keep its frame.
    func base() -> FirstFrameKey {
        var key = FirstFrameKey()
        key.add("version", stackboardVersion)
        key.add("program") { Self.feedStatus(of: "/proc/self/exe", into: &$0) }
        key.add("libraries") { hasher in
            for library in Self.libraryFiles {
                hasher.combine(library)
                Self.feedStatus(of: library, into: &hasher)
            }
        }
        key.add("fonts", FontStamp.digest(FontStampSources(environment: environment)))
        key.add("x resources", resources)
        return key
    }

    /// The files of the libraries that draw the keys, whose status a key records: the linked ones
    /// where they are loaded, the ones opened on first use where they will be opened; the same
    /// list before and after Pango opens.
    static var libraryFiles: [String] {
        LoadedFiles.defining(KeyboardPainter.librarySymbols) + KeyboardPainter.lazyLibraryFiles
    }

    /// Whether this keyboard's file exists (it may still be stale or damaged).
    var hasFrame: Bool { FileStatus(path: file) != nil }

    /// Whether the cache folder for `environment` holds any frame (a first start's has none),
    /// told before the X connection says which file would be this keyboard's.
    static func holdsAnyFrame(environment: [String: String]) -> Bool {
        guard let directory = directory(environment), let names = FileSystem.names(inDirectory: directory) else { return false }
        return names.contains(where: isFrameFile)
    }

    /// The cache folder for `environment` (nil without one).
    static func directory(_ environment: [String: String]) -> String? {
        cacheHome(environment).map { $0 + "/stackboard" }
    }

    /// Whether the file `name` of the folder is a frame (`first-frame-SLOT.bin`; one being
    /// written, `first-frame-SLOT.bin.tmp-PID`, is not).
    static func isFrameFile(_ name: String) -> Bool { name.hasPrefix("first-frame-") && name.hasSuffix(".bin") }

    /// `$XDG_CACHE_HOME`, else `$HOME/.cache` (absolute paths only).
    static func cacheHome(_ environment: [String: String]) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache" }
        return nil
    }

    /// The cached frame for `key` in `format`, when the file holds exactly that, intact.
    func load(key: FrameDigest, format: FrameImageFormat) -> CachedFrame? {
        guard let mapped = MappedBytes(path: file, maxSize: Self.maxFileSize),
              let header = FirstFrameHeader.decode(mapped.bytes, fileSize: mapped.bytes.count),
              header.key == key, header.format == format else { return nil }
        let pixels = UnsafeRawBufferPointer(rebasing: mapped.bytes[FirstFrameHeader.size...])
        guard StableHasher.checksum(pixels) == header.checksum else { return nil }
        return CachedFrame(file: mapped, pixels: pixels, format: format)
    }

    /// Writes what `snapshot` of `window`'s back buffer holds as the frame of `key` (read back
    /// from the server, so that the file holds exactly what the keyboard painted) and removes the
    /// oldest files beyond `maxFiles`. On failure, one line saying why (the keyboard goes on).
    func store(key: FrameDigest, snapshot: BufferSnapshot, window: KeyboardWindow) -> String? {
        do throws(FileSystemError) {
            try FileSystem.makeDirectories(directory)
        } catch {
            return "cannot keep the first frame (\(error.description)); the keyboard starts without it"
        }
        var failure: FileSystemError?
        let read = window.withImage(of: snapshot) { format, pixels -> Bool in
            let header = FirstFrameHeader(key: key, format: format, checksum: StableHasher.checksum(pixels))
            header.encoded().withUnsafeBytes { head in
                do throws(FileSystemError) { try FileSystem.writeAtomically([head, pixels], to: file) } catch { failure = error }
            }
            return true
        }
        guard read == true else { return "cannot keep the first frame: the X server did not return the window's pixels" }
        if let failure { return "cannot keep the first frame (\(failure.description)); the keyboard starts without it" }
        prune()
        return nil
    }

    /// Removes the oldest `first-frame-*.bin` files beyond `maxFiles` (and stray temporary ones).
    private func prune() {
        let names = FileSystem.names(inDirectory: directory) ?? []
        var frames: [(path: String, modified: Int64)] = []
        let now = FileStatus(path: file)?.modified ?? 0
        for name in names where name.hasPrefix("first-frame-") {
            let path = directory + "/" + name
            guard let status = FileStatus(path: path) else { continue }
            if name.containsBytes(of: ".tmp-") {
                // Left by a keyboard that died while writing (one writing now is younger).
                if status.modified < now - 60_000_000_000 { FileSystem.remove(path) }
            } else if Self.isFrameFile(name) {
                frames.append((path, status.modified))
            }
        }
        guard frames.count > Self.maxFiles else { return }
        for old in frames.sorted(by: { $0.modified > $1.modified }).dropFirst(Self.maxFiles) { FileSystem.remove(old.path) }
    }

    /// Feeds `path`'s device, inode, size and modification time (or that there is nothing).
    static func feedStatus(of path: String, into hasher: inout StableHasher) {
        guard let status = FileStatus(path: path) else { return hasher.combine(false) }
        feed(status, into: &hasher)
    }

    /// Feeds a status that is there.
    static func feed(_ status: FileStatus, into hasher: inout StableHasher) {
        hasher.combine(true)
        hasher.combine(status.device)
        hasher.combine(status.inode)
        hasher.combine(UInt64(bitPattern: status.size))
        hasher.combine(UInt64(bitPattern: status.modified))
        hasher.combine(status.links)
    }
}

/// A cached frame, mapped from its file (unmapped when this goes).
struct CachedFrame {
    /// The mapping (keeps `pixels` valid).
    let file: MappedBytes
    /// The pixels.
    let pixels: UnsafeRawBufferPointer
    /// Their format.
    let format: FrameImageFormat
}

/// A digest of the status of every file and directory fontconfig's result depends on
/// (`FontStampSources`), taken with `stat` alone: about 100 calls, well under a millisecond.
enum FontStamp {
    /// The digest for `sources`.
    static func digest(_ sources: FontStampSources) -> FrameDigest {
        var hasher = StableHasher()
        for variable in sources.variables { hasher.combine(variable) }
        // Paths by their place in the list, not their text (another HOME, the same files).
        for path in sources.paths { FirstFrameCache.feedStatus(of: path, into: &hasher) }
        for directory in sources.listed {
            let names = (FileSystem.names(inDirectory: directory) ?? []).sorted()
            hasher.combine(names.count)
            for name in names {
                hasher.combine(name) // conf.d is read in the order of its names
                FirstFrameCache.feedStatus(of: directory + "/" + name, into: &hasher)
            }
        }
        for tree in sources.trees { walk(tree, name: "", into: &hasher, depth: 0) }
        return hasher.digest
    }

    /// Feeds `directory` and every directory below it (at most 8 levels), sorted by name. A
    /// directory whose link count says it has no subdirectories is not listed (the font
    /// directories hold hundreds of files each).
    private static func walk(_ directory: String, name: String, into hasher: inout StableHasher, depth: Int) {
        hasher.combine(name)
        guard let status = FileStatus(path: directory) else { return hasher.combine(false) }
        FirstFrameCache.feed(status, into: &hasher)
        guard status.isDirectory, status.links != 2, depth < 8,
              let names = FileSystem.names(inDirectory: directory, directoriesOnly: true) else { return }
        hasher.combine(names.count)
        for name in names.sorted() { walk(directory + "/" + name, name: name, into: &hasher, depth: depth + 1) }
    }
}
