/// A gettext message catalog (a compiled `.mo` file) read without libintl: the translations of
/// one domain in one language, looked up by the English text. Pure; the caller reads the file
/// (`Files`) and picks it with `candidates(environment:)` and `path(domain:locale:)`.
///
/// The format (GNU gettext manual, "The Format of GNU MO Files"): a magic number that also
/// says the byte order, a revision, the number of strings, the offsets of the tables of
/// original and translated strings (each entry a length and an offset). A string with a
/// context is `context\u{4}msgid`; a plural entry is `msgid\0plural`, its translation the forms
/// joined by NUL (the first is kept: the singular).
public struct MessageCatalog: Equatable, Sendable {
    /// Translations by original text (the header entry, msgid "", left out).
    public let translations: [String: String]

    /// A catalog of `translations`.
    public init(translations: [String: String]) { self.translations = translations }

    /// Why bytes are not a catalog.
    public struct FormatError: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong.
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// The catalog in `bytes` (a `.mo` file, either byte order).
    public init(mo bytes: [UInt8]) throws(FormatError) {
        guard bytes.count >= 28 else { throw FormatError("too short for a .mo file (\(bytes.count) bytes)") }
        func word(_ at: Int, bigEndian: Bool) -> Int? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            let b = bytes[at..<(at + 4)].map(UInt32.init)
            return Int(bigEndian ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0])
        }
        let big: Bool
        switch word(0, bigEndian: false) {
        case 0x950412de: big = false
        case 0xde120495: big = true
        default: throw FormatError("not a .mo file (wrong magic number)")
        }
        guard let revision = word(4, bigEndian: big), revision >> 16 <= 1,
              let count = word(8, bigEndian: big), let originals = word(12, bigEndian: big),
              let translated = word(16, bigEndian: big) else { throw FormatError("unknown .mo revision") }
        func string(table: Int, index: Int) throws(FormatError) -> [UInt8] {
            guard let length = word(table + 8 * index, bigEndian: big), let offset = word(table + 8 * index + 4, bigEndian: big),
                  offset >= 0, length >= 0, offset + length <= bytes.count else {
                throw FormatError("string \(index) lies outside the file")
            }
            return Array(bytes[offset..<(offset + length)])
        }
        guard count >= 0, count <= bytes.count / 8 else { throw FormatError("impossible string count \(count)") }
        var map: [String: String] = [:]
        for i in 0..<count {
            let original = try string(table: originals, index: i)
            let translation = try string(table: translated, index: i)
            guard !original.isEmpty, !translation.isEmpty else { continue }
            // Plurals: the singular of each.
            let key = original.split(separator: 0, omittingEmptySubsequences: false).first ?? []
            let value = translation.split(separator: 0, omittingEmptySubsequences: false).first ?? []
            guard !value.isEmpty else { continue }
            map[String(decoding: key, as: UTF8.self)] = String(decoding: value, as: UTF8.self)
        }
        translations = map
    }

    /// The translation of `text`, or `text` itself when the catalog has none.
    public func translate(_ text: String) -> String { translations[text] ?? text }

    /// The translation of `text` said in `context` (`msgctxt`), else of `text` alone, else `text`.
    public func translate(_ text: String, context: String) -> String {
        translations[context + "\u{4}" + text] ?? translate(text)
    }

    /// The locales to look for catalogs in, best first, as gettext chooses them: `LANGUAGE`
    /// (a colon-separated list, used unless the locale is C), else `LC_ALL`, `LC_MESSAGES`,
    /// `LANG`; each `ll_CC.charset@modifier` also as `ll_CC@modifier`, `ll_CC` and `ll`.
    /// Empty for the C and POSIX locales (the English texts).
    public static func candidates(environment: [String: String]) -> [String] {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        if locale.isEmpty || locale == "C" || locale == "POSIX" || locale.hasPrefix("C.") {
            // gettext ignores LANGUAGE under the C locale.
            return []
        }
        var names: [String] = []
        let chosen = (environment["LANGUAGE"].map { $0.split(separator: ":").map(String.init) } ?? []) + [locale]
        for name in chosen where !name.isEmpty {
            for variant in variants(of: name) where !names.contains(variant) { names.append(variant) }
        }
        return names
    }

    /// `de_DE.UTF-8@euro` → `de_DE.UTF-8@euro`, `de_DE@euro`, `de_DE`, `de`.
    static func variants(of name: String) -> [String] {
        let modifier = name.firstIndex(of: "@").map { String(name[$0...]) } ?? ""
        let base = modifier.isEmpty ? name : String(name[..<name.firstIndex(of: "@")!])
        let withoutCharset = base.firstIndex(of: ".").map { String(base[..<$0]) } ?? base
        let language = withoutCharset.firstIndex(of: "_").map { String(withoutCharset[..<$0]) } ?? withoutCharset
        var out = [name]
        for candidate in [withoutCharset + modifier, withoutCharset, language] where !out.contains(candidate) {
            out.append(candidate)
        }
        return out.filter { !$0.isEmpty && $0 != "C" && $0 != "POSIX" }
    }

    /// Where the catalog of `domain` for `locale` is: `/usr/share/locale/LOCALE/LC_MESSAGES/DOMAIN.mo`.
    public static func path(domain: String, locale: String, root: String = "/usr/share/locale") -> String {
        root + "/" + locale + "/LC_MESSAGES/" + domain + ".mo"
    }

    /// The catalog of `domain` for the first of `candidates` that has one in `files` (nil: none).
    public static func load(domain: String, candidates: [String], files: any Files, root: String = "/usr/share/locale") -> MessageCatalog? {
        for locale in candidates {
            let path = path(domain: domain, locale: locale, root: root)
            guard case .regular = files.kind(path), let bytes = files.contents(path, limit: 16 << 20),
                  let catalog = try? MessageCatalog(mo: bytes) else { continue }
            return catalog
        }
        return nil
    }
}
