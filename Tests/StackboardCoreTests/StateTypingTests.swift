import Testing
@testable import StackboardCore

@Suite struct StateTypingTests {
    @Test func spaceAndDecimalTypeTheirText() {
        var rig = Rig(config: KeyboardConfig(decimalSeparator: ","))
        #expect(rig.tap("space").first == .type(" ", modifiers: []))
        #expect(rig.tap("dec").first == .type(",", modifiers: []))
        rig.tap("ctrl")
        #expect(rig.tap("space").first == .type(" ", modifiers: [.ctrl]))
    }

    @Test func namedKeysAreSentAsKeys() {
        let expected: [(String, NamedKey)] = [
            ("⌫", .backspace), ("del", .delete), ("⏎", .returnKey), ("tab", .tab), ("esc", .escape),
            ("←", .left), ("→", .right), ("↑", .up), ("home", .home), ("end", .end), ("F1", .keysym("F1")),
            ("done", .returnKey), ("cancel", .escape),
        ]
        var rig = Rig()
        for (label, key) in expected {
            #expect(rig.tap(label).first == .key(key, modifiers: []), "\(label)")
        }
    }

    @Test func clearAndMultiplyTypeNothingOutsideEntryMode() {
        var rig = Rig()
        #expect(rig.tap("C") == [.redraw([rig.index("C")])])
        #expect(rig.tap("千") == [.redraw([rig.index("千")])])
    }

    @Test func hideAndNextLayoutAskTheShell() {
        var rig = Rig()
        #expect(rig.tap("hide").first == .hide)
        #expect(rig.tap("next").first == .nextLayout)
    }

    @Test func morseDotsAndDashesShowAsPendingAndTheGapTypesTheLetter() {
        var rig = Rig()
        let dot = rig.index("·"), dash = rig.index("−"), gap = rig.index("gap")
        #expect(rig.tap("·") == [.redraw([dot, dash, gap])])
        rig.tap("−")
        #expect(rig.state.pendingMorse == ".-")
        #expect(rig.tap("gap") == [.type("a", modifiers: []), .redraw([dot, dash, gap])])
        #expect(rig.state.pendingMorse == "")
        for _ in 0..<3 { rig.tap("−") }
        #expect(typed(rig.tap("gap")) == ["o"])
    }

    @Test func anUnknownMorseCodePlaysTheErrorClickAndTypesNothing() {
        var rig = Rig()
        for _ in 0..<7 { rig.tap("·") }
        let effects = rig.tap("gap")
        #expect(effects.first == .click(.error))
        #expect(typed(effects).isEmpty)
        #expect(rig.state.pendingMorse == "")
    }

    @Test func aGapWithNothingPendingDoesNothing() {
        var rig = Rig()
        #expect(rig.tap("gap") == [.redraw([rig.index("gap")])])
    }

    @Test func aLayerKeyShowsThatLayer() {
        var rig = Rig()
        _ = rig.press("?123")
        #expect(rig.release("?123") == [.redrawAll])
        #expect(rig.state.layerName == "symbols")
        #expect(rig.state.geometry.keys.map(\.key.label) == ["#", "$", "abc"])
        #expect(typed(rig.tap("$")) == ["$"])
        rig.tap("abc")
        #expect(rig.state.layerName == "letters")
    }

    @Test func aKeyThatTypesEmptyTextTypesNothing() {
        let layout = Layout(name: "t", description: "", layers: [
            Layer(name: "l", root: Stack(axis: .vertical, items: [.key(Key(label: "?", action: .text("")))])),
        ])
        var rig = Rig(config: KeyboardConfig(decimalSeparator: ""), layout: layout)
        #expect(typed(rig.tap("?")).isEmpty)
    }
}
