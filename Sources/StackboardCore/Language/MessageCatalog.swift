/// A gettext message catalog (a compiled `.mo` file) read without libintl: the translations of
/// one domain in one language, looked up by the English text. Pure; the caller reads the file
/// (`Files`) and picks it with `candidates(environment:)` (`MessageLanguages`) and `path`.
///
/// The format, as GNU gettext writes it: a 32-bit magic number 0x950412de (in the writer's byte
/// order, so read either way), a revision (major 0 or 1), the number of strings N, the offset of
/// the originals' table and of the translations' table, each N pairs of (length, offset) in
/// bytes; the strings themselves are UTF-8. The entry with the empty original is the header. A
/// string with a context is `context\u{4}msgid`; a plural entry is `msgid\0plural`, its
/// translation the forms joined by NUL (the first is kept: the singular).
public struct MessageCatalog: Equatable, Sendable {
    /// Translations by original text (the header entry, msgid "", left out).
    public let translations: [String: String]

    /// A catalog of `translations`.
    public init(translations: [String: String]) { self.translations = translations }

    /// Why bytes are not a catalog.
    public enum FormatError: Error, Equatable, Sendable, CustomStringConvertible {
        case notACatalog
        case unsupportedRevision(UInt32)
        case truncated(String)

        public var description: String {
            switch self {
            case .notACatalog: return "not a compiled gettext catalog (.mo): compile the .po file with msgfmt"
            case .unsupportedRevision(let r): return "catalog revision \(r >> 16) is not supported (0 or 1)"
            case .truncated(let what): return "the catalog is cut short (\(what)): compile it again with msgfmt"
            }
        }
    }

    /// The catalog in `bytes` (a `.mo` file, either byte order).
    public init(mo bytes: [UInt8]) throws(FormatError) {
        guard bytes.count >= 20 else { throw .notACatalog }
        let little: Bool
        switch Self.word(bytes, 0, little: true) {
        case 0x9504_12de: little = true
        case 0xde12_0495: little = false
        default: throw .notACatalog
        }
        func word(_ at: Int) throws(FormatError) -> Int {
            guard at >= 0, at + 4 <= bytes.count else { throw .truncated("a table at byte \(at)") }
            return Int(Self.word(bytes, at, little: little))
        }
        let revision = UInt32(try word(4))
        guard revision >> 16 <= 1 else { throw .unsupportedRevision(revision) }
        let count = try word(8), originals = try word(12), translated = try word(16)
        guard count <= bytes.count / 16 else { throw .truncated("\(count) strings") }
        func string(_ table: Int, _ i: Int) throws(FormatError) -> ArraySlice<UInt8> {
            let length = try word(table + 8 * i), offset = try word(table + 8 * i + 4)
            guard offset + length <= bytes.count else { throw .truncated("string \(i)") }
            return bytes[offset..<offset + length]
        }
        var table: [String: String] = [:]
        for i in 0..<count {
            // Plurals: the singular of each.
            let original = try string(originals, i).split(separator: 0, omittingEmptySubsequences: false).first ?? []
            let translation = try string(translated, i).split(separator: 0, omittingEmptySubsequences: false).first ?? []
            guard !original.isEmpty, !translation.isEmpty else { continue }
            table[String(decoding: original, as: UTF8.self)] = String(decoding: translation, as: UTF8.self)
        }
        translations = table
    }

    /// The translation of `text`, or `text` itself when the catalog has none.
    public func translate(_ text: String) -> String { translations[text] ?? text }

    /// The translation of `text` said in `context` (`msgctxt`), else of `text` alone, else `text`.
    public func translate(_ text: String, context: String) -> String {
        translations[context + "\u{4}" + text] ?? translate(text)
    }

    /// The catalog names to look for, best first (`MessageLanguages.candidates`).
    public static func candidates(environment: [String: String]) -> [String] {
        MessageLanguages.candidates(environment: environment)
    }

    /// Where the catalog of `domain` for `locale` is: `ROOT/LOCALE/LC_MESSAGES/DOMAIN.mo`.
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

    private static func word(_ bytes: [UInt8], _ at: Int, little: Bool) -> UInt32 {
        let b = (0..<4).map { UInt32(bytes[at + $0]) }
        return little ? b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24 : b[3] | b[2] << 8 | b[1] << 16 | b[0] << 24
    }
}
