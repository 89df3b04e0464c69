
/// The recently used emoji, most recent first: the panel's first group.
public struct EmojiRecents: Equatable, Sendable {
    /// How many are kept (one page of the panel).
    public static let limit = EmojiPanel.columns * EmojiPanel.rows

    /// The emoji, most recent first, without repeats.
    public private(set) var emoji: [String]

    /// Recents of `emoji` (repeats and empty entries dropped, at most `limit` kept).
    public init(_ emoji: [String] = []) {
        var seen = Set<String>()
        self.emoji = Array(emoji.filter { !$0.isEmpty && seen.insert($0).inserted }.prefix(Self.limit))
    }

    /// These recents after `emoji` was typed: it moves to the front.
    public func recording(_ emoji: String) -> EmojiRecents {
        guard !emoji.isEmpty else { return self }
        return EmojiRecents([emoji] + self.emoji.filter { $0 != emoji })
    }

    /// The file's text: one emoji per line, most recent first.
    public var fileText: String { emoji.map { $0 + "\n" }.joined() }

    /// Recents read back from `fileText` (lines that are empty or too long to be an emoji are skipped).
    public init(fileText: String) {
        self.init(fileText.split(separator: "\n").map(String.init).filter { $0.unicodeScalars.count <= 16 })
    }
}

/// Where the recently used emoji are kept: `$XDG_STATE_HOME/stackboard/recent-emoji`
/// (default `~/.local/state/stackboard/recent-emoji`), one emoji per line. Only emoji the panel
/// offers are recorded; nothing else typed is ever written.
public struct EmojiRecentsStore: Equatable, Sendable {
    /// The file.
    public var path: String
    /// Where it is read and written.
    public let files: any Files

    /// The store at `path` in `files`.
    public init(path: String, files: any Files) {
        self.path = path
        self.files = files
    }

    /// Equal when the paths are.
    public static func == (a: EmojiRecentsStore, b: EmojiRecentsStore) -> Bool { a.path == b.path }

    /// The store for an environment: `XDG_STATE_HOME` (an absolute path) or `HOME`; nil when
    /// neither is usable.
    public init?(environment: [String: String], files: any Files) {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            self.init(path: state + "/stackboard/recent-emoji", files: files)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            self.init(path: home + "/.local/state/stackboard/recent-emoji", files: files)
        } else {
            return nil
        }
    }

    /// The recents on disk; none when the file is missing or unreadable (a fresh start).
    public func load() -> EmojiRecents {
        guard let data = files.contents(path, limit: 1 << 20) else { return EmojiRecents() }
        return EmojiRecents(fileText: String(decoding: data, as: UTF8.self))
    }

    /// Writes `recents` (creating the directory, mode 0700), replacing the file atomically.
    public func save(_ recents: EmojiRecents) throws(EmojiStoreError) {
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        do throws(FileSystemError) {
            if !directory.isEmpty { try files.makeDirectories(directory, mode: 0o700) }
            try files.writeAtomically(Array(recents.fileText.utf8), to: path, mode: 0o600)
        } catch {
            throw EmojiStoreError(message: "cannot save the recently used emoji to \(path): \(error); check that the directory is writable, or set XDG_STATE_HOME")
        }
    }

    /// Records `text` typed on `layer` when `layer` is a page of the emoji panel and one of its
    /// keys (or their skin tones) types exactly `text` (so space, return or backspace on the panel
    /// are never recorded): the cheap check for the runtime, which knows the layer shown.
    /// Returns the new recents, nil when nothing was recorded.
    @discardableResult
    public func record(_ text: String, typedOn layer: Layer) throws(EmojiStoreError) -> EmojiRecents? {
        guard EmojiPanel.isPanelLayer(layer.name),
              layer.root.keys.contains(where: { key in ([key] + key.alternates).contains { $0.action == .text(text) } }) else { return nil }
        let updated = load().recording(text)
        try save(updated)
        return updated
    }

    /// Records that `emoji` was typed, if the panel offers it (`panel` is the set of its
    /// emoji and skin tones): loads, moves it to the front, saves. Returns the new recents.
    @discardableResult
    public func record(_ emoji: String, offered panel: Set<String>) throws(EmojiStoreError) -> EmojiRecents {
        let recents = load()
        guard panel.contains(emoji) else { return recents }
        let updated = recents.recording(emoji)
        try save(updated)
        return updated
    }
}

/// The recently used emoji could not be saved.
public struct EmojiStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong and what to do.
    public var message: String
    /// The message.
    public var description: String { message }
}
