import StackboardCore
import StackboardSpeech
import Testing

/// What a switch user hears for each highlight: letters, key names, rows, the back step, the
/// suggestion bar, in the keyboard's language.
@Suite struct SpokenTextTests {
    let words = SpokenText()

    func key(_ action: Action, _ label: String) -> SpokenKey { SpokenKey(action: action, label: label) }
    func letter(_ text: String) -> SpokenKey { key(.text(text), text) }
    func say(_ highlight: SpokenHighlight) -> String? { words.text(for: highlight) }

    @Test func aLetterIsSaidAsItIsAndACapitalAsCapital() {
        #expect(say(.key(letter("a"))) == "a")
        #expect(say(.key(letter("B"))) == "capital B")
        #expect(say(.key(letter("Ж"))) == "capital Ж")
        #expect(say(.key(letter("ß"))) == "ß")
        #expect(say(.key(letter("7"))) == "7")
        #expect(say(.key(letter(".com"))) == ".com")
        // A shifted key shows its capital: what is shown is what is said.
        #expect(say(.key(key(.text("q"), "Q"))) == "capital Q")
    }

    @Test func punctuationIsSaidByName() {
        #expect(say(.key(letter(","))) == "comma")
        #expect(say(.key(letter("?"))) == "question mark")
        #expect(say(.key(key(.decimalSeparator, "."))) == "period")
        #expect(say(.key(letter("-"))) == "minus")
    }

    @Test func keysThatDoNotTypeTheirLabelAreSaidInWords() {
        #expect(say(.key(key(.key(.backspace), "⌫"))) == "backspace")
        #expect(say(.key(key(.key(.returnKey), "⏎"))) == "enter")
        #expect(say(.key(key(.key(.tab), "⇥"))) == "tab")
        #expect(say(.key(key(.space, ""))) == "space")
        #expect(say(.key(key(.modifier(.shift), "⇧"))) == "shift")
        #expect(say(.key(key(.modifier(.ctrl), "ctrl"))) == "control")
        #expect(say(.key(key(.capsLock, "⇪"))) == "caps lock")
        #expect(say(.key(key(.layer("symbols"), "?123"))) == "layer: symbols")
        #expect(say(.key(key(.hide, "⌨"))) == "hide keyboard")
        #expect(say(.key(key(.key(.keysym("F5")), "F5"))) == "F5")
        #expect(say(.key(key(.key(.keysym("Page_Up")), "PgUp"))) == "Page Up")
        // No name of its own: its label.
        #expect(say(.key(key(.showLayout("de"), "Deutsch"))) == "Deutsch")
        #expect(say(.key(key(.shortcut(Shortcut(modifiers: [.ctrl], key: "c")), "copy"))) == "copy")
    }

    @Test func aRowIsReadByItsFirstKeys() {
        let row = ["q", "w", "e", "r", "t", "y", "u"].map(letter)
        #expect(say(.group(row)) == "row: q w e r t")
        // Capitals in a row are not announced one by one.
        #expect(say(.group(["Q", "W"].map(letter))) == "row: Q W")
        #expect(say(.group([key(.key(.tab), "⇥"), letter("q")])) == "row: tab q")
        #expect(say(.group([key(.capsLock, "⇪"), letter(","), key(.space, "")])) == "row: caps lock comma space")
    }

    @Test func theBackStepIsBack() {
        #expect(say(.back) == "back")
    }

    @Test func theSuggestionBarIsReadByItsWords() {
        let bar = [key(.suggestion(0), "hello"), key(.suggestion(1), "help"), key(.suggestion(2), "")]
        #expect(say(.group(bar)) == "suggestions: hello, help")
        #expect(say(.group(bar.map { key($0.action, "") })) == "no suggestions")
        #expect(say(.key(bar[0])) == "hello")
        #expect(say(.key(bar[2])) == "empty suggestion")
    }

    @Test func nothingToSayIsNil() {
        #expect(say(.group([])) == nil)
        #expect(say(.key(letter(""))) == nil)
    }

    @Test func fixedWordsGoThroughTheCatalogsButTypedTextsDoNot() {
        let catalog = MessageCatalog(translations: [
            "backspace": "Rücktaste", "capital %s": "groß %s", "row: %s": "Reihe: %s", "back": "zurück",
            "comma": "Komma", "a": "not a letter", "layer: %s": "Ebene: %s", "symbols": "Symbole",
            "suggestions: %s": "Vorschläge: %s", "space": "Leertaste",
        ])
        let german = SpokenText(translations: Translations(catalogs: [(name: "de", catalog: catalog)]))
        #expect(german.text(for: .key(key(.key(.backspace), "⌫"))) == "Rücktaste")
        #expect(german.text(for: .key(letter("B"))) == "groß B")
        #expect(german.text(for: .key(letter("a"))) == "a")
        #expect(german.text(for: .group([letter("a"), letter(","), key(.space, "")])) == "Reihe: a Komma Leertaste")
        #expect(german.text(for: .back) == "zurück")
        #expect(german.text(for: .key(key(.layer("symbols"), "?123"))) == "Ebene: Symbole")
        #expect(german.text(for: .group([key(.suggestion(0), "Haus")])) == "Vorschläge: Haus")
        // Untranslated words stay English.
        #expect(german.text(for: .key(key(.key(.returnKey), "⏎"))) == "enter")
    }

    @Test func aTranslationWithoutItsPlaceholderStillSaysTheValue() {
        let catalog = MessageCatalog(translations: ["capital %s": "Großbuchstabe"])
        let broken = SpokenText(translations: Translations(catalogs: [(name: "de", catalog: catalog)]))
        #expect(broken.text(for: .key(letter("B"))) == "Großbuchstabe B")
    }
}
