import StackboardCore
import Testing

/// The keyboard's catalogs: the .mo format, which catalogs the environment asks for, and key
/// names in the user's language.
@Suite struct TranslationsTests {
    /// A .mo file as msgfmt writes it (little-endian unless `big`), entries sorted by original.
    static func mo(_ entries: [(String, String)], big: Bool = false) -> [UInt8] {
        let sorted = ([("", "Content-Type: text/plain; charset=UTF-8\n")] + entries).sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
        var out: [UInt8] = []
        func word(_ v: Int) {
            let b = (0..<4).map { UInt8((UInt32(v) >> (8 * UInt32($0))) & 0xff) }
            out += big ? b.reversed() : b
        }
        let n = sorted.count
        let originals = 28, translations = originals + 8 * n
        var strings = translations + 8 * n
        word(0x9504_12de); word(0); word(n); word(originals); word(translations); word(0); word(0)
        var blob: [UInt8] = []
        var tables: ([(Int, Int)], [(Int, Int)]) = ([], [])
        for (o, _) in sorted { tables.0.append((o.utf8.count, strings)); blob += Array(o.utf8) + [0]; strings += o.utf8.count + 1 }
        for (_, t) in sorted { tables.1.append((t.utf8.count, strings)); blob += Array(t.utf8) + [0]; strings += t.utf8.count + 1 }
        for (l, o) in tables.0 + tables.1 { word(l); word(o) }
        return out + blob
    }

    @Test(arguments: [false, true])
    func aCatalogIsReadInEitherByteOrder(big: Bool) throws {
        let catalog = try MessageCatalog(mo: Self.mo([("space", "Leertaste"), ("del", "Entf")], big: big))
        #expect(catalog.translations == ["space": "Leertaste", "del": "Entf"], "the header entry is left out")
    }

    @Test func aDamagedFileSaysWhatToDo() {
        #expect(throws: MessageCatalog.FormatError.notACatalog) { try MessageCatalog(mo: Array("not a catalog at all".utf8)) }
        var cut = Self.mo([("space", "Leertaste")])
        cut.removeLast(12)
        #expect(throws: MessageCatalog.FormatError.self) { try MessageCatalog(mo: cut) }
        var revision = Self.mo([])
        revision[6] = 5 // major revision 5
        #expect(throws: MessageCatalog.FormatError.unsupportedRevision(5 << 16)) { try MessageCatalog(mo: revision) }
    }

    @Test(arguments: [
        (["LANGUAGE": "de_AT:fr", "LANG": "ru_RU.UTF-8"], ["de_AT", "de", "fr"]),
        (["LANG": "de_DE.UTF-8@euro"], ["de_DE@euro", "de_DE", "de@euro", "de"]),
        (["LC_ALL": "zh_CN.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"], ["zh_CN", "zh"]),
        (["LC_MESSAGES": "es_ES.UTF-8", "LANG": "C.UTF-8"], ["es_ES", "es"]),
        (["LANG": "C.UTF-8"], []),
        (["LANGUAGE": "de", "LANG": "C"], ["de"]),
        ([:], []),
    ])
    func theEnvironmentChoosesTheCatalogs(environment: [String: String], names: [String]) {
        #expect(MessageLanguages.candidates(environment: environment) == names)
    }

    @Test func catalogsAreSearchedInOrderAndFallBack() {
        let files = ["/a/de/LC_MESSAGES/stackboard.mo": Self.mo([("space", "Leertaste")]),
                     "/b/de/LC_MESSAGES/stackboard.mo": Self.mo([("space", "not this one")]),
                     "/b/fr/LC_MESSAGES/stackboard.mo": Self.mo([("space", "espace"), ("hide", "masquer")]),
                     "/a/ru/LC_MESSAGES/stackboard.mo": Array("garbage, not a catalog".utf8)]
        var reports: [String] = []
        let t = Translations.load(environment: ["LANGUAGE": "ru:de:fr"], searchPath: ["/a", "/b"],
                                  read: { files[$0] }, report: { reports.append($0) })
        #expect(t.catalogs.map(\.name) == ["de", "fr"])
        #expect(t.text("space") == "Leertaste")
        #expect(t.text("hide") == "masquer", "falls back to the next catalog")
        #expect(t.text("?123") == "?123", "and to the original")
        #expect(reports.count == 1 && reports[0].contains("/a/ru/LC_MESSAGES/stackboard.mo") && reports[0].contains("msgfmt"))
    }

    @Test func keyNamesAreTranslatedButTextKeysKeepWhatTheyType() {
        let keys = [Key(label: "space", action: .space), Key(label: "space", action: .text("space")),
                    Key(label: "ctrl", action: .modifier(.ctrl))]
        let layout = Layout(name: "t", description: "", layers: [Layer(name: "l", root: Stack(axis: .horizontal, items: keys.map { .key($0) }))])
        let german = Translations(catalogs: [("de", MessageCatalog(translations: ["space": "Leertaste", "ctrl": "Strg"]))])
        let labels = layout.translatingLabels(german).layers[0].root.keys.map(\.label)
        #expect(labels == ["Leertaste", "space", "Strg"])
    }
}
