import Testing
import StackboardCore
@testable import StackboardXKB

/// `xkb:` names, the rules' registry of layouts, and `_XKB_RULES_NAMES`.
@Suite struct XkbNameTests {
    @Test func namesParseWithAndWithoutAVariant() {
        #expect(XkbLayoutName("xkb:de") == XkbLayoutName(layout: "de"))
        #expect(XkbLayoutName("xkb:fr(bepo)") == XkbLayoutName(layout: "fr", variant: "bepo"))
        #expect(XkbLayoutName("xkb:in(tel-kagapa)")?.variant == "tel-kagapa")
        #expect(XkbLayoutName("xkb:fr(bepo)")?.description == "xkb:fr(bepo)")
        #expect(XkbLayoutName("xkb:de")?.rulesName == "de")
        #expect(XkbLayoutName(layout: "de", variant: "") == XkbLayoutName(layout: "de"))
    }

    @Test(arguments: ["de", "xkb:", "xkb:fr(", "xkb:fr()", "xkb:fr(bepo", "xkb:(bepo)", "xkb:d e", "xkb:de;rm", "xkb:fr(be(po))", "xkb:ü"])
    func malformedNamesAreRefused(_ text: String) {
        #expect(XkbLayoutName(text) == nil)
    }

    static let rules = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE xkbConfigRegistry SYSTEM "xkb.dtd">
        <xkbConfigRegistry version="1.1">
          <modelList><model><configItem><name>pc105</name><description>Generic 105-key PC</description></configItem></model></modelList>
          <layoutList>
            <layout>
              <configItem>
                <name>fr</name>
                <!-- Keyboard indicator for French layouts -->
                <shortDescription>fr</shortDescription>
                <description>French</description>
                <languageList><iso639Id>fre</iso639Id></languageList>
              </configItem>
              <variantList>
                <variant><configItem><name>bepo</name><description>French (BEPO)</description></configItem></variant>
                <variant><configItem popularity="exotic"><name>bre</name><description>Breton (French)</description>
                  <languageList><iso639Id>bre</iso639Id></languageList></configItem></variant>
              </variantList>
            </layout>
            <layout><configItem><name>gb</name><description>English (UK, Sun &amp; &#233;t&#xE9;)</description>
              <languageList><iso639Id>eng</iso639Id></languageList></configItem></layout>
          </layoutList>
          <optionList><group allowMultipleSelection="true"><configItem><name>grp</name><description>Switching</description></configItem>
            <option><configItem><name>grp:toggle</name><description>Right Alt</description></configItem></option></group></optionList>
        </xkbConfigRegistry>
        """

    @Test func registryReadsLayoutsAndVariantsOnly() {
        let registry = XkbRegistry(rules: Array(Self.rules.utf8))
        #expect(registry.layouts.map(\.name.description) == ["xkb:fr", "xkb:fr(bepo)", "xkb:fr(bre)", "xkb:gb"])
        let bepo = registry.info(XkbLayoutName(layout: "fr", variant: "bepo"))
        #expect(bepo?.description == "French (BEPO)")
        #expect(bepo?.languages == ["fre"], "a variant without languages has its layout's")
        #expect(bepo?.language == "fr")
        #expect(bepo?.shortDescription == "fr")
        #expect(registry.info(XkbLayoutName(layout: "fr", variant: "bre"))?.language == "br")
        #expect(registry.info(XkbLayoutName(layout: "gb"))?.description == "English (UK, Sun & été)")
        #expect(registry.info(XkbLayoutName(layout: "pc105")) == nil)
    }

    @Test func extrasAreMarkedAndDuplicatesIgnored() {
        let extras = "<xkbConfigRegistry><layoutList><layout><configItem><name>fr</name><description>again</description></configItem>"
            + "<variantList><variant><configItem><name>x</name><description>French (extra)</description></configItem></variant></variantList></layout></layoutList></xkbConfigRegistry>"
        let registry = XkbRegistry(rules: Array(Self.rules.utf8), extras: Array(extras.utf8))
        #expect(registry.info(XkbLayoutName(layout: "fr"))?.description == "French")
        #expect(registry.info(XkbLayoutName(layout: "fr", variant: "x"))?.isExtra == true)
        #expect(registry.info(XkbLayoutName(layout: "fr"))?.isExtra == false)
    }

    @Test(arguments: ["", "<", "<layoutList><layout><configItem><name>", "<layoutList><layout></variant></layout>", "&#xFFFFFFFF;", "<!--"])
    func brokenRulesGiveFewerEntriesNotACrash(_ text: String) {
        _ = XkbRegistry(rules: Array(text.utf8))
    }

    @Test func unknownNamesGetADidYouMean() {
        let registry = XkbRegistry(rules: Array(Self.rules.utf8))
        #expect(registry.unknownLayoutMessage("xkb:frr").contains("did you mean \"xkb:fr\"?"))
        #expect(registry.unknownLayoutMessage("xkb:French").contains("did you mean \"xkb:fr\" (French)?"))
        let variant = registry.unknownLayoutMessage("xkb:fr(bepoo)")
        #expect(variant.contains("no variant \"bepoo\"; did you mean \"xkb:fr(bepo)\"?"))
        #expect(variant.contains("Its variants: bepo, bre."))
        #expect(registry.unknownLayoutMessage("xkb:zz").contains("stackboard layouts --xkb"))
        #expect(registry.unknownLayoutMessage("xkb:fr(").contains("write xkb:LAYOUT or xkb:LAYOUT(VARIANT)"))
    }

    @Test func languageCodesPreferTwoLetters() {
        #expect(LanguageCode.preferred("ger") == "de")
        #expect(LanguageCode.preferred("deu") == "de")
        #expect(LanguageCode.preferred("ARA") == "ar")
        #expect(LanguageCode.preferred("fil") == "fil")
        #expect(LanguageCode.isValid("pt-BR") && LanguageCode.isValid("sr-Latn") && LanguageCode.isValid("fil"))
        #expect(!LanguageCode.isValid("e") && !LanguageCode.isValid("english") && !LanguageCode.isValid("de-") && !LanguageCode.isValid("dé"))
    }

    @Test func rulesNamesPropertyGivesTheLayoutOfEachGroup() throws {
        let bytes = Array("evdev\0pc105\0us,ru,de\0,phonetic,nodeadkeys\0grp:alt_shift_toggle\0".utf8)
        let names = try #require(XkbRulesNames(property: bytes))
        #expect(names.rules == "evdev" && names.model == "pc105" && names.options == "grp:alt_shift_toggle")
        #expect(names.layoutName(group: 0) == XkbLayoutName(layout: "us"))
        #expect(names.layoutName(group: 1)?.description == "xkb:ru(phonetic)")
        #expect(names.layoutName(group: 2)?.description == "xkb:de(nodeadkeys)")
        #expect(names.layoutName(group: 3) == XkbLayoutName(layout: "us"), "groups past the last wrap")
        #expect(XkbRulesNames(property: Array("evdev\0pc105\0de".utf8))?.layoutName(group: 0) == XkbLayoutName(layout: "de"))
        #expect(XkbRulesNames(property: []) == nil)
        #expect(XkbRulesNames(property: Array("evdev\0pc105\0\0\0".utf8)) == nil)
    }

    @Test func languageCycleWrapsAndSkipsRepeats() {
        let cycle = LanguageCycle(["xkb:us", "xkb:ru", "", "xkb:us", "xkb:de"])
        #expect(cycle.languages == ["xkb:us", "xkb:ru", "xkb:de"])
        #expect(cycle.next(after: "xkb:us") == "xkb:ru")
        #expect(cycle.next(after: "xkb:de") == "xkb:us")
        #expect(cycle.next(after: "qwerty") == "xkb:us", "a layout outside the list goes to the first")
        #expect(cycle.previous(before: "xkb:us") == "xkb:de")
        #expect(cycle.choices(current: "xkb:ru").map(\.isCurrent) == [false, true, false])
        #expect(cycle.showsKey)
        #expect(!LanguageCycle(["xkb:us"]).showsKey)
        #expect(LanguageCycle([]).next(after: "x") == nil)
        #expect(LanguageCycle.keyLabel(current: "xkb:ru", shortNames: ["xkb:ru": "ru"]) == "🌐 ru")
        #expect(LanguageCycle.keyLabel(current: "xkb:ru") == "🌐")
    }
}

extension XkbNameTests {
    @Test func theLanguageKeyGoesBeforeSpaceOnEveryLayer() {
        let row = Stack(axis: .horizontal, items: [.key(Key(label: "a", action: .text("a"))), .key(Key(label: "", action: .space))])
        let layout = Layout(name: "t", description: "t", layers: [
            Layer(name: "one", root: Stack(axis: .vertical, items: [.stack(row)])),
            Layer(name: "two", root: Stack(axis: .vertical, items: [.stack(Stack(axis: .horizontal, items: [.key(Key(label: "⌨", action: .nextLayout))]))])),
        ])
        let with = LanguageCycle(["xkb:us", "xkb:ru"]).addingKey(to: layout)
        #expect(with.layers[0].root.keys.map(\.label) == ["a", "🌐", ""])
        #expect(with.layers[0].root.keys[1].action == .nextLayout)
        #expect(with.layers[1] == layout.layers[1], "a layer with a next-layout key keeps it")
        #expect(LanguageCycle(["xkb:us"]).addingKey(to: layout) == layout)
    }
}
