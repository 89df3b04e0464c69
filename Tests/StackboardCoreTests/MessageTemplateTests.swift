import StackboardCore
import Testing

/// The keyboard's messages are translated where they are written out: whole, or by a template
/// with places whose texts are translated too.
@Suite struct MessageTemplateTests {
    static let german = Translations(catalogs: [("de", MessageCatalog(translations: [
        "cannot type: %s": "kann nicht tippen: %s",
        "no tray icon: %s": "kein Tray-Symbol: %s",
        "cannot switch layouts (keeping '%s'): %s": "kann das Layout nicht wechseln ('%1$s' bleibt): %2$s",
        "lost the connection to the X server '%s'; %s": "Verbindung zum X-Server '%s' verloren; %s",
        "exiting": "beende",
        "the panel is locked": "das Panel ist gesperrt",
    ]))])

    @Test func aWholeMessageAndATemplateWithTheTextOfItsPlaceTranslatedToo() {
        #expect(Self.german.message("the panel is locked") == "das Panel ist gesperrt")
        #expect(Self.german.message("lost the connection to the X server ':1'; exiting") == "Verbindung zum X-Server ':1' verloren; beende")
        #expect(Self.german.message("no tray icon: the panel is locked") == "kein Tray-Symbol: das Panel ist gesperrt")
        #expect(Self.german.message("something new") == "something new")
        #expect(Translations.english.message("cannot type: x") == "cannot type: x")
    }

    @Test func placesByNumberAndTheShortestFit() {
        #expect(Self.german.message("cannot switch layouts (keeping 'qwerty'): no layout named \"x\"")
                == "kann das Layout nicht wechseln ('qwerty' bleibt): no layout named \"x\"")
        let t = MessageTemplate(original: "%s: %s", translation: "%2$s (%1$s)")
        #expect(t?.places(in: "a.json: line 3: bad") == ["a.json", "line 3: bad"])
        #expect(t?.fill(["a", "b"]) == "b (a)")
    }

    @Test func aLineThatLacksAPartOrLeavesAPlaceEmptyDoesNotFit() {
        let t = MessageTemplate(original: "cannot type: %s", translation: "x %s")
        #expect(t?.places(in: "cannot type: ") == nil)
        #expect(t?.places(in: "cannot print: a") == nil)
        #expect(MessageTemplate(original: "no places", translation: "keine") == nil)
        #expect(MessageTemplate(original: "%s and %s", translation: "%s und %s")?.places(in: "a and ") == nil)
        #expect(MessageTemplate(original: "50%s", translation: "%d %s %")?.fill(["x"]) == "%d x %")
    }
}
