/// The keyboard's languages (the `languages` setting, e.g. `["xkb:us", "xkb:ru"]`) and how the
/// language key moves between them: one tap shows the next layout of the list (wrapping
/// around), a long press lists them all. It never changes the display's XKB group: each
/// language is a layout of the keyboard, typed through the injector on any keymap.
///
/// Pure; the runtime keeps the current name and shows `next(after:)` on a tap.
public struct LanguageCycle: Equatable, Sendable {
    /// The layout names, in order, without repeats or empty names.
    public let languages: [String]

    /// A cycle of `languages` (repeats and empty names dropped, the first occurrence kept).
    public init(_ languages: [String]) {
        var seen = Set<String>()
        self.languages = languages.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// Whether the language key is shown at all: with fewer than two languages it has nothing to do.
    public var showsKey: Bool { languages.count > 1 }

    /// The layout a tap switches to from `current`: the next one, wrapping around; the first
    /// when `current` is not in the list (a layout chosen some other way); nil when empty.
    public func next(after current: String) -> String? {
        guard let first = languages.first else { return nil }
        guard let i = languages.firstIndex(of: current) else { return first }
        return languages[(i + 1) % languages.count]
    }

    /// The layout before `current` (for a switch that goes back), wrapping around.
    public func previous(before current: String) -> String? {
        guard let last = languages.last else { return nil }
        guard let i = languages.firstIndex(of: current) else { return last }
        return languages[(i + languages.count - 1) % languages.count]
    }

    /// The long-press list: every language with whether it is the current one.
    public func choices(current: String) -> [(name: String, isCurrent: Bool)] {
        languages.map { ($0, $0 == current) }
    }

    /// The label of the language key: 🌐 with the short name of the current language
    /// (`shortNames[current]`, e.g. `ru`), or 🌐 alone.
    public static func keyLabel(current: String, shortNames: [String: String] = [:]) -> String {
        guard let short = shortNames[current], !short.isEmpty else { return "🌐" }
        return "🌐 " + short
    }
}

extension LanguageCycle {
    /// `layout` with a language key (`label`, a next-layout key: a tap shows the next layout of
    /// the keyboard's list, which the runtime keeps equal to `languages`) before the space key of
    /// every layer that has one and no next-layout key yet; unchanged when `showsKey` is false.
    public func addingKey(to layout: Layout, label: String = "🌐") -> Layout {
        guard showsKey else { return layout }
        var changed = layout
        changed.layers = layout.layers.map { layer in
            guard !layer.root.keys.contains(where: { $0.action == .nextLayout }) else { return layer }
            return Layer(name: layer.name, root: Self.inserting(Key(label: label, action: .nextLayout, style: .function), in: layer.root))
        }
        return changed
    }

    /// `stack` with `key` before its first space key (depth first), if it has one.
    static func inserting(_ key: Key, in stack: Stack) -> Stack {
        var copy = stack
        for (i, item) in stack.items.enumerated() {
            switch item {
            case .key(let k) where k.action == .space:
                copy.items.insert(.key(key), at: i)
                return copy
            case .stack(let inner):
                let updated = inserting(key, in: inner)
                if updated != inner {
                    copy.items[i] = .stack(updated)
                    return copy
                }
            default:
                continue
            }
        }
        return copy
    }
}
