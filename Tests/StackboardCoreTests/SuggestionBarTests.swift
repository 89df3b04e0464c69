import Testing
@testable import StackboardCore

/// The layout format's suggestion bar: opting in, validation, and the slots made when the
/// layout is prepared.
@Suite struct SuggestionBarTests {
    static func layout(_ suggestions: String) -> String {
        """
        {"name": "t", \(suggestions)
         "layers": [{"name": "letters", "rows": [["a", "b"], [{"action": "layer", "layer": "more"}]]},
                    {"name": "more", "rows": [["1", "2"], [{"action": "layer", "layer": "letters"}]]}]}
        """
    }

    @Test func trueAsksForABarOnEveryLayer() throws {
        let layout = try LayoutLoader.load(json: Self.layout("\"suggestions\": true,"), file: "t.json")
        #expect(layout.suggestionBar == SuggestionBar())
        let prepared = layout.withSuggestionSlots(3)
        #expect(prepared.suggestionSlots(inLayer: "letters") == 3)
        #expect(prepared.suggestionSlots(inLayer: "more") == 3)
        let first = try #require(prepared.layers.first?.root.items.first)
        guard case .stack(let bar) = first else { Issue.record("the bar is not the first row"); return }
        #expect(bar.keys.map(\.action) == [.suggestion(0), .suggestion(1), .suggestion(2)])
        #expect(bar.weight == SuggestionBar.defaultWeight)
        #expect(prepared.layers[0].root.distribution == .proportional)
    }

    @Test func anObjectChoosesTheWeightAndTheLayers() throws {
        let layout = try LayoutLoader.load(json: Self.layout("\"suggestions\": {\"weight\": 0.5, \"layers\": [\"letters\"]},"),
                                           file: "t.json")
        let prepared = layout.withSuggestionSlots(2)
        #expect(prepared.suggestionSlots(inLayer: "letters") == 2)
        #expect(prepared.suggestionSlots(inLayer: "more") == 0)
    }

    @Test func aComposingBarNamesItsEngineAndItsOwnSlots() throws {
        let layout = try LayoutLoader.load(json: Self.layout("\"suggestions\": {\"compose\": \"pinyin\", \"slots\": 6},"),
                                           file: "t.json")
        #expect(layout.suggestionBar?.compose == "pinyin")
        #expect(layout.withSuggestionSlots(3).suggestionSlots(inLayer: "letters") == 6)
        #expect(layout.withSuggestionSlots(0).suggestionSlots(inLayer: "letters") == 6, "a composing bar is always made")
        do {
            _ = try LayoutLoader.load(json: Self.layout("\"suggestions\": {\"compose\": \"pinyn\"},"), file: "t.json")
            Issue.record("an unknown engine was accepted")
        } catch {
            #expect(error.description.contains("no composing engine \"pinyn\""))
            #expect(error.description.contains("pinyin"))
        }
        #expect(throws: LayoutError.self) {
            try LayoutLoader.load(json: Self.layout("\"suggestions\": {\"slots\": 0},"), file: "t.json")
        }
    }

    @Test func noSlotsLeavesTheBarOut() throws {
        let layout = try LayoutLoader.load(json: Self.layout("\"suggestions\": true,"), file: "t.json")
        let prepared = layout.withSuggestionSlots(0)
        #expect(prepared.suggestionBar == nil)
        #expect(prepared.layers == layout.layers)
        #expect(try LayoutLoader.load(json: Self.layout("\"suggestions\": false,"), file: "t.json").suggestionBar == nil)
    }

    @Test func preparingTwiceMakesOneBar() throws {
        let layout = try LayoutLoader.load(json: Self.layout("\"suggestions\": true,"), file: "t.json")
        let twice = layout.withSuggestionSlots(3).withSuggestionSlots(3)
        #expect(twice.suggestionSlots(inLayer: "letters") == 3)
    }

    @Test func badBarsSayWhatIsExpected() {
        #expect(throws: LayoutError.self) { try LayoutLoader.load(json: Self.layout("\"suggestions\": 3,"), file: "t.json") }
        do {
            _ = try LayoutLoader.load(json: Self.layout("\"suggestions\": {\"layers\": [\"leters\"]},"), file: "t.json")
            Issue.record("an unknown layer was accepted")
        } catch {
            #expect(error.description.contains("no layer named \"leters\""))
            #expect(error.description.contains("letters"))
        }
        do {
            _ = try LayoutLoader.load(json: Self.layout("\"suggestions\": {\"height\": 1},"), file: "t.json")
            Issue.record("an unknown field was accepted")
        } catch {
            #expect(error.description.contains("height"))
        }
    }

    @Test func aTapOnASlotAcceptsItsSuggestion() throws {
        let layout = try LayoutLoader.load(json: Self.layout("\"suggestions\": true,"), file: "t.json").withSuggestionSlots(3)
        var state = KeyboardState(layout: layout, size: Size(width: 300, height: 200), config: KeyboardConfig())
        let slot = try #require(state.geometry.keys.first { $0.key.action == .suggestion(1) })
        let centre = Point(x: slot.frame.x + slot.frame.width / 2, y: slot.frame.y + slot.frame.height / 2)
        let press = state.handle(.press(pointer: 1, at: centre), now: 0)
        #expect(press.contains(.click(.character)))
        let release = state.handle(.release(pointer: 1, at: centre), now: 0.05)
        #expect(release.contains(.acceptSuggestion(1)))
    }
}

/// The layout cycle's replace (the display's layout followed live).
@Suite struct LayoutCycleReplaceTests {
    static func layout(_ name: String) -> Layout {
        Layout(name: name, description: "", layers: [Layer(name: "l", root: Stack(axis: .vertical, items: [.key(Key(label: "a", action: .text("a")))]))])
    }

    @Test func theShownLayoutIsReplacedInPlace() {
        var cycle = LayoutCycle([Self.layout("xkb:us"), Self.layout("numeric")])
        cycle.replace(named: "xkb:us", with: Self.layout("xkb:de"))
        #expect(cycle.layouts.map(\.name) == ["xkb:de", "numeric"])
        #expect(cycle.current?.name == "xkb:de")
    }

    @Test func aLayoutNotShownIsReplacedAndTheShownOneStays() {
        var cycle = LayoutCycle([Self.layout("xkb:us"), Self.layout("numeric")])
        _ = cycle.advance()
        cycle.replace(named: "xkb:us", with: Self.layout("xkb:ru"))
        #expect(cycle.layouts.map(\.name) == ["xkb:ru", "numeric"])
        #expect(cycle.current?.name == "numeric")
    }

    @Test func aTwinOfTheNewLayoutLeaves() {
        var cycle = LayoutCycle([Self.layout("xkb:us"), Self.layout("xkb:de"), Self.layout("numeric")])
        cycle.replace(named: "xkb:us", with: Self.layout("xkb:de"))
        #expect(cycle.layouts.map(\.name) == ["xkb:de", "numeric"])
        #expect(cycle.current?.name == "xkb:de")
    }
}
