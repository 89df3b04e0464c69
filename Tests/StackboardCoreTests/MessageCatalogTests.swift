import Testing
@testable import StackboardCore
import StackboardSystem

/// Gettext `.mo` catalogs read without libintl, the locales they are looked for in, and the
/// language names of iso-codes built on them.
@Suite struct MessageCatalogTests {
    /// A `.mo` file of `pairs` (sorted by original, as msgfmt writes them), little or big endian.
    static func mo(_ pairs: [(String, String)], bigEndian: Bool = false) -> [UInt8] {
        let sorted = pairs.sorted { $0.0 < $1.0 }
        let count = sorted.count
        let originals = 28, translations = originals + 8 * count
        var strings: [UInt8] = []
        var table: [(Int, Int)] = [], other: [(Int, Int)] = []
        let base = translations + 8 * count
        for (original, _) in sorted {
            table.append((original.utf8.count, base + strings.count))
            strings += Array(original.utf8) + [0]
        }
        for (_, translation) in sorted {
            other.append((translation.utf8.count, base + strings.count))
            strings += Array(translation.utf8) + [0]
        }
        func word(_ n: Int) -> [UInt8] {
            let v = UInt32(n)
            let le = [UInt8(v & 0xff), UInt8(v >> 8 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 24)]
            return bigEndian ? le.reversed() : le
        }
        var out = word(0x950412de) + word(0) + word(count) + word(originals) + word(translations) + word(0) + word(0)
        for (length, offset) in table + other { out += word(length) + word(offset) }
        return out + strings
    }

    @Test(arguments: [false, true]) func readsEitherByteOrder(bigEndian: Bool) throws {
        let catalog = try MessageCatalog(mo: Self.mo([("", "Content-Type: text/plain; charset=UTF-8\n"), ("German", "Deutsch"),
                                                      ("Russian", "Russisch"), ("ctx\u{4}Open", "Öffnen"),
                                                      ("one file\0%d files", "eine Datei\0%d Dateien")], bigEndian: bigEndian))
        #expect(catalog.translate("German") == "Deutsch")
        #expect(catalog.translate("Russian") == "Russisch")
        #expect(catalog.translate("Greek") == "Greek")
        #expect(catalog.translate("Open", context: "ctx") == "Öffnen")
        #expect(catalog.translate("one file") == "eine Datei")
        #expect(catalog.translations[""] == nil, "the header is no translation")
    }

    @Test func refusesWhatIsNotACatalog() {
        #expect(throws: MessageCatalog.FormatError.self) { try MessageCatalog(mo: []) }
        #expect(throws: MessageCatalog.FormatError.self) { try MessageCatalog(mo: Array(repeating: 7, count: 64)) }
        var cut = Self.mo([("German", "Deutsch")])
        cut.removeLast(6)
        #expect(throws: MessageCatalog.FormatError.self) { try MessageCatalog(mo: cut) }
    }

    @Test func theLocalesAreLookedForAsMessageLanguagesSays() {
        #expect(MessageCatalog.candidates(environment: ["LANG": "de_DE.UTF-8"]) == ["de_DE", "de"])
        #expect(MessageCatalog.candidates(environment: ["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8@euro"])
                == ["fr_FR@euro", "fr_FR", "fr@euro", "fr"])
        #expect(MessageCatalog.candidates(environment: ["LANG": "en_US.UTF-8", "LANGUAGE": "pt_BR:de"]) == ["pt_BR", "pt", "de"])
        // LANGUAGE counts under the C locale too (kiosks); the C locale alone is English.
        #expect(MessageCatalog.candidates(environment: ["LANG": "C", "LANGUAGE": "de"]) == ["de"])
        #expect(MessageCatalog.candidates(environment: ["LC_ALL": "C.UTF-8", "LANG": "de_DE"]).isEmpty)
        #expect(MessageCatalog.candidates(environment: [:]).isEmpty)
        #expect(MessageCatalog.path(domain: "iso_639-3", locale: "de") == "/usr/share/locale/de/LC_MESSAGES/iso_639-3.mo")
    }

    @Test func languagesAreNamedInTheUsersLanguage() throws {
        let table = Array(#"{"639-3": [{"alpha_2": "de", "alpha_3": "deu", "name": "German"}, {"alpha_2": "el", "alpha_3": "ell", "name": "Modern Greek (1453-)"}, {"alpha_3": "swa", "alpha_2": "sw", "name": "Swahili (macrolanguage)"}, {"alpha_2": "zh", "alpha_3": "zho", "name": "Chinese"}]}"#.utf8)
        let english = LanguageNames.parse(table, key: "639-3")
        #expect(english["de"] == "German" && english["deu"] == "German")
        let plain = LanguageNames(english: english)
        #expect(plain.name(of: "de") == "German")
        #expect(plain.name(of: "el") == "Modern Greek")
        #expect(plain.name(of: "sw") == "Swahili")
        #expect(plain.name(of: "zh-Hant") == "Chinese (Hant)")
        #expect(plain.name(of: "xx") == "xx")
        #expect(!plain.knows("xx") && plain.knows("deu"))
        let catalog = try MessageCatalog(mo: Self.mo([("German", "Deutsch"), ("Modern Greek (1453-)", "Neugriechisch (ab 1453)")]))
        let german = LanguageNames(english: english, catalog: catalog)
        #expect(german.name(of: "de") == "Deutsch")
        #expect(german.name(of: "el") == "Neugriechisch")
        #expect(LanguageNames(english: [:]).knows("de"), "without iso-codes every code is its own name")
    }

    @Test func namesSortWithTheirMarksAsTheirLetters() {
        let names = ["Dzongkha", "Dänisch", "Deutsch", "Ελληνικά", "Čeština", "Chinesisch"]
        #expect(names.sorted { LanguageNames.sortKey($0) < LanguageNames.sortKey($1) }
                == ["Čeština", "Chinesisch", "Dänisch", "Deutsch", "Dzongkha", "Ελληνικά"])
    }

    /// Debian's own catalog, when iso-codes is installed (set-up installs it).
    @Test func theInstalledIsoCodesNameGermanInGerman() {
        let files = SystemFiles()
        let names = LanguageNames.load(environment: ["LANG": "de_DE.UTF-8"], files: files)
        guard !names.english.isEmpty else { return } // no iso-codes here
        #expect(names.name(of: "de") == "Deutsch")
        #expect(names.name(of: "ru") == "Russisch")
        #expect(LanguageNames.load(environment: ["LANG": "C"], files: files).name(of: "de") == "German")
    }
}
