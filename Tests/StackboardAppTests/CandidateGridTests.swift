@testable import StackboardApp
import StackboardCore
import StackboardRuntime
import Testing

/// A composing bar's ▸ opens the candidate grid (a layer of its own with more slots); a pick
/// there types and goes back to the keys, ▸ on the grid turns its page, and a composition
/// emptied by backspace leaves it.
@Suite struct CandidateGridTests {
    /// Letters compose; the candidates of `x` are 40 words `c0`…`c39`, in pages as large as the
    /// slots shown allow (slot 0: the composition; the last: ▸ while more follow).
    final class PagedWords: KeypadWords {
        var composing = ""
        var slots = 0
        var page = 0
        var told: [Int] = []
        var perPage: Int { max(1, slots - 2) }
        let candidates = (0..<40).map { "c\($0)" }
        var isLocked: Bool { false }

        func typing(_ text: String) -> KeypadEdit {
            composing += text
            page = 0
            return KeypadEdit(text: "")
        }
        func deletingBackward() -> KeypadEdit {
            guard !composing.isEmpty else { return KeypadEdit(deleteCount: 1, text: "") }
            composing.removeLast()
            return KeypadEdit(text: "")
        }
        func sending(_ key: NamedKey) {}
        func contextLost() { composing = "" }
        func reset(_ reason: ContextReset) { composing = "" }
        func setSecure(_ on: Bool) {}
        func showing(slots: Int) {
            told.append(slots)
            page = page * perPage / max(1, slots - 2)
            self.slots = slots
        }
        func accepting(slot: Int) -> KeypadEdit? {
            let labels = suggestions()
            guard labels.indices.contains(slot), !labels[slot].isEmpty else { return nil }
            if labels[slot] == Layout.moreCandidatesLabel {
                page = (page + 1) * perPage < candidates.count ? page + 1 : 0
                return KeypadEdit(text: "")
            }
            composing = ""
            return KeypadEdit(text: labels[slot])
        }
        func suggestions() -> [String] {
            guard !composing.isEmpty else { return [] }
            let shown = Array(candidates.dropFirst(page * perPage).prefix(perPage))
            return [composing] + shown + Array(repeating: "", count: perPage - shown.count) + [Layout.moreCandidatesLabel]
        }
    }

    static let layout = TestLayouts.make("w", [
        Key(label: "x", action: .text("x")), Key(label: "⌫", action: .key(.backspace)),
    ]).with(suggestionBar: SuggestionBar(slots: 7, compose: "pinyin")).withSuggestionSlots(3)

    func fixture() throws -> (ControllerFixture, PagedWords) {
        let f = try ControllerFixture(layouts: [Self.layout])
        let words = PagedWords()
        f.controller.runtime.words = words
        return (f, words)
    }


    @Test func moreOpensTheGridWhereAPickTypesAndGoesBack() throws {
        let (f, words) = try fixture()
        let runtime = f.controller.runtime
        #expect(words.told == [7])
        try f.tap("x")
        #expect(runtime.suggestionLabels == ["x", "c0", "c1", "c2", "c3", "c4", "▸"])
        try f.tapSlot(6)
        let grid = Layout.candidateGridColumns * Layout.candidateGridRows
        #expect(runtime.state.layerName == Layout.candidateGridLayer)
        #expect(words.told == [7, grid + 2], "the grid's slots were told")
        #expect(runtime.suggestionLabels.count == grid + 2 && runtime.suggestionLabels[1] == "c0" && runtime.suggestionLabels[grid] == "c23")
        // ▸ on the grid: its next page, still on the grid.
        try f.tapSlot(grid + 1)
        #expect(runtime.state.layerName == Layout.candidateGridLayer && runtime.suggestionLabels[1] == "c24")
        #expect(f.typer.typed.isEmpty)
        // A pick types it and the keys come back, with the bar's slots told again.
        try f.tapSlot(3)
        #expect(f.typer.typed == ["c26"])
        #expect(runtime.state.layerName == "main")
        #expect(words.told.last == 7)
    }

    @Test func backspaceThatEmptiesTheCompositionLeavesTheGrid() throws {
        let (f, _) = try fixture()
        let runtime = f.controller.runtime
        try f.tap("x")
        try f.tapSlot(6)
        #expect(runtime.state.layerName == Layout.candidateGridLayer)
        try f.tap("⌫")
        #expect(runtime.state.layerName == "main")
        #expect(f.typer.keys.isEmpty, "the letter was the keyboard's own: nothing deleted in the field")
    }

    @Test func aLayoutWithoutAGridKeepsTheBarsPages() throws {
        var layout = Self.layout
        layout.layers.removeAll { $0.name == Layout.candidateGridLayer }
        let f = try ControllerFixture(layouts: [layout])
        let words = PagedWords()
        f.controller.runtime.words = words
        try f.tap("x")
        try f.tapSlot(6)
        #expect(f.controller.runtime.state.layerName == "main")
        #expect(f.controller.runtime.suggestionLabels[1] == "c5")
    }

    @Test func theGridIsMadeForComposersWithCandidatesOnly() {
        let grid = Self.layout.layer(named: Layout.candidateGridLayer)
        #expect(grid.map { Self.layout.suggestionSlots(inLayer: $0.name) } == Layout.candidateGridColumns * Layout.candidateGridRows + 2)
        #expect(grid?.root.keys.contains { $0.action == .layer("main") } == true, "a way back")
        let hangul = TestLayouts.make("w", [Key(label: "ㅎ", action: .text("ㅎ"))])
            .with(suggestionBar: SuggestionBar(compose: "hangul")).withSuggestionSlots(3)
        #expect(hangul.layer(named: Layout.candidateGridLayer) == nil)
    }
}
