import Testing
@testable import StackboardCore

/// How labels that cannot be shown as they are get shown, the `language` field, the reserved
/// `emoji` layer, and caps lock on keys whose shift is not their upper case.
@Suite struct LabelDisplayTests {
    @Test func invisiblesShowTheirNamesAndMarksAreLeftToHarfBuzz() {
        #expect(LabelDisplay.visible("a") == "a")
        #expect(LabelDisplay.visible("لا") == "لا")
        #expect(LabelDisplay.visible("\u{064E}") == "\u{064E}", "Arabic fatha: HarfBuzz adds the dotted circle")
        #expect(LabelDisplay.visible("\u{093F}") == "\u{093F}", "a Devanagari vowel sign (a spacing mark)")
        #expect(LabelDisplay.visible("\u{200D}") == "ZWJ")
        #expect(LabelDisplay.visible("\u{200F}") == "RLM")
        #expect(LabelDisplay.visible("\u{00A0}") == "NBSP")
        #expect(LabelDisplay.visible("\u{E60B}") == "private", "private use")
        #expect(LabelDisplay.visible("\u{0085}") == "control", "a C1 control")
        #expect(LabelDisplay.visible("\u{09B3}") == "unassigned")
        #expect(LabelDisplay.visible("\u{2061}") == "f()", "a format character with a short name")
        #expect(LabelDisplay.visible("\u{0600}") == "arabic number sign", "a format character: its name")
        #expect(LabelDisplay.visible(" ") == " ")
        #expect(LabelDisplay.visible("") == "")
    }

    /// What a key shows for a character no installed font has: a word from its name, never U+XXXX.
    @Test func charactersWithoutAGlyphAreSpelledOutByName() {
        #expect(LabelDisplay.spelledOut("\u{170D}") == "ra", "TAGALOG LETTER RA")
        #expect(LabelDisplay.spelledOut("\u{10570}") == "A", "VITHKUQI CAPITAL LETTER A")
        #expect(LabelDisplay.spelledOut("\u{10597}") == "a", "VITHKUQI SMALL LETTER A")
        #expect(LabelDisplay.spelledOut("\u{0B55}") == "overline", "ORIYA SIGN OVERLINE")
        #expect(LabelDisplay.spelledOut("\u{1CFA}") == "double anusvara antargomukha")
        #expect(LabelDisplay.spelledOut("\u{170D}x") == "ra x")
        #expect(!LabelDisplay.spelledOut("\u{E000}\u{FE75}").contains("U+"))
    }

    @Test func layoutsMayNameTheirLanguage() throws {
        let layout = try LoaderSupport.load(LoaderSupport.layout(rows: #"["a"]"#, extra: #", "language": "pt-BR""#))
        #expect(layout.language == "pt-BR")
        #expect(try LoaderSupport.load(LoaderSupport.layout(rows: #"["a"]"#)).language == nil)
        let error = LoaderSupport.error(LoaderSupport.layout(rows: #"["a"]"#, extra: #", "language": "English""#))
        #expect(error?.path == "language")
        #expect(error?.message.contains("a language code such as") == true)
    }

    @Test func aLayerKeyMayNameTheEmojiPanel() throws {
        let keys = try LoaderSupport.keys(LoaderSupport.layout(rows: #"["a", {"label": "☺", "layer": "emoji"}]"#))
        #expect(keys.last?.action == .layer("emoji"))
        #expect(LoaderSupport.error(LoaderSupport.layout(rows: #"[{"label": "x", "layer": "emojis"}]"#))?.message.contains("no layer named \"emojis\"") == true)
    }

    @Test func capsLockLeavesKeysWhoseShiftIsNotTheirCapital() {
        let row = StateFixtures.row([
            StateFixtures.text("ß", "?"), StateFixtures.text("è", "ü"), StateFixtures.text("i", "İ"),
            StateFixtures.text("a", "A"), Key(label: "caps", action: .capsLock),
        ])
        let layout = Layout(name: "t", description: "t", layers: [Layer(name: "m", root: Stack(axis: .vertical, items: [row]))])
        var rig = Rig(layout: layout)
        rig.tap("caps")
        #expect(typed(rig.tap("ß") + rig.tap("è") + rig.tap("i") + rig.tap("a")) == ["ß", "è", "İ", "A"])
        #expect(rig.state.displayLabel(ofKey: rig.index("ß")) == "ß")
    }
}
