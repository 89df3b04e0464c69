@testable import StackboardApp
import Foundation
import StackboardCore
import StackboardRuntime
import StackboardWords
import Testing

/// The keyboard's word engine over the shipped English model and a learned-words folder of its
/// own: what a tap types, what is learned and written, what a secure field keeps.
@Suite struct SuggestionWordsTests {
    static let models = WordModels(searchPath: [
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources/words").path,
    ])

    static func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "stackboard-words-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    static func engine(_ dir: String, learning: Bool = true, holds: Bool = false) throws -> SuggestionWords {
        var problems: [String] = []
        let made = SuggestionWords.load(language: "en", slots: 3, learning: learning, store: LearnedWordsStore(directory: dir),
                                        holdsLearning: holds, models: models, report: { problems.append($0) })
        return try #require(made, "\(problems)")
    }

    @Test func aWordIsLearnedOnlyOnceTheFieldShowsIt() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let words = try Self.engine(dir, holds: true)
        for c in "zorblat qwixx " { _ = words.typing(String(c)) }
        #expect(words.holdsWords)
        #expect(!words.fieldShowsHeldWords("zorblat "))
        words.confirmHeldWords(fieldText: "zorblat 你好 ")
        #expect(!words.holdsWords)
        words.save(now: 0, force: true)
        let text = try String(contentsOfFile: dir + "/words-en.txt", encoding: .utf8)
        #expect(text.contains("\tzorblat") && !text.contains("qwixx"), "\(text)")
    }

    @Test func acceptingASuggestionTypesTheRestLearnsItAndWritesIt() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let words = try Self.engine(dir)
        for c in "hel" { #expect(words.typing(String(c)) == KeypadEdit(text: String(c))) }
        let shown = words.suggestions()
        #expect(!shown.isEmpty && shown.allSatisfy { $0.lowercased().hasPrefix("hel") }, "\(shown)")
        let edit = try #require(words.accepting(slot: 0))
        #expect(edit.deleteCount == 0 && edit.text.hasSuffix(" "))
        #expect(words.saveDue != nil)
        words.save(now: 0, force: true)
        let text = try String(contentsOfFile: dir + "/words-en.txt", encoding: .utf8)
        #expect(text.split(separator: "\n").contains { $0.hasPrefix("w\t") && $0.hasSuffix("\t" + shown[0]) }, "\(text)")
    }

    /// A due save is written off the loop: the call returns at once, the file follows, and a
    /// forced save (the keyboard's end) waits for it and then writes what was learned since.
    @Test func aDueSaveIsWrittenOnAThreadAndTheEndWaitsForIt() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let words = try Self.engine(dir)
        words.adoptLearned(waiting: true) // (no file: nothing to read)
        for c in "zorblat " { _ = words.typing(String(c)) }
        let due = try #require(words.saveDue)
        words.save(now: due)
        #expect(words.saveDue == nil)
        let file = dir + "/words-en.txt"
        var text = ""
        for _ in 0..<500 where !text.contains("\tzorblat\n") {
            text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            if !text.contains("\tzorblat\n") { usleep(10_000) }
        }
        #expect(text.contains("\tzorblat\n"), "\(text)")
        for c in "quibbix " { _ = words.typing(String(c)) }
        words.save(now: due + 1, force: true)
        text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("\tzorblat\n") && text.contains("\tquibbix\n"), "\(text)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["words-en.txt"])
    }

    /// The learned words are read on a thread; what is learned before they are in is added after
    /// them, and the end's save waits for them: the file keeps every word it had.
    @Test func learnedWordsReadOnAThreadKeepWhatWasLearnedMeanwhile() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = LearnedWordsStore(directory: dir)
        var before = UserWordModel()
        for _ in 0..<5 { before.learn("zorblat", after: .sentenceStart) }
        try store.save(before, language: "en")
        let words = try Self.engine(dir)
        for c in "quibbix " { _ = words.typing(String(c)) }
        words.save(now: 0, force: true) // waits for the file, then writes it with both
        let text = try String(contentsOfFile: dir + "/words-en.txt", encoding: .utf8)
        #expect(text.contains("w\t5\t5\tzorblat\n") && text.contains("\tquibbix\n"), "\(text)")
        #expect(!words.readingLearned)
        #expect(words.session.learned.words["zorblat"]?.count == 5)
        #expect(words.session.learned.words["quibbix"].map { $0.lastUsed > 5 } == true) // after the file's
    }

    /// Once the file is in, its words are suggested.
    @Test func learnedWordsThatCameInAreSuggested() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var before = UserWordModel()
        for _ in 0..<9 { before.learn("zorblat", after: .sentenceStart) }
        try LearnedWordsStore(directory: dir).save(before, language: "en")
        let words = try Self.engine(dir)
        words.adoptLearned(waiting: true)
        for c in "zorb" { _ = words.typing(String(c)) }
        #expect(words.suggestions().contains("zorblat"), "\(words.suggestions())")
    }

    /// `stopWriting` (the words being forgotten) returns only once a write under way has landed,
    /// so a file removed after it stays removed.
    @Test func stopWritingWaitsForTheWriteUnderWay() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let words = try Self.engine(dir)
        words.adoptLearned(waiting: true)
        for c in "zorblat " { _ = words.typing(String(c)) }
        words.save(now: try #require(words.saveDue))
        words.stopWriting()
        #expect(FileManager.default.fileExists(atPath: dir + "/words-en.txt"))
        try FileManager.default.removeItem(atPath: dir + "/words-en.txt")
        for c in "quibbix " { _ = words.typing(String(c)) }
        words.save(now: 0, force: true)
        #expect(!FileManager.default.fileExists(atPath: dir + "/words-en.txt"))
    }

    /// A write that fails on the thread is said (one line naming the file, never a word) at the
    /// next call, on the loop.
    @Test func aFailedWriteOnTheThreadIsSaidOnTheLoop() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var problems: [String] = []
        let words = try #require(SuggestionWords.load(language: "en", slots: 3, learning: true,
                                                      store: LearnedWordsStore(directory: dir + "/blocked/words"),
                                                      models: Self.models, report: { problems.append($0) }))
        words.adoptLearned(waiting: true)
        try Data("a file where the folder should be".utf8).write(to: URL(fileURLWithPath: dir + "/blocked"))
        for c in "zorblat " { _ = words.typing(String(c)) }
        words.save(now: try #require(words.saveDue))
        words.save(now: 0, force: true)   // waits for the write, then collects its failure
        #expect(problems.count == 1 && problems[0].contains("blocked") && !problems[0].contains("zorblat"), "\(problems)")
    }

    @Test func aSecureFieldLearnsNothingAndSuggestsNothing() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let words = try Self.engine(dir)
        words.setSecure(true)
        for c in "hunter2 " { _ = words.typing(String(c)) }
        #expect(words.suggestions().isEmpty)
        #expect(words.accepting(slot: 0) == nil)
        words.save(now: 0, force: true)
        #expect(!FileManager.default.fileExists(atPath: dir + "/words-en.txt"))
    }

    @Test func withLearningOffNothingIsWritten() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let words = try Self.engine(dir, learning: false)
        for c in "hello world " { _ = words.typing(String(c)) }
        words.save(now: 0, force: true)
        #expect(!FileManager.default.fileExists(atPath: dir + "/words-en.txt"))
    }

    /// `typing` gives only the edit (the key goes out first); the session hears of the text at
    /// `settle()`, or first thing at the next call: the same edits, suggestions and learned words
    /// as a session told at once, settled by hand or not.
    @Test func typingGivesTheEditAndTheSessionHearsOfItAfterTheKey() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let settled = try Self.engine(dir, learning: false)
        let unsettled = try Self.engine(dir, learning: false)
        var reference = settled.session
        func edit(_ e: TextEdit) -> KeypadEdit { KeypadEdit(deleteCount: e.deleteCount, text: e.text) }
        for c in "the hel" {
            let typed = String(c)
            let expected = edit(reference.typed(typed))
            #expect(settled.typing(typed) == expected)
            settled.settle()
            #expect(unsettled.typing(typed) == expected)
        }
        let shown = reference.suggestions()
        #expect(!shown.isEmpty && shown.allSatisfy { $0.lowercased().hasPrefix("hel") }, "\(shown)")
        #expect(settled.suggestions() == shown)
        #expect(unsettled.suggestions() == shown)
        let accepting = reference.accept(0)
        let accepted = try #require(accepting)
        #expect(settled.accepting(slot: 0) == edit(accepted))
        #expect(unsettled.accepting(slot: 0) == edit(accepted))
        // A mark right after the accepted word takes its space: known before the session is told.
        let mark = edit(reference.typed("."))
        #expect(mark == KeypadEdit(deleteCount: 1, text: ". "))
        #expect(settled.typing(".") == mark)
        settled.settle()
        #expect(unsettled.typing(".") == mark)
        #expect(unsettled.swipeContext == reference.swipeContext)
        #expect(settled.suggestions() == reference.suggestions())
        #expect(unsettled.deletingBackward() == edit(reference.backspace()))
    }
}
