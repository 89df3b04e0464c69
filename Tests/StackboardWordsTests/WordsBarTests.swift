import Testing
import StackboardCore
import StackboardSystem
@testable import StackboardWords

/// A layout whose suggestions' language has no word model shows no bar (no empty slots).
@Suite struct WordsBarTests {
    func prepared(language: String?, chosen: String? = nil, models: Set<String>, compose: String? = nil) -> Layout {
        var layout = SwipeFixtures.layout
        layout.suggestionBar = SuggestionBar(compose: compose)
        layout.language = language
        layout.layers[0].root.items.removeFirst()   // the fixture's own slots
        var preparation = LayoutPreparation(shuffle: false, catalog: LayoutCatalog(searchPath: [], files: SystemFiles()), suggestionSlots: 3)
        preparation.wordsLanguage = chosen
        preparation.hasWords = { models.contains($0) }
        return preparation.prepare(layout)
    }

    @Test func aLanguageWithAModelKeepsItsBar() {
        #expect(prepared(language: "de", models: ["de", "en"]).suggestionSlots(inLayer: "letters") == 3)
    }

    @Test func aLanguageWithoutAModelHasNoBar() {
        let layout = prepared(language: "th", models: ["de", "en"])
        #expect(layout.suggestionSlots(inLayer: "letters") == 0)
        #expect(layout.suggestionBar == nil)
    }

    @Test func theChosenLanguageWinsOverTheLayouts() {
        #expect(prepared(language: "th", chosen: "en", models: ["en"]).suggestionSlots(inLayer: "letters") == 3)
        #expect(prepared(language: "en", chosen: "th", models: ["en"]).suggestionSlots(inLayer: "letters") == 0)
    }

    @Test func aComposingBarStaysWithoutAWordModel() {
        #expect(prepared(language: "zh", models: ["en"], compose: "pinyin").suggestionSlots(inLayer: "letters") == 3)
    }
}
