import Testing
@testable import StackboardWords
import StackboardCore

@Suite struct WordModelsTests {
    @Test func languageTagsAreNamesNotPaths() {
        #expect(WordModels.isLanguageTag("en"))
        #expect(WordModels.isLanguageTag("pt_BR"))
        #expect(!WordModels.isLanguageTag("../etc"))
        #expect(!WordModels.isLanguageTag(""))
    }
}
