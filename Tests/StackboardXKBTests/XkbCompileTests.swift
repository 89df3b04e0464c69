import Testing
import StackboardCore
import StackboardSystem
@testable import StackboardXKB

/// Keyboards compiled from Debian's xkb-data with libxkbcommon.
@Suite struct XkbCompileTests {
    static let provider = XkbLayoutProvider()

    static func layout(_ name: String) throws -> Layout {
        do { return try provider.layout(named: name) } catch { throw Failure(message: error.description) }
    }

    struct Failure: Error, CustomStringConvertible { let message: String; var description: String { message } }

    static func key(_ layout: Layout, _ label: String, layer: String = "letters") throws -> Key {
        try #require(layout.layer(named: layer)?.root.keys.first { $0.label == label && $0.style == .normal }, "no \(label) in \(layer)")
    }

    @Test func germanHasItsLevelsDeadKeysAndAltGr() throws {
        let de = try Self.layout("xkb:de")
        #expect(de.name == "xkb:de" && de.language == "de" && de.description == "German (XKB layout de)")
        #expect(de.layers.map(\.name) == ["letters", "altgr", "functions", "edit"])
        let q = try Self.key(de, "q")
        #expect(q.shiftedLabel == "Q" && q.alternates.first?.label == "@" && q.alternates.first?.shiftedLabel == "Ω")
        let acute = try Self.key(de, "´")
        #expect(acute.shiftedLabel == "`")
        #expect(acute.alternates.map(\.label).prefix(5) == ["ẃ", "é", "ŕ", "ź", "ú"], "acute over q w e r t z u … in key order")
        #expect(acute.alternates.contains { $0.label == "è" && $0.shiftedLabel == "È" })
        #expect(try Self.key(de, "^").alternates.contains { $0.label == "â" })
        #expect(try Self.key(de, "ß").shiftedLabel == "?")
        #expect(try Self.key(de, "€", layer: "altgr").action == .text("€"))
        #expect(de.layer(named: "letters")?.root.keys.contains { $0.label == "<" } == true, "German keyboards are ISO: LSGT is there")
    }

    @Test func frenchIsAzertyWithDigitsUnderShift() throws {
        let fr = try Self.layout("xkb:fr")
        let letters = try #require(fr.layer(named: "letters"))
        #expect(letters.root.keys.filter { $0.style == .normal }.prefix(5).map(\.label) == ["²", "&", "é", "\"", "'"])
        #expect(try Self.key(fr, "&").shiftedLabel == "1")
        let circumflex = try Self.key(fr, "^")
        #expect(circumflex.shiftedLabel == "¨")
        #expect(circumflex.alternates.contains { $0.label == "ê" && $0.shiftedLabel == "Ê" })
        #expect(circumflex.alternates.contains { $0.label == "ë" })
        #expect(fr.language == "fr")
    }

    @Test func russianHasCyrillicAndAltGrOnlyWhereXkbHasIt() throws {
        let ru = try Self.layout("xkb:ru")
        let altgrKeys = ru.layer(named: "altgr")?.root.keys.filter { $0.style == .normal && $0.action != .space } ?? []
        #expect(altgrKeys.map(\.label) == ["₽", "|"], "ru's AltGr levels: the rouble on 8, and | ¦ on LSGT")
        #expect(try Self.key(ru, "й").shiftedLabel == "Й")
        #expect(try Self.key(ru, "ё").shiftedLabel == "Ё")
        #expect(ru.language == "ru")
    }

    @Test func greekDeadAccentsComposeGreekLetters() throws {
        let gr = try Self.layout("xkb:gr")
        let tonos = try Self.key(gr, "´")
        #expect(tonos.alternates.contains { $0.label == "ά" && $0.shiftedLabel == "Ά" })
        #expect(try Self.key(gr, "ς").shiftedLabel == "Σ" || (try Self.key(gr, "ς").shiftedLabel) == "΅")
        #expect(gr.language == "el")
    }

    @Test func arabicAndHebrewKeepMarksLigaturesAndOrder() throws {
        let ara = try Self.layout("xkb:ara")
        let dad = try Self.key(ara, "ض")
        #expect(dad.shiftedLabel == "\u{064E}", "shift gives the fatha, typed as the mark itself")
        #expect(ara.layer(named: "letters")?.root.keys.contains { $0.label == "\u{FEFB}" } == true, "the lam-alef key types xkb-data's ligature")
        #expect(ara.language == "ar")
        let il = try Self.layout("xkb:il")
        #expect(try Self.key(il, "ק").action == .text("ק"))
        #expect(il.language == "he")
    }

    @Test func unlistedVariantsThatExistAreMadeAndTyposAreNot() throws {
        let deva = try Self.layout("xkb:in(deva)")
        #expect(deva.name == "xkb:in(deva)" && deva.layer(named: "letters")?.root.keys.contains { $0.label == "क" } == true)
        #expect(throws: LayoutError.self) { try Self.provider.layout(named: "xkb:fr(bepoo)") }
        do { _ = try Self.provider.layout(named: "xkb:fr(bepoo)") } catch { #expect(error.message.contains("did you mean \"xkb:fr(bepo)\"?")) }
        do { _ = try Self.provider.layout(named: "xkb:custom") } catch { #expect(error.message.contains("cannot compile")) }
        do { _ = try Self.provider.layout(named: "xkb:germn") } catch { #expect(error.message.contains("did you mean \"xkb:de\" (German)?")) }
    }

    @Test func aMissingXkbDataDirectorySaysWhatToInstall() {
        do {
            _ = try XkbLayoutProvider(configRoot: "/nonexistent/xkb").layout(named: "xkb:de")
            Issue.record("no error")
        } catch {
            #expect(error.description.contains("install xkb-data"))
        }
    }

    @Test func theCatalogAsksTheProviderForXkbNamesOnly() throws {
        let catalog = LayoutCatalog(searchPath: [], files: SystemFiles()).adding(Self.provider)
        #expect(try catalog.load("xkb:ru").name == "xkb:ru")
        #expect(catalog.provider(for: "qwerty") == nil)
        #expect(Self.provider.provides("xkb:anything") && !Self.provider.provides("xkbde"))
    }

    /// Whether a label as shown reads as a code rather than a glyph or a word: a code point
    /// (`U+FE75`, `UFE75`, `0x100FE75`), a raw keysym name (`dead_acute`, `XF86AudioMute`), or
    /// a character Unicode has not assigned or keeps for private use.
    static func looksLikeACode(_ label: String) -> Bool {
        let hex = "0123456789ABCDEFabcdef"
        let upper = label.uppercased()
        for prefix in ["U+", "U", "0X"] where upper.hasPrefix(prefix) && upper.count > prefix.count + 3
            && upper.dropFirst(prefix.count).allSatisfy({ hex.contains($0) }) { return true }
        if label.hasPrefix("XF86") || (label.contains("_") && label.count > 1 && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) {
            return true
        }
        return label.unicodeScalars.contains { [.unassigned, .privateUse].contains($0.properties.generalCategory) }
    }

    @Test func theCodeCheckCatchesCodes() {
        #expect(Self.looksLikeACode("U+FE75") && Self.looksLikeACode("UFE75") && Self.looksLikeACode("dead_acute"))
        #expect(Self.looksLikeACode("XF86AudioMute") && Self.looksLikeACode("\u{FE75}") && Self.looksLikeACode("\u{E000}"))
        #expect(!Self.looksLikeACode("ü") && !Self.looksLikeACode("_") && !Self.looksLikeACode("F1") && !Self.looksLikeACode("PgUp"))
        #expect(!Self.looksLikeACode("German") && !Self.looksLikeACode("ZWJ") && !Self.looksLikeACode("ቁ"))
    }

    /// xkb:et's vowel keys are unassigned code points that its own Compose table (am_ET.UTF-8)
    /// uses as dead keys: each shows and types what it makes of the first letter it composes
    /// with, and offers the rest on a long press.
    @Test func ethiopicVowelKeysAreDeadKeysOfTheirOwnComposeTable() throws {
        let et = try Self.layout("xkb:et")
        let keys = et.layer(named: "letters")?.root.keys ?? []
        #expect(!keys.contains { Self.looksLikeACode($0.label) || Self.looksLikeACode($0.shiftedLabel ?? "") })
        let u = try #require(keys.first { $0.label == "ቁ" }, "AD07, dead u with ቀ (q)")
        #expect(u.action == .text("ቁ"))
        #expect(u.alternates.contains { $0.label == "ሁ" } && u.alternates.contains { $0.label == "ኡ" })
        let a = try #require(keys.first { $0.label == "ቃ" }, "AC01, dead a with ቀ")
        #expect(a.alternates.contains { $0.label == "ኣ" })
    }

    /// Every layout and variant the rules list builds (but `custom`, which xkb-data ships
    /// without symbols), and every layer's keys tile the window.
    @Test func everyListedLayoutBuildsAndTiles() throws {
        let registry = try Self.provider.registry()
        #expect(registry.layouts.filter { !$0.isExtra }.count == 578, "Debian 12: 99 layouts and 479 variants")
        var failed: [String] = []
        for info in registry.layouts where info.name.layout != "custom" {
            let layout: Layout
            do { layout = try Self.provider.layout(for: info) } catch {
                failed.append("\(info.name): \(error)")
                continue
            }
            for layer in layout.layers {
                let geometry = KeyboardGeometry(layout: layout, layer: layer, size: Size(width: 1000, height: 320))
                let frames = geometry.keys.map(\.frame)
                for (i, a) in frames.enumerated() where frames[(i + 1)...].contains(where: a.intersects) {
                    failed.append("\(info.name)/\(layer.name): key \(i) overlaps another")
                }
                for key in layer.root.keys where key.style != .blank && key.label.isEmpty && key.action != .space {
                    failed.append("\(info.name)/\(layer.name): a key without a label")
                }
                for key in layer.root.keys {
                    for label in ([key] + key.alternates).flatMap({ [$0.label, $0.shiftedLabel].compactMap { $0 } })
                    where Self.looksLikeACode(label) || Self.looksLikeACode(LabelDisplay.visible(label)) {
                        failed.append("\(info.name)/\(layer.name): the label \(LabelDisplay.visible(label)) is a code, not a glyph or a word")
                    }
                }
            }
        }
        #expect(failed == [])
    }
}
