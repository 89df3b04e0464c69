/// The keyboard's own words in the user's language: the catalogs the environment asks for
/// (`MessageLanguages`), searched in order, each original falling back to the next catalog and
/// at last to the English original. Key names (`?123`, `space`, `del`), the settings panel and
/// messages go through `text(_:)`.
public struct Translations: Equatable, Sendable {
    /// The catalogs found, best first, with the name each was found under (`de`, `zh_CN`).
    public let catalogs: [(name: String, catalog: MessageCatalog)]

    /// No translation: every text is its English original.
    public static let english = Translations(catalogs: [])

    /// These catalogs, best first.
    public init(catalogs: [(name: String, catalog: MessageCatalog)]) { self.catalogs = catalogs }

    /// `original` in the user's language (the original itself where no catalog has it).
    public func text(_ original: String) -> String {
        for (_, catalog) in catalogs {
            if let t = catalog.translations[original] { return t }
        }
        return original
    }

    /// The language of the first catalog (nil: English, the originals').
    public var language: String? { catalogs.first?.name }

    public static func == (a: Translations, b: Translations) -> Bool {
        a.catalogs.map(\.name) == b.catalogs.map(\.name) && a.catalogs.map(\.catalog) == b.catalogs.map(\.catalog)
    }

    /// The catalogs for `environment`: for each candidate name, the first directory of
    /// `searchPath` with `NAME/LC_MESSAGES/DOMAIN.mo`, read by `read` (nil: no such file). A file
    /// that is not a catalog is reported through `report` and skipped.
    public static func load(environment: [String: String], searchPath: [String], domain: String = "stackboard",
                            read: (String) -> [UInt8]?, report: (String) -> Void) -> Translations {
        var found: [(name: String, catalog: MessageCatalog)] = []
        for name in MessageLanguages.candidates(environment: environment) {
            for directory in searchPath {
                let path = "\(directory)/\(name)/LC_MESSAGES/\(domain).mo"
                guard let bytes = read(path) else { continue }
                do {
                    found.append((name, try MessageCatalog(mo: bytes)))
                } catch {
                    report("the catalog \(path) is skipped: \(error.description)")
                }
                break
            }
        }
        return Translations(catalogs: found)
    }
}

extension Layout {
    /// The layout with its key names in the user's language: the labels of keys that do not
    /// type their label (space, del, ?123, ABC, esc, …) where `translations` has them. Text keys
    /// keep their label: it is what they type.
    public func translatingLabels(_ translations: Translations) -> Layout {
        guard !translations.catalogs.isEmpty else { return self }
        var copy = self
        copy.layers = layers.map { layer in
            var translated = layer
            translated.root = layer.root.mapKeys { key in
                if case .text = key.action { return key }
                var k = key
                k.label = translations.text(key.label)
                k.shiftedLabel = key.shiftedLabel.map { translations.text($0) }
                return k
            }
            return translated
        }
        return copy
    }
}
