/// Languages by name, from Debian's iso-codes: the ISO 639 table (`iso_639-3.json`, else
/// `iso_639-2.json`) for the English names, and its gettext catalog (`iso_639-3.mo`, else
/// `iso_639-2.mo`) for the names in the user's language. Without iso-codes a language is
/// called by its code. Pure apart from the `Files` it is given; read when the settings panel
/// is first shown.
public struct LanguageNames: Equatable, Sendable {
    /// English names by code: ISO 639-1 (`de`) where the language has one, else its ISO 639-3
    /// or 639-2 code; the bibliographic 639-2 code (`ger`) too.
    public let english: [String: String]
    /// The translations of the English names (nil: English, or no catalog).
    public let catalog: MessageCatalog?

    /// Names from `english` translated by `catalog`.
    public init(english: [String: String], catalog: MessageCatalog? = nil) {
        self.english = english
        self.catalog = catalog
    }

    /// The tables iso-codes installs, best first, with their catalog's domain.
    public static let tables: [(json: String, domain: String, key: String)] = [
        ("/usr/share/iso-codes/json/iso_639-3.json", "iso_639-3", "639-3"),
        ("/usr/share/iso-codes/json/iso_639-2.json", "iso_639-2", "639-2"),
    ]

    /// The names iso-codes gives in `files`, translated for the locale of `environment`; empty
    /// (every language by its code) when iso-codes is not installed. ISO 639-3 names the living
    /// languages; 639-2 adds the groups xkb-data names some layouts by (`ber`: Berber).
    public static func load(environment: [String: String], files: any Files) -> LanguageNames {
        var english: [String: String] = [:]
        var translations: [String: String] = [:]
        let candidates = MessageCatalog.candidates(environment: environment)
        for table in tables {
            guard case .regular = files.kind(table.json), let bytes = files.contents(table.json, limit: 16 << 20) else { continue }
            let names = parse(bytes, key: table.key)
            guard !names.isEmpty else { continue }
            english.merge(names) { first, _ in first }
            if let catalog = MessageCatalog.load(domain: table.domain, candidates: candidates, files: files) {
                translations.merge(catalog.translations) { first, _ in first }
            }
        }
        return LanguageNames(english: english, catalog: translations.isEmpty ? nil : MessageCatalog(translations: translations))
    }

    /// The English names of an iso-codes table (`{"639-3": [{"alpha_3": ..., "name": ...}]}`).
    public static func parse(_ bytes: [UInt8], key: String) -> [String: String] {
        guard let root = try? JSONParser.parse(bytes, maxDepth: 8, whenEmpty: "empty"), let entries = root[key]?.array else { return [:] }
        var names: [String: String] = [:]
        for entry in entries {
            guard let name = entry["name"]?.string else { continue }
            for field in ["alpha_2", "alpha_3", "bibliographic"] {
                if let code = entry[field]?.string, names[code] == nil { names[code] = name }
            }
        }
        return names
    }

    /// The name of the language `code` (`de`, `deu`, `ger`; a tag such as `zh-Hant` by its
    /// language, its subtags after it) in the user's language: `Deutsch` under a German locale,
    /// `German` otherwise; the code itself when iso-codes does not know it. A trailing date range
    /// is dropped (`Modern Greek (1453-)` → `Modern Greek`), and so is `(macrolanguage)`.
    public func name(of code: String) -> String {
        let parts = code.split(separator: "-").map(String.init)
        let base = parts.first?.lowercased() ?? code
        guard let english = english[base] else { return code }
        let name = Self.plain(catalog?.translate(english) ?? english)
        // `zh-Hant`: Chinese (Hant), apart from plain Chinese.
        return parts.count > 1 ? name + " (" + parts.dropFirst().joined(separator: "-") + ")" : name
    }

    /// Whether iso-codes names `code` (always true without iso-codes: then every code is its name).
    public func knows(_ code: String) -> Bool {
        english.isEmpty || english[code.split(separator: "-").first.map { String($0).lowercased() } ?? code] != nil
    }

    /// `name` without a parenthesised date range or `(macrolanguage)` at its end, and only its
    /// first form when it lists several (`Catalan; Valencian` → `Catalan`).
    static func plain(_ name: String) -> String {
        var text = name.split(separator: ";").first.map(String.init) ?? name
        if let open = text.lastIndex(of: "("), text.hasSuffix(")"),
           text[open...].contains(where: \.isNumber) || text[open...] == "(macrolanguage)" {
            text = String(text[..<open])
        }
        let trimmed = text.trimmingSpaces
        return trimmed.isEmpty ? name : trimmed
    }
}

extension LanguageNames {
    /// `name` as the language list sorts it: lower case, a Latin letter with a mark as the letter
    /// (`Dänisch` among the `Da`, not after `Dz`).
    public static func sortKey(_ name: String) -> String {
        var key = ""
        for scalar in name.lowercased().unicodeScalars {
            let prefix = "LATIN SMALL LETTER "
            if scalar.value >= 0xC0, scalar.value < 0x250, let spelled = scalar.properties.name, spelled.hasPrefix(prefix) {
                let words = spelled.dropFirst(prefix.count).split(separator: " ")
                if let letter = words.first, letter.count == 1, words.count == 1 || words[1] == "WITH" {
                    key += letter.lowercased()
                    continue
                }
            }
            key.unicodeScalars.append(scalar)
        }
        return key
    }
}

extension String {
    /// Without spaces at either end.
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
