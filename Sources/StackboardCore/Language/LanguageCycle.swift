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
