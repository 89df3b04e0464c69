import Testing
@testable import StackboardWords
import StackboardCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

@Suite struct WordModelsTests {
    @Test func languageTagsAreNamesNotPaths() {
        #expect(WordModels.isLanguageTag("en"))
        #expect(WordModels.isLanguageTag("pt_BR"))
        #expect(!WordModels.isLanguageTag("../etc"))
        #expect(!WordModels.isLanguageTag(""))
    }

    @Test func theSearchPathHasTheDataDirTheBuildTreeAndTheSystem() {
        let models = WordModels(environment: ["STACKBOARD_DATA_DIR": "/opt/sb", "XDG_DATA_DIRS": "/usr/share"],
                                executablePath: "/nowhere/bin/stackboard")
        #expect(models.searchPath == ["/opt/sb/words", "/nowhere/share/stackboard/words", "/usr/share/stackboard/words"])
        #expect(WordModels.normalize("/a//b/./c/../d") == "/a/b/d")
        #expect(WordModels.normalize("rel/../x") == "x")
    }

    @Test func aMappedModelLoadsAndAMissingOneListsWhatThereIs() throws {
        let tmp = TemporaryFolder()
        let bytes = WordModelWriter.encode(language: "xx", words: [("hello", 0.5), ("help", 0.5)], pairs: [:], backoff: [:])
        let fd = open(tmp.path + "/xx.words", O_WRONLY | O_CREAT, 0o644)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let models = WordModels(searchPath: [tmp.path])
        #expect(models.languages() == ["xx"])
        let model = try models.load("xx")
        #expect(model.wordCount == 2)
        let error = try #require(throws: WordModelError.self) { try models.load("yy") }
        #expect(error.message.contains("available: xx"))
    }

    @Test func norwegianFindsTheBokmalModel() {
        let tmp = TemporaryFolder()
        let bytes = WordModelWriter.encode(language: "nb", words: [("hei", 1)], pairs: [:], backoff: [:])
        let fd = open(tmp.path + "/nb.words", O_WRONLY | O_CREAT, 0o644)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let models = WordModels(searchPath: [tmp.path])
        #expect(models.locate("no") == tmp.path + "/nb.words")
        #expect(models.locate("nn") == nil)
    }

    @Test func mappingRefusesWhatIsNotAFile() {
        let tmp = TemporaryFolder()
        #expect(throws: WordModelError.self) { try MappedFile(path: tmp.path) }
        #expect(throws: WordModelError.self) { try MappedFile(path: tmp.path + "/missing.words") }
        tmp.put("empty.words", "")
        #expect(throws: WordModelError.self) { try ShippedWordModel(storage: MappedFile(path: tmp.path + "/empty.words")) }
    }
}
