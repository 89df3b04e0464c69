@testable import StackboardApp
import StackboardCore
import StackboardWords
import StackboardRuntime
import Testing

/// Swipes through the keypad runtime: the word typed, the candidates in the bar, a tap that
/// replaces the word, the trail painted and erased.
@Suite struct SwipeRuntimeTests {
    /// An engine that records what it was told and has a word list for swipes.
    final class SwipingWords: KeypadWords {
        var told: [String] = []
        var suggested: [String] = ["bar"]
        let list = FrequencyVocabulary(identity: "t", counts: [("were", 50), ("wee", 40), ("ewe", 5), ("tree", 30), ("tee", 8), ("we", 99)])
        var isLocked = false
        func typing(_ text: String) -> KeypadEdit { told.append("type \(text)"); return KeypadEdit(text: text) }
        func deletingBackward() -> KeypadEdit { told.append("⌫"); return KeypadEdit(deleteCount: 1, text: "") }
        func sending(_ key: NamedKey) {}
        func contextLost() {}
        func reset(_ reason: ContextReset) {}
        func setSecure(_ on: Bool) { isLocked = on }
        func accepting(slot: Int) -> KeypadEdit? { nil }
        func suggestions() -> [String] { suggested }
        var canSwipe: Bool { !isLocked }
        func decodeSwipe(_ path: [Point], over geometry: KeyboardGeometry, limit: Int) -> SwipeCandidates? {
            let decoder = SwipeDecoder(vocabulary: list, geometry: geometry)
            guard decoder.keyboard.canSwipe else { return nil }
            let found = decoder.decode(path, vocabulary: list, previous: "the", limit: limit)
            return SwipeCandidates(words: found.map(\.word), sentenceStart: false)
        }
    }

    static let layout: Layout = {
        let rows = ["qwertyuiop", "asdfghjkl"].map { row in
            StackItem.stack(Stack(axis: .horizontal, items: row.map { .key(Key(label: String($0), action: .text(String($0)))) }))
        }
        let root = Stack(axis: .vertical, items: rows + [.stack(Stack(axis: .horizontal, items: [.key(Key(label: "⌫", action: .key(.backspace)))]))])
        return Layout(name: "s", description: "", layers: [Layer(name: "l", root: root)], suggestionBar: SuggestionBar()).withSuggestionSlots(3)
    }()

    func swipe(_ f: ControllerFixture, through letters: String, at now: Double) throws {
        let keys = try letters.map { c in try #require(f.controller.runtime.placedGeometry.keys.first { $0.key.label == String(c) }) }
        let points = keys.map { Point(x: $0.frame.x + $0.frame.width / 2, y: $0.frame.y + $0.frame.height / 2) }
        f.controller.handle(.input(.press(pointer: 0, at: points[0])), now: now)
        for (i, p) in points.enumerated().dropFirst() {
            let a = points[i - 1]
            for k in 1...8 {
                f.controller.handle(.input(.move(pointer: 0, to: Point(x: a.x + (p.x - a.x) * k / 8, y: a.y + (p.y - a.y) * k / 8))), now: now)
            }
            f.controller.runtime.repaint(now: now)
        }
        f.controller.handle(.input(.release(pointer: 0, at: points[points.count - 1])), now: now + 0.3)
        f.controller.runtime.repaint(now: now + 0.3)
    }

    @Test func aSwipeTypesTheBestWordAndASpaceAndTheBarOffersTheOthers() throws {
        let f = try ControllerFixture(layouts: [Self.layout], config: KeyboardConfig(swipe: true))
        let words = SwipingWords()
        f.controller.runtime.words = words
        #expect(f.controller.runtime.state.swipeOn)
        try swipe(f, through: "were", at: 1)
        #expect(f.typer.typed == ["were "])
        #expect(words.told == ["type were "])
        let bar = f.controller.runtime.suggestionLabels
        #expect(!bar.isEmpty && !bar.contains("were"))
        // A tap on the first slot replaces the word and its space.
        try tapSlot(f, 0, at: 2)
        #expect(f.typer.keys == Array(repeating: .backspace, count: 5))
        #expect(f.typer.typed == ["were ", bar[0] + " "])
        #expect(f.controller.runtime.suggestionLabels.first == "were")
        // Any other key ends the choice: the bar is the engine's again.
        try f.tap("a", at: 3)
        #expect(f.controller.runtime.suggestionLabels == ["bar"])
    }

    @Test func theTrailIsPaintedWhileSwipingAndErasedAfter() throws {
        let f = try ControllerFixture(layouts: [Self.layout], config: KeyboardConfig(swipe: true))
        f.controller.runtime.words = SwipingWords()
        f.controller.runtime.repaint(now: 0)
        let before = f.window.image.pixels()
        let keys = f.controller.runtime.placedGeometry.keys
        let w = try #require(keys.first { $0.key.label == "w" }), t = try #require(keys.first { $0.key.label == "t" })
        let from = Point(x: w.frame.x + w.frame.width / 2, y: w.frame.y + w.frame.height / 2)
        let to = Point(x: t.frame.x + t.frame.width / 2, y: from.y)
        f.controller.handle(.input(.press(pointer: 0, at: from)), now: 1)
        for k in 1...10 { f.controller.handle(.input(.move(pointer: 0, to: Point(x: from.x + (to.x - from.x) * k / 10, y: from.y))), now: 1) }
        f.controller.runtime.repaint(now: 1)
        let during = f.window.image.pixels()
        #expect(during != before)
        f.controller.handle(.input(.release(pointer: 0, at: to)), now: 1.2)
        f.controller.runtime.repaint(now: 1.2)
        // The bar's words changed; the keys' rows are as before.
        let width = f.window.size.width, top = w.frame.y * width
        #expect(Array(f.window.image.pixels()[top...]) == Array(before[top...]))
    }

    @Test func withoutAWordListALetterSlideFollowsTheFinger() throws {
        let f = try ControllerFixture(layouts: [Self.layout], config: KeyboardConfig(swipe: true))
        #expect(!f.controller.runtime.state.swipeOn)
        try swipe(f, through: "were", at: 1)
        #expect(f.typer.typed == ["e"])
    }

    func tapSlot(_ f: ControllerFixture, _ slot: Int, at now: Double) throws {
        let key = try #require(f.controller.runtime.placedGeometry.keys.first { $0.key.action == .suggestion(slot) })
        let centre = Point(x: key.frame.x + key.frame.width / 2, y: key.frame.y + key.frame.height / 2)
        f.controller.handle(.input(.press(pointer: 0, at: centre)), now: now)
        f.controller.handle(.input(.release(pointer: 0, at: centre)), now: now + 0.05)
        f.controller.runtime.repaint(now: now + 0.05)
    }
}
