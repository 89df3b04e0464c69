@testable import StackboardApp
import StackboardCore
import StackboardWords
import StackboardRuntime
import Testing

/// What sits between a key's release and its key going out: only the word engine's edit. Its
/// bookkeeping (`settle`), the suggestions and the `--print` line come after the key; the click
/// came with the press.
@Suite struct TapOrderTests {
    /// A word engine that writes every call into the fixture's log (next to the typed keys).
    final class LoggingWords: KeypadWords {
        let log: FakeLog
        init(log: FakeLog) { self.log = log }
        var isLocked: Bool { false }
        func typing(_ text: String) -> KeypadEdit {
            log.entries.append("words.typing \(text)")
            return KeypadEdit(text: text)
        }
        func settle() { log.entries.append("words.settle") }
        func deletingBackward() -> KeypadEdit {
            log.entries.append("words.backspace")
            return KeypadEdit(deleteCount: 1, text: "")
        }
        func sending(_ key: NamedKey) { log.entries.append("words.sending \(key)") }
        func contextLost() { log.entries.append("words.lost") }
        func reset(_ reason: ContextReset) {}
        func setSecure(_ on: Bool) {}
        func accepting(slot: Int) -> KeypadEdit? { nil }
        func suggestions() -> [String] {
            log.entries.append("words.suggestions")
            return ["hello"]
        }
    }

    func fixture(print: Bool = false) throws -> ControllerFixture {
        let f = try ControllerFixture(layouts: [KeypadWordsTests.layout], print: print)
        f.controller.runtime.words = LoggingWords(log: f.log)
        f.controller.runtime.repaint(now: 0)
        f.log.entries = []
        return f
    }

    @Test func aLetterGoesOutBeforeTheEnginesBookkeepingAndSuggestionsAndItsPrintLine() throws {
        let f = try fixture(print: true)
        try f.tap("h")
        #expect(f.log.entries == ["click character", "words.typing h", "type h", "print", "words.settle", "words.suggestions"])
        #expect(f.controller.runtime.suggestionLabels == ["hello"])
    }

    @Test func backspaceAndNamedKeysGoOutBeforeTheSuggestionsToo() throws {
        let f = try fixture()
        try f.tap("⌫")
        try f.tap("⏎")
        #expect(f.log.entries.filter { !$0.hasPrefix("click") } == [
            "words.backspace", "key backspace", "words.settle", "words.suggestions",
            "words.sending returnKey", "key returnKey", "words.settle", "words.suggestions",
        ])
    }

    /// With the real engine, whose `typing` leaves its bookkeeping for `settle`: a mark right
    /// after an accepted suggestion still takes its space (an edit that deletes first), and the
    /// bar follows what was typed.
    @Test func theRealEnginesEditsAreTheSameWhenItsBookkeepingComesAfterTheKey() throws {
        let f = try ControllerFixture(layouts: [KeypadWordsTests.layout])
        var problems: [String] = []
        let words = try #require(SuggestionWords.load(language: "en", slots: 3, learning: false, store: nil,
                                                      models: SuggestionWordsTests.models, report: { problems.append($0) }),
                                 "\(problems)")
        let runtime = f.controller.runtime
        runtime.words = words
        try f.tap("h")
        try f.tap("e")
        let shown = runtime.suggestionLabels
        #expect(!shown.isEmpty && shown.allSatisfy { $0.lowercased().hasPrefix("he") }, "\(shown)")
        let slot = try #require(runtime.placedGeometry.keys.first { $0.key.action == .suggestion(0) })
        let centre = Point(x: slot.frame.x + slot.frame.width / 2, y: slot.frame.y + slot.frame.height / 2)
        f.controller.handle(.input(.press(pointer: 0, at: centre)), now: 5)
        f.controller.handle(.input(.release(pointer: 0, at: centre)), now: 5.05)
        let word = try #require(shown.first)
        #expect(f.typer.typed == ["h", "e", String(word.dropFirst(2)) + " "])
        try f.tap(".", at: 6)
        #expect(f.typer.keys == [.backspace])
        #expect(f.typer.typed.last == ". ")
        // After "word. " a sentence starts: the bar's words are capitalised.
        #expect(runtime.suggestionLabels.allSatisfy { $0.first?.isUppercase == true }, "\(runtime.suggestionLabels)")
    }
}
