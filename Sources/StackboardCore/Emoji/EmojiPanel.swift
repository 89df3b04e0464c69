/// The emoji panel as layers of a layout: a tab row with one tab per group (recently used
/// first), pages of `columns` × `rows` emoji, and a bottom row with the way back, the previous
/// and next page, space, backspace and return. Skin tones are long-press alternates.
///
/// Layer names: the first page of the first tab is `emoji` (what the ☺ key switches to); the
/// others are `emoji:GROUP:PAGE` (`emoji:flags:2`). Pure: the groups come from `EmojiTestFile`,
/// the recent emoji from `EmojiRecents`.
public struct EmojiPanel: Equatable, Sendable {
    /// The layer a ☺ key switches to.
    public static let entryLayer = "emoji"
    /// The label of the key that shows the panel.
    public static let switchLabel = "☺"
    /// The name of the recently-used group.
    public static let recentGroup = "Recently used"
    /// Emoji per row of a page.
    public static let columns = 10
    /// An empty place that keeps a short row's shape (painted empty, never hit).
    static let spacer = Key(label: "", action: .text(""), style: .blank)
    /// Rows of emoji per page.
    public static let rows = 4

    /// The groups, in order.
    public var groups: [EmojiGroup]
    /// The recently used emoji, most recent first (shown as the first group when not empty).
    public var recents: [String]

    /// A panel of `groups` with `recents` at the front.
    public init(groups: [EmojiGroup], recents: [String] = []) {
        self.groups = groups
        self.recents = recents
    }

    /// The groups shown, the recently used one first when there are recent emoji (those not
    /// in the panel are dropped; their skin tones are kept as typed).
    public var shownGroups: [EmojiGroup] {
        guard !recents.isEmpty else { return groups }
        let known = Set(groups.flatMap { [$0.emoji.map(\.text), $0.emoji.flatMap(\.skinTones)].joined() })
        let recent = recents.filter(known.contains).prefix(Self.columns * Self.rows)
        guard !recent.isEmpty else { return groups }
        return [EmojiGroup(name: Self.recentGroup, emoji: recent.map { Emoji(text: $0, name: "") })] + groups
    }

    /// The panel's layers; `back` is what its ABC key does (switch to the typing layer, or the
    /// next layout when the panel is a layout of its own) and `backLabel` its label.
    public func layers(back: Action, backLabel: String) -> [Layer] {
        let shown = shownGroups
        let perPage = Self.columns * Self.rows
        var pages: [(group: Int, page: Int, emoji: ArraySlice<Emoji>)] = []
        for (g, group) in shown.enumerated() {
            var start = 0
            repeat {
                pages.append((g, start / perPage + 1, group.emoji[start..<min(group.emoji.count, start + perPage)]))
                start += perPage
            } while start < group.emoji.count
        }
        let names = pages.map { layerName(shown, group: $0.group, page: $0.page) }
        let firstPage = shown.indices.map { g in names[pages.firstIndex { $0.group == g } ?? 0] }
        return pages.enumerated().map { i, page in
            var items: [StackItem] = [.stack(tabRow(shown, current: page.group, targets: firstPage))]
            let keys = page.emoji.map(Self.key)
            for r in 0..<Self.rows {
                var row = Array(keys.dropFirst(r * Self.columns).prefix(Self.columns)).map(StackItem.key)
                row += Array(repeating: .key(Self.spacer), count: Self.columns - row.count)
                items.append(.stack(Stack(axis: .horizontal, items: row)))
            }
            let previous = names[(i + names.count - 1) % names.count], next = names[(i + 1) % names.count]
            items.append(.stack(bottomRow(back: back, backLabel: backLabel, previous: previous, next: next)))
            return Layer(name: names[i], root: Stack(axis: .vertical, items: items))
        }
    }

    /// The page of `layers` (the panel made again, with new recent emoji) to show in place of
    /// `old`: the one with the same emoji, so that the next tap lands where the user looks (the
    /// first recent emoji moves the first group's page from `emoji` to `emoji:SLUG:1`). The
    /// recently used page, whose emoji changed, stays `emoji`.
    public static func page(replacing old: Layer, in layers: [Layer]) -> String {
        let emoji = Self.emoji(on: old)
        return layers.first { isPanelLayer($0.name) && Self.emoji(on: $0) == emoji }?.name ?? old.name
    }

    /// The emoji a page types, in order.
    static func emoji(on layer: Layer) -> [String] {
        layer.root.keys.compactMap { key in
            if case .text(let text) = key.action { return text }
            return nil
        }
    }

    /// Whether `layerName` is a page of the panel (`emoji`, `emoji:flags:2`).
    public static func isPanelLayer(_ layerName: String) -> Bool {
        layerName == entryLayer || layerName.hasPrefix(entryLayer + ":")
    }

    /// `emoji` for the first page of the first group, else `emoji:SLUG:PAGE`.
    func layerName(_ shown: [EmojiGroup], group: Int, page: Int) -> String {
        if group == 0 && page == 1 { return Self.entryLayer }
        return "\(Self.entryLayer):\(Self.slug(shown[group].name)):\(page)"
    }

    /// The tab row: one key per group, the current one as an accent.
    func tabRow(_ shown: [EmojiGroup], current: Int, targets: [String]) -> Stack {
        let tabs = shown.enumerated().map { g, group in
            StackItem.key(Key(label: Self.icon(of: group), action: .layer(targets[g]), style: g == current ? .accent : .function))
        }
        return Stack(axis: .horizontal, items: tabs)
    }

    /// ABC, ◀, space, ▶, ⌫, ⏎.
    func bottomRow(back: Action, backLabel: String, previous: String, next: String) -> Stack {
        let keys: [Key] = [
            Key(label: backLabel, action: back, weight: 1.5, style: .function),
            Key(label: "◀", action: .layer(previous), style: .function),
            Key(label: "", action: .space, weight: 4, repeats: true),
            Key(label: "▶", action: .layer(next), style: .function),
            Key(label: KeyDefaults.label(for: .key(.backspace)), action: .key(.backspace), weight: 1.5, style: .function, repeats: true),
            Key(label: KeyDefaults.label(for: .key(.returnKey)), action: .key(.returnKey), weight: 1.5, style: .accent),
        ]
        return Stack(axis: .horizontal, distribution: .proportional, items: keys.map(StackItem.key))
    }

    /// An emoji key: types the emoji, long press offers its skin tones.
    static func key(_ emoji: Emoji) -> Key {
        Key(label: emoji.text, action: .text(emoji.text), alternates: emoji.skinTones.map { Key(label: $0, action: .text($0)) })
    }

    /// The tab label of a group: a fixed icon for the groups of emoji-test.txt, else its first emoji.
    static func icon(of group: EmojiGroup) -> String {
        let icons = ["Recently used": "🕘", "Smileys & Emotion": "😀", "People & Body": "👋", "Animals & Nature": "🐻",
                     "Food & Drink": "🍔", "Travel & Places": "🚗", "Activities": "⚽", "Objects": "💡",
                     "Symbols": "🔣", "Flags": "🏁"]
        return icons[group.name] ?? group.emoji.first?.text ?? "?"
    }

    /// `Smileys & Emotion` → `smileys-emotion`.
    static func slug(_ name: String) -> String {
        name.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: "-")
    }
}
