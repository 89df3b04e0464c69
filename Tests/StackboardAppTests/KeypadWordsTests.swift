@testable import StackboardApp
import StackboardCore
import StackboardRuntime
import Testing

/// The runtime's suggestion bar with a scripted word engine: what a key really types, what a
/// tap on a slot types, what the slots show.
@Suite struct KeypadWordsTests {
    /// Suggests "hello", "help" after an h; accepting types the rest and a space; a "." right
    /// after an accepted word replaces its space.
    final class ScriptedWords: KeypadWords {
        var typedSoFar = ""
        var acceptedJustNow = false
        var locked = false
        var sent: [NamedKey] = []
        var lost = 0
        var isLocked: Bool { locked }

        func typing(_ text: String) -> KeypadEdit {
            defer { acceptedJustNow = false }
            if text == ".", acceptedJustNow { return KeypadEdit(deleteCount: 1, text: ". ") }
            typedSoFar += text
            return KeypadEdit(text: text)
        }
        func deletingBackward() -> KeypadEdit {
            typedSoFar = String(typedSoFar.dropLast())
            return KeypadEdit(deleteCount: 1, text: "")
        }
        func sending(_ key: NamedKey) { sent.append(key) }
        func contextLost() { lost += 1; typedSoFar = "" }
        var resets: [ContextReset] = []
        func reset(_ reason: ContextReset) { resets.append(reason); typedSoFar = "" }
        func setSecure(_ on: Bool) { locked = on }
        func accepting(slot: Int) -> KeypadEdit? {
            let words = suggestions()
            guard words.indices.contains(slot) else { return nil }
            let rest = String(words[slot].dropFirst(typedSoFar.count)) + " "
            typedSoFar = ""
            acceptedJustNow = true
            return KeypadEdit(text: rest)
        }
        func suggestions() -> [String] { typedSoFar.hasPrefix("h") ? ["hello", "help"] : [] }
    }

    static let layout = TestLayouts.make("w", [
        Key(label: "h", action: .text("h")), Key(label: "e", action: .text("e")), Key(label: ".", action: .text(".")),
        Key(label: "⌫", action: .key(.backspace)), Key(label: "⏎", action: .key(.returnKey)), Key(label: "ctrl", action: .modifier(.ctrl)),
    ]).with(suggestionBar: SuggestionBar()).withSuggestionSlots(3)

    func fixture() throws -> (ControllerFixture, ScriptedWords) {
        let f = try ControllerFixture(layouts: [Self.layout])
        let words = ScriptedWords()
        f.controller.runtime.words = words
        return (f, words)
    }


    @Test func theSlotsShowTheEnginesWordsAfterTheKeyWentOut() throws {
        let (f, _) = try fixture()
        f.controller.runtime.repaint(now: 0)
        f.window.presented = []
        try f.tap("h")
        #expect(f.typer.typed == ["h"])
        #expect(f.controller.runtime.suggestionLabels == ["hello", "help"])
        let slots = f.controller.runtime.placedGeometry.keys.filter { if case .suggestion = $0.key.action { true } else { false } }
        #expect(slots.count == 3)
        #expect(slots.allSatisfy { slot in f.window.presented.contains(slot.frame) })
    }

    @Test func tappingASlotTypesTheRestAndASpaceAndPunctuationReplacesTheSpace() throws {
        let (f, _) = try fixture()
        try f.tap("h")
        try f.tap("e")
        try f.tapSlot(1)
        #expect(f.typer.typed == ["h", "e", "lp "])
        try f.tap(".")
        #expect(f.typer.keys == [.backspace])
        #expect(f.typer.typed.last == ". ")
        #expect(f.controller.runtime.suggestionLabels.isEmpty)
    }

    @Test func anEmptySlotTypesNothing() throws {
        let (f, _) = try fixture()
        try f.tapSlot(2)
        #expect(f.typer.typed.isEmpty)
        #expect(f.typer.keys.isEmpty)
    }

    @Test func namedKeysAndShortcutsAreToldToTheEngine() throws {
        let (f, words) = try fixture()
        try f.tap("⏎")
        #expect(words.sent == [.returnKey])
        try f.tap("ctrl")
        try f.tap("h")
        #expect(words.lost == 1)
        #expect(f.typer.typed == ["h"])
    }

    @Test func aLockedFieldShowsOnlyTheLockAndAcceptsNothing() throws {
        let (f, words) = try fixture()
        words.locked = true
        f.controller.runtime.refreshSuggestions()
        try f.tap("h")
        #expect(f.controller.runtime.suggestionLabels.isEmpty)
        try f.tapSlot(0)
        #expect(f.typer.typed == ["h"])
    }
}

extension Layout {
    /// The layout with a suggestion bar asked for.
    func with(suggestionBar: SuggestionBar) -> Layout {
        var copy = self
        copy.suggestionBar = suggestionBar
        return copy
    }
}
