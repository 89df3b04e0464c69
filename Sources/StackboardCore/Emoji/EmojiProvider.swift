/// The emoji panel for a `LayoutCatalog`: the layout `emoji` of its own, and the panel's layers
/// added to any layout with a key that switches to the layer `emoji` (the ☺ key of qwerty and of
/// the `xkb:` layouts), its ABC key going back to that layout's first layer.
///
/// The emoji come from the first `emoji-test.txt` found in `dataFiles`; the recently used ones
/// from `recents`. Without emoji data, ☺ keys are removed rather than left doing nothing.
public struct EmojiProvider: LayoutProvider {
    /// The name of the panel as a layout.
    public static let layoutName = "emoji"

    /// Where `emoji-test.txt` may be, in order.
    public var dataFiles: [String]
    /// Where the recently used emoji are kept (nil: no recently-used group).
    public var recents: EmojiRecentsStore?
    /// Whether `complete` leaves the panel out when its data file is there (a first frame's
    /// layouts: the panel is added later, see `deferringCompletion`). Without the file the ☺
    /// keys are removed either way, so that a first frame never shows a key that then goes.
    public var defersPanel = false
    /// Where the data files are read.
    public let files: any Files

    /// A provider reading the first of `dataFiles` in `files` and the recents of `recents`.
    public init(dataFiles: [String], recents: EmojiRecentsStore?, files: any Files) {
        self.dataFiles = dataFiles
        self.recents = recents
        self.files = files
    }

    /// The provider for a catalog's search path: `emoji/emoji-test.txt` beside each `layouts`
    /// directory (the build tree's `Resources/emoji`, `/usr/share/stackboard/emoji`), the
    /// recents of `environment`, read in `files`.
    public init(searchPath: [LayoutSource], environment: [String: String], files: any Files) {
        let dataFiles = searchPath.map { $0.beside("emoji") + "/emoji-test.txt" }
        self.init(dataFiles: dataFiles, recents: EmojiRecentsStore(environment: environment, files: files), files: files)
    }

    /// `emoji`.
    public var id: String { Self.layoutName }
    /// `emoji`.
    public var listedNames: [String] { [Self.layoutName] }

    /// Whether `name` is `emoji`.
    public func provides(_ name: String) -> Bool { name == Self.layoutName }

    /// The panel as a layout of its own; its ⌨ key switches to the next layout.
    public func layout(named name: String) throws(LayoutError) -> Layout {
        let panel = try self.panel()
        return Layout(name: Self.layoutName,
                      description: "Emoji of Unicode 15.0 in their groups, a tab per group, skin tones on long press, recently used first",
                      layers: panel.layers(back: .nextLayout, backLabel: KeyDefaults.label(for: .nextLayout)))
    }

    /// `layout` with the panel's layers when one of its keys switches to the layer `emoji` and
    /// it has no such layer; without emoji data, those keys are removed.
    public func complete(_ layout: Layout) -> Layout {
        let opensPanel = Self.opensPanel
        guard completes(layout), let first = layout.layers.first else { return layout }
        if defersPanel, dataFiles.contains(where: { if case .regular = files.kind($0) { true } else { false } }) { return layout }
        var completed = layout
        do {
            let panel = try self.panel()
            completed.layers += panel.layers(back: .layer(first.name), backLabel: "ABC")
        } catch {
            completed.layers = layout.layers.map { Layer(name: $0.name, root: $0.root.removingKeys(where: opensPanel)) }
        }
        return completed
    }

    /// The same provider with `defersPanel` set.
    public func deferringCompletion() -> any LayoutProvider {
        var deferring = self
        deferring.defersPanel = true
        return deferring
    }

    /// Whether `layout` has a key that opens the panel and no panel yet.
    public func completes(_ layout: Layout) -> Bool {
        layout.layer(named: EmojiPanel.entryLayer) == nil
            && layout.layers.contains(where: { $0.root.keys.contains(where: Self.opensPanel) })
    }

    private static let opensPanel: @Sendable (Key) -> Bool = { $0.action == .layer(EmojiPanel.entryLayer) }

    /// The panel: the emoji data and the recents.
    public func panel() throws(LayoutError) -> EmojiPanel {
        EmojiPanel(groups: try groups(), recents: recents?.load().emoji ?? [])
    }

    /// The groups of the first emoji data file found.
    public func groups() throws(LayoutError) -> [EmojiGroup] {
        for file in dataFiles {
            guard let bytes = try? LayoutLoader.readFile(file, files: files) else { continue }
            let groups = EmojiTestFile.groups(in: bytes)
            guard !groups.isEmpty else {
                throw LayoutError(file: file, message: "no emoji in this file; it should be Unicode's emoji-test.txt (reinstall stackboard)")
            }
            return groups
        }
        throw LayoutError(file: "", message: "no emoji data: emoji-test.txt is in none of \(dataFiles.joined(separator: ", ")); reinstall stackboard, or set STACKBOARD_DATA_DIR to a directory with emoji/emoji-test.txt")
    }
}

extension EmojiPanel {
    /// Every emoji the panel offers, with its skin tones (what the recents may record).
    public var offered: Set<String> {
        Set(groups.flatMap { group in group.emoji.flatMap { [$0.text] + $0.skinTones } })
    }
}
