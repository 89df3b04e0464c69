import Testing
@testable import StackboardCore

@Suite struct StateShellCommandTests {
    @Test func aLayerSwitchCancelsOtherFingersCleanly() {
        var rig = Rig()
        _ = rig.press("a", pointer: 1)
        _ = rig.press("⇧", pointer: 3)
        _ = StateAlternatesTests.longPress(&rig, "e", pointer: 4)
        _ = rig.press("?123", pointer: 2)
        #expect(rig.release("?123", pointer: 2) == [.hideAlternates, .redrawAll])
        #expect(rig.state.layerName == "symbols")
        #expect(rig.state.alternates == nil)
        #expect(!rig.state.shifted, "the held shift went away with its finger")
        #expect((0..<rig.state.geometry.keys.count).allSatisfy { !rig.state.visual(ofKey: $0).pressed })
        #expect(rig.handle(.release(pointer: 1, at: rig.center("#"))) == [])
        #expect(rig.handle(.move(pointer: 3, to: rig.center("$"))) == [])
        #expect(rig.handle(.release(pointer: 4, at: rig.center("$"))) == [])
        #expect(rig.state.modifierState(.shift) == .off)
    }

    @Test func switchLayerShowsKnownLayersOnly() {
        var rig = Rig()
        #expect(rig.state.switchLayer(to: "nope") == [])
        #expect(rig.state.switchLayer(to: "letters") == [])
        _ = rig.press("a")
        #expect(rig.state.switchLayer(to: "symbols") == [.redrawAll])
        #expect(rig.state.layerName == "symbols")
        #expect(rig.state.geometry.size == StateFixtures.size)
        #expect(rig.state.geometry == KeyboardGeometry(layout: StateFixtures.standard,
                                                       layer: StateFixtures.standard.layers[1], size: StateFixtures.size))
        #expect(rig.handle(.release(pointer: 1, at: rig.center("#"))) == [])
    }

    @Test func aLayerKeyToAnUnknownLayerChangesNothingAndAsksTheHost() {
        let layout = Layout(name: "t", description: "", layers: [Layer(name: "l", root: Stack(axis: .horizontal, items: [
            .key(Key(label: "L", action: .layer("missing"))),
        ]))])
        var rig = Rig(layout: layout)
        // The host may make the layer (the keyboard's emoji panel); the state stays where it is.
        #expect(rig.tap("L") == [.openLayer("missing"), .redraw([0])])
        #expect(rig.state.layerName == "l")
    }

    @Test func resizingLaysTheKeysOutAgain() {
        var rig = Rig()
        let bigger = Size(width: 1200, height: 400)
        #expect(rig.state.resize(to: StateFixtures.size) == [])
        #expect(rig.state.resize(to: bigger) == [.redrawAll])
        #expect(rig.state.geometry.size == bigger)
        #expect(rig.state.geometry == KeyboardGeometry(layout: StateFixtures.standard,
                                                       layer: StateFixtures.standard.layers[0], size: bigger))
    }

    @Test func resizingMovesAnOpenPopupWithItsKey() throws {
        var rig = Rig()
        _ = StateAlternatesTests.longPress(&rig, "e")
        let finger = rig.center("e")
        #expect(rig.state.resize(to: Size(width: 1200, height: 400)) == [.redrawAlternates, .redrawAll])
        let popup = try #require(rig.state.alternates)
        let key = rig.state.geometry.keys[rig.index("e")].frame
        #expect(popup.frames.allSatisfy { $0.width == key.width && $0.maxY < key.y })
        #expect(typed(rig.handle(.release(pointer: 1, at: finger))) == ["é"], "the finger did not move")
    }

    @Test func aNewLayoutShowsItsFirstLayerAndCancelsEverything() {
        var rig = Rig()
        rig.tap("·")
        _ = StateAlternatesTests.longPress(&rig, "e")
        let other = Layout(name: "o", description: "", layers: [Layer(name: "digits", root: Stack(axis: .horizontal, items: [
            .key(StateFixtures.text("7")),
        ]))])
        #expect(rig.state.setLayout(other) == [.hideAlternates, .redrawAll])
        #expect(rig.state.layout == other)
        #expect(rig.state.layerName == "digits")
        #expect(rig.state.pendingMorse == "")
        #expect(rig.handle(.release(pointer: 1, at: rig.center("7"))) == [])
        #expect(typed(rig.tap("7")) == ["7"])
    }

    @Test func aLayoutWithNoLayersShowsNoKeysAndNeverCrashes() {
        var rig = Rig(layout: Layout(name: "empty", description: "", layers: []))
        #expect(rig.state.geometry.keys.isEmpty)
        #expect(rig.handle(.press(pointer: 1, at: Point(x: 5, y: 5))) == [])
        #expect(rig.state.visual(ofKey: 3) == KeyVisual())
        #expect(rig.state.displayLabel(ofKey: 3) == "")
    }

    @Test func releaseAllDropsEveryModifierFingerAndPopup() {
        var rig = Rig()
        rig.tap("ctrl")
        rig.tap("alt")
        rig.tap("alt")
        rig.tap("caps")
        rig.tap("·")
        _ = rig.press("b", pointer: 2)
        _ = StateAlternatesTests.longPress(&rig, "e", pointer: 3)
        #expect(rig.state.releaseAll() == [.hideAlternates, .redrawAll])
        #expect(rig.state.activeModifiers.isEmpty && !rig.state.capsLock && rig.state.pendingMorse.isEmpty)
        #expect(rig.state.modifierState(.alt) == .off)
        #expect(rig.state.nextDeadline == nil)
        #expect(rig.release("b", pointer: 2) == [])
        #expect(typed(rig.tap("a")) == ["a"])
    }
}
