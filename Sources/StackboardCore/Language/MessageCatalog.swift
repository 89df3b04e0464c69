/// One compiled gettext catalog (a `.mo` file): the translation of each original string.
///
/// The format, as GNU gettext writes it: a 32-bit magic number 0x950412de (in the writer's byte
/// order, so read either way), a revision (major 0 or 1), the number of strings N, the offset of
/// the originals' table and of the translations' table, each N pairs of (length, offset) in
/// bytes; the strings themselves are UTF-8. The entry with the empty original is the header.
/// Contexts (`msgctxt`, joined to the original by U+0004) and plural forms (originals joined by
/// NUL) are kept as the file has them: lookups here are by plain original, which is what the
/// keyboard's own catalogs have.
public struct MessageCatalog: Equatable, Sendable {
    /// Original → translation (never empty: an untranslated entry is left out).
    public let translations: [String: String]

    /// Why a file is not a catalog.
    public enum Failure: Error, Equatable, CustomStringConvertible {
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

    /// The catalog in `bytes`.
    public init(bytes: [UInt8]) throws(Failure) {
        guard bytes.count >= 20 else { throw .notACatalog }
        let little: Bool
        switch Self.word(bytes, 0, little: true) {
        case 0x9504_12de: little = true
        case 0xde12_0495: little = false
        default: throw .notACatalog
        }
        func word(_ at: Int) throws(Failure) -> Int {
            guard at >= 0, at + 4 <= bytes.count else { throw .truncated("a table at byte \(at)") }
            return Int(Self.word(bytes, at, little: little))
        }
        let revision = UInt32(try word(4))
        guard revision >> 16 <= 1 else { throw .unsupportedRevision(revision) }
        let count = try word(8), originals = try word(12), translated = try word(16)
        guard count <= bytes.count / 16 else { throw .truncated("\(count) strings") }
        func string(_ table: Int, _ i: Int) throws(Failure) -> String {
            let length = try word(table + 8 * i), offset = try word(table + 8 * i + 4)
            guard offset + length <= bytes.count else { throw .truncated("string \(i)") }
            return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        }
        var table: [String: String] = [:]
        for i in 0..<count {
            let original = try string(originals, i), translation = try string(translated, i)
            guard !original.isEmpty, !translation.isEmpty else { continue }
            table[original] = translation
        }
        translations = table
    }

    /// A catalog with these entries (tests, and catalogs made in memory).
    public init(translations: [String: String]) { self.translations = translations }

    private static func word(_ bytes: [UInt8], _ at: Int, little: Bool) -> UInt32 {
        let b = (0..<4).map { UInt32(bytes[at + $0]) }
        return little ? b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24 : b[3] | b[2] << 8 | b[1] << 16 | b[0] << 24
    }
}
