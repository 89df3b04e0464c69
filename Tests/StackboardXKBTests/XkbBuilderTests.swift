import Testing
import StackboardCore
@testable import StackboardXKB

/// The keyboard built from compiled XKB symbols (fixtures here; the real keymaps are in
/// StackboardXKBTests).
@Suite struct XkbBuilderTests {
    static func c(_ s: String) -> XkbSymbol { .character(s) }
    static func d(_ s: String) -> XkbSymbol { .dead(s) }

    /// A German-like layout: dead ^ and ´/`, ß/?, AltGr @ and €, an LSGT key of its own.
    static var germanLike: XkbLayoutSymbols {
        XkbLayoutSymbols(keys: [
            XkbKeySymbols(keyName: "TLDE", levels: [d("dead_circumflex"), c("°"), c("′"), c("″")]),
            XkbKeySymbols(keyName: "AE01", levels: [c("1"), c("!"), c("¹"), c("¡")]),
            XkbKeySymbols(keyName: "AE11", levels: [c("ß"), c("?"), c("\\"), c("ẞ")]),
            XkbKeySymbols(keyName: "AE12", levels: [d("dead_acute"), d("dead_grave"), d("dead_cedilla"), nil]),
            XkbKeySymbols(keyName: "AD01", levels: [c("q"), c("Q"), c("@"), nil]),
            XkbKeySymbols(keyName: "AD03", levels: [c("e"), c("E"), c("€"), nil]),
            XkbKeySymbols(keyName: "AC01", levels: [c("a"), c("A"), c("æ"), c("Æ")]),
            XkbKeySymbols(keyName: "AC02", levels: [c("s"), c("S"), d("dead_belowdot"), d("dead_greek")]),
            XkbKeySymbols(keyName: "LSGT", levels: [c("<"), c(">"), c("|"), nil]),
            XkbKeySymbols(keyName: "AB01", levels: [c("y"), c("Y"), nil, nil]),
        ], compositions: [
            "dead_acute": ["e": "é", "E": "É", "a": "á", "A": "Á", "y": "ý", " ": "'"],
            "dead_grave": ["e": "è", "E": "È", "a": "à"],
            "dead_circumflex": ["a": "â", "A": "Â", "e": "ê", "E": "Ê", " ": "^"],
            "dead_greek": [" ": "µ", "a": "α"],
        ])
    }

    static let german = XkbLayoutInfo(name: XkbLayoutName(layout: "de"), shortDescription: "de", description: "German", languages: ["ger"])

    static func build(_ symbols: XkbLayoutSymbols, _ info: XkbLayoutInfo = german) -> Layout {
        XkbLayoutBuilder(info: info, symbols: symbols).layout()
    }

    static func rows(_ layer: Layer) -> [[Key]] {
        layer.root.items.map { item in
            guard case .stack(let row) = item else { return [] }
            return row.keys
        }
    }

    static func key(_ layer: Layer, _ label: String) throws -> Key {
        try #require(layer.root.keys.first { $0.label == label }, "no key \(label)")
    }

    @Test func theLayoutIsNamedForTheXkbLayoutAndKnowsItsLanguage() {
        let layout = Self.build(Self.germanLike)
        #expect(layout.name == "xkb:de")
        #expect(layout.language == "de")
        #expect(layout.description == "German (XKB layout de)")
        #expect(layout.layers.map(\.name) == ["letters", "altgr", "functions", "edit"])
    }

    @Test func keysSitInTheirRowsWithBlanksWhereTheLayoutHasNone() throws {
        let rows = Self.rows(Self.build(Self.germanLike).layers[0])
        #expect(rows.count == 5)
        #expect(rows[0].count == 14)
        #expect(rows[0].map(\.label).prefix(2) == ["^", "1"])
        #expect(rows[0][2].style == .blank, "AE02 is not in the fixture")
        #expect(rows[0][11].label == "ß" && rows[0][12].label == "´" && rows[0][13].action == .key(.backspace))
        #expect(rows[1].first?.action == .key(.tab) && rows[1].count == 13, "tab and AD01-AD12 (ISO: BKSL goes to the home row)")
        #expect(rows[2].first?.action == .capsLock && rows[2].last?.action == .key(.returnKey))
        #expect(rows[2].count == 14, "caps, AC01-AC11, BKSL, return")
        #expect(rows[3].map(\.action).first == .modifier(.shift) && rows[3][1].label == "<" && rows[3][2].label == "y")
        #expect(rows[3].last?.action == .modifier(.shift))
        let bottom = rows[4].map(\.label)
        #expect(bottom == ["AltGr", "Fn", "☺", "⚙", "ctrl", "alt", "German", "←", "↑", "↓", "→", "✥"])
        #expect(rows[4][1].action == .layer("functions"))
        #expect(rows[4][2].action == .layer("emoji"))
        #expect(rows[4][3].action == .settings)
        #expect(rows[4][6].action == .space)
    }

    @Test func shiftShowsLevelTwoAndLongPressLevelsThreeAndFour() throws {
        let letters = Self.build(Self.germanLike).layers[0]
        let e = try Self.key(letters, "e")
        #expect(e.shiftedLabel == "E" && e.action == .text("e"))
        #expect(e.alternates.map(\.label) == ["€"])
        let a = try Self.key(letters, "a")
        #expect(a.alternates.map(\.label) == ["æ"] && a.alternates.first?.shiftedLabel == "Æ", "level 4 is the alternate's shift")
        let sharp = try Self.key(letters, "ß")
        #expect(sharp.shiftedLabel == "?")
        #expect(sharp.alternates.map(\.label) == ["\\"] && sharp.alternates.first?.shiftedLabel == "ẞ")
    }

    @Test func deadKeysTypeTheirAccentAndOfferWhatTheyCompose() throws {
        let letters = Self.build(Self.germanLike).layers[0]
        let acute = try Self.key(letters, "´")
        #expect(acute.action == .text("´") && acute.shiftedLabel == "`")
        #expect(acute.alternates.map(\.label) == ["é", "á", "ý", "è", "à", "¸"], "acute then grave, over the letters in key order, then AltGr")
        #expect(acute.alternates.map(\.shiftedLabel) == ["É", "Á", nil, "È", nil, nil], "each shifts to what the dead key makes of the shifted letter")
        let circumflex = try Self.key(letters, "^")
        #expect(circumflex.alternates.map(\.label) == ["ê", "â", "′"], "compositions, then the AltGr levels")
    }

    @Test func theAltGrLayerShowsLevelsThreeAndFour() throws {
        let altgr = Self.build(Self.germanLike).layers[1]
        let rows = Self.rows(altgr)
        #expect(rows[0].map(\.label).prefix(2) == ["′", "¹"])
        #expect(rows[0][1].shiftedLabel == "¡")
        #expect(try Self.key(altgr, "€").shiftedLabel == nil)
        let belowdot = try Self.key(altgr, "\u{0323}")
        #expect(belowdot.shiftedLabel == "µ", "dead_belowdot types its combining mark, dead_greek what it makes of a space")
        #expect(try Self.key(altgr, "¸").alternates.isEmpty, "no compositions in the fixture")
        #expect(rows[3][2].style == .blank, "y has no AltGr level")
        #expect(rows[4][0].action == .layer("letters") && rows[4][0].style == .accent)
    }

    @Test func aLayoutWithoutAltGrLevelsHasNoAltGrLayerOrKey() {
        let symbols = XkbLayoutSymbols(keys: [XkbKeySymbols(keyName: "AD01", levels: [.character("й"), .character("Й")])])
        let info = XkbLayoutInfo(name: XkbLayoutName(layout: "ru"), description: "Russian", languages: ["rus"])
        let layout = Self.build(symbols, info)
        #expect(layout.layers.map(\.name) == ["letters", "functions", "edit"])
        #expect(!layout.layers.contains { $0.root.keys.contains { $0.label == "AltGr" } })
        #expect(layout.language == "ru")
    }

    @Test func lsgtThatOnlyRepeatsOtherKeysIsLeftOutAndBackslashGoesUp() throws {
        let symbols = XkbLayoutSymbols(keys: [
            XkbKeySymbols(keyName: "BKSL", levels: [.character("\\"), .character("|")]),
            XkbKeySymbols(keyName: "LSGT", levels: [.character("<"), .character(">"), .character("|")]),
            XkbKeySymbols(keyName: "AB08", levels: [.character(","), .character("<")]),
            XkbKeySymbols(keyName: "AB09", levels: [.character("."), .character(">")]),
        ])
        let builder = XkbLayoutBuilder(info: XkbLayoutInfo(name: XkbLayoutName(layout: "us"), description: "English (US)"), symbols: symbols)
        #expect(!builder.isISO)
        let rows = Self.rows(builder.layout().layers[0])
        #expect(rows[1].last?.label == "\\" && rows[1].last?.weight == 1.5)
        #expect(rows[3].count == 12, "shift, AB01-AB10, shift")
        #expect(!rows[3].contains { $0.label == "<" && $0.shiftedLabel == ">" })
    }

    @Test func theFunctionLayerHasEscapeFunctionKeysAndNavigation() throws {
        let functions = try #require(Self.build(Self.germanLike).layer(named: "functions"))
        let rows = Self.rows(functions)
        #expect(rows[0].map(\.label) == ["esc"] + (1...12).map { "F\($0)" })
        #expect(rows[0][1].action == .key(.keysym("F1")))
        #expect(rows[1].map(\.action) == [.key(.tab), .key(.home), .key(.end), .key(.keysym("Prior")), .key(.keysym("Next")), .key(.keysym("Insert")), .key(.delete), .key(.backspace)])
        #expect(rows[2].map(\.action) == [.modifier(.shift), .modifier(.ctrl), .modifier(.alt), .modifier(.super), .layer("edit"), .key(.returnKey)])
        #expect(rows[2][4].label == "✂")
        #expect(rows[3][1].label == "Fn" && rows[3][1].action == .layer("letters") && rows[3][1].style == .accent)
        #expect(rows[3][0].action == .layer("altgr"), "AltGr goes to its layer from here too")
    }

    /// The editing panel of an xkb: layout (✂ on its functions layer) has the shortcuts of qwerty's.
    @Test func theEditLayerHasTheShortcutsOfQwertys() throws {
        let edit = try #require(Self.build(Self.germanLike).layer(named: "edit"))
        let chords = edit.root.keys.compactMap { key -> String? in
            if case .shortcut(let s) = key.action { return "\(key.label)=\(s)" } else { return nil }
        }
        #expect(chords == ["select all=ctrl+a", "cut=ctrl+x", "copy=ctrl+c", "paste=ctrl+v", "undo=ctrl+z", "redo=ctrl+shift+z"])
        #expect(edit.root.keys.contains { $0.action == .modifier(.shift) } && edit.root.keys.contains { $0.action == .key(.left) })
        #expect(Self.rows(edit)[3].contains { $0.label == "Fn" && $0.action == .layer("functions") })
    }

    @Test func everyLayerTilesTheWindow() {
        let layout = Self.build(Self.germanLike)
        for layer in layout.layers {
            for size in [Size(width: 1280, height: 400), Size(width: 320, height: 120)] {
                let geometry = KeyboardGeometry(layout: layout, layer: layer, size: size)
                for (i, a) in geometry.keys.enumerated() {
                    #expect(a.frame.x >= 0 && a.frame.y >= 0 && a.frame.maxX <= size.width && a.frame.maxY <= size.height, "\(layer.name) \(a.key.label) \(a.frame)")
                    for b in geometry.keys[(i + 1)...] { #expect(!a.frame.intersects(b.frame)) }
                }
            }
        }
    }

    @Test func deadKeysWithNoAccentOrCompositionAreSpacers() {
        #expect(DeadKeys.character(of: "dead_acute") == "´")
        #expect(DeadKeys.character(of: "dead_hook") == "\u{0309}")
        #expect(DeadKeys.character(of: "dead_currency", composedWithSpace: "¤") == "¤")
        #expect(DeadKeys.character(of: "dead_unheardof") == nil)
        let symbols = XkbLayoutSymbols(keys: [XkbKeySymbols(keyName: "AD01", levels: [.dead("dead_unheardof"), nil])])
        let layout = Self.build(symbols)
        #expect(Self.rows(layout.layers[0])[1][1].style == .blank)
    }

    /// A dead key of the layout's own Compose table that is an unassigned code point (xkb:et's
    /// vowel keys) shows and types what it makes of the first letter it composes with.
    @Test func aDeadKeyWithoutAccentShowsItsFirstComposition() throws {
        let symbols = XkbLayoutSymbols(keys: [
            XkbKeySymbols(keyName: "AD01", levels: [Self.c("ቀ"), nil]),
            XkbKeySymbols(keyName: "AD07", levels: [Self.d("UFE75"), nil]),
            XkbKeySymbols(keyName: "AC06", levels: [Self.c("ሀ"), nil]),
        ], compositions: ["UFE75": ["ቀ": "ቁ", "ሀ": "ሁ"]])
        let u = try Self.key(Self.build(symbols).layers[0], "ቁ")
        #expect(u.action == .text("ቁ") && u.alternates.map(\.label) == ["ሁ"])
        #expect(DeadKeys.character(of: "UFE75", firstComposed: "ቁ") == "ቁ")
    }

    /// Levels typing unassigned, private-use or noncharacter code points are left out; a key
    /// left with nothing is a gap.
    @Test func unreadableCharactersAreLeftOut() {
        let symbols = XkbLayoutSymbols(keys: [
            XkbKeySymbols(keyName: "AD01", levels: [Self.c("d"), Self.c("D"), Self.c(Unicode.Scalar(0xFDD7).map { String($0) } ?? "?"), Self.c("☣")]),
            XkbKeySymbols(keyName: "AD02", levels: [Self.c("\u{F8FF}"), Self.c("\u{17FF}"), nil, nil]),
            XkbKeySymbols(keyName: "AD03", levels: [Self.d("UFE75"), Self.c("a")]),
        ]).withoutUnreadableCharacters()
        #expect(symbols.keys[0].levels == [Self.c("d"), Self.c("D"), nil, Self.c("☣")])
        #expect(symbols.keys[1].levels == [nil, nil, nil, nil])
        #expect(symbols.keys[2].levels == [Self.d("UFE75"), Self.c("a"), nil, nil], "dead keys stay")
        let layout = Self.build(symbols)
        #expect(Self.rows(layout.layers[0])[1][2].style == .blank)
    }
}

/// Compose files read without compiling them.
@Suite struct ComposeFileTests {
    @Test func sequenceStartsAreTheFirstKeysymOfEachLine() {
        let starts = ComposeFile.sequenceStarts(in: """
        # Modifier: /u/
        include "/usr/share/X11/locale/en_US.UTF-8/Compose"
        <UFE75> <U1200> : "ሁ" U1201 # key h
          <dead_acute> <e> : "é"
        """)
        #expect(starts == ["UFE75", "dead_acute"])
    }
}
