import Testing
@testable import StackboardCore

/// A first frame's layouts are loaded without the emoji panel (`LayoutCatalog.deferringCompletion`)
/// and completed when a ☺ is first pressed: the shown part stays exactly as it was, a ☺ key that would go
/// (no emoji data) goes at once, and the state takes the added layers without a repaint.
@Suite struct LayoutCompletionTests {
    static let emojiFile = LoaderSupport.repoRoot.appendingPathComponent("Resources/emoji/emoji-test.txt").path

    @Test func aDeferringCatalogLeavesThePanelForLaterAndTheFullLoadOnlyAddsLayers() throws {
        let full = EmojiPanelTests.catalog(emojiFile: Self.emojiFile)
        let quick = full.deferringCompletion
        let first = try quick.load("qwerty")
        #expect(first.layer(named: "emoji") == nil, "no panel in the first frame's layout")
        #expect(first.layers.contains { $0.root.keys.contains { $0.action == .layer("emoji") } }, "the ☺ key is still there")
        #expect(full.completes(first), "the full catalog would add the panel")
        let completed = try full.load("qwerty")
        #expect(!full.completes(completed))
        #expect(completed.layer(named: "emoji") != nil)
        #expect(Array(completed.layers.prefix(first.layers.count)) == first.layers, "the panel only adds layers")
        let pin = try quick.load("pin")
        let fullPin = try full.load("pin")
        #expect(!full.completes(pin) && pin == fullPin, "no ☺ key: nothing to complete")
        #expect(quick == full, "the same search path and providers")
    }

    @Test func withoutEmojiDataTheFirstFrameAlreadyLacksTheEmojiKeys() throws {
        let none = EmojiPanelTests.catalog(emojiFile: "/nonexistent/emoji-test.txt")
        let first = try none.deferringCompletion.load("qwerty")
        let full = try none.load("qwerty")
        #expect(first == full, "a key that a full load removes is not shown first")
        #expect(!none.completes(first))
    }

    @Test func theStateTakesAddedLayersWithoutARepaintButNotAnotherLayout() throws {
        let full = EmojiPanelTests.catalog(emojiFile: Self.emojiFile)
        let first = try full.deferringCompletion.load("qwerty")
        var state = KeyboardState(layout: first, size: Size(width: 800, height: 300), config: KeyboardConfig())
        let geometry = state.geometry
        let completed = try full.load("qwerty")
        let taken = state.takeLayers(of: completed)
        #expect(taken)
        #expect(state.layout == completed && state.geometry == geometry && state.layerName == first.layers[0].name)
        #expect(state.layout.layer(named: "emoji") != nil)
        _ = state.switchLayer(to: "emoji")
        #expect(state.layerName == "emoji", "the panel opens")

        var other = KeyboardState(layout: first, size: Size(width: 800, height: 300), config: KeyboardConfig())
        var changed = completed
        changed.layers[0].root = changed.layers[0].root.removingKeys { $0.label == "q" }
        let takenChanged = other.takeLayers(of: changed)
        #expect(!takenChanged, "a changed shown layer is not taken quietly")
        let pin = try full.load("pin")
        let takenPin = other.takeLayers(of: pin)
        #expect(!takenPin)
        #expect(other.layout == first)
    }

    @Test func aKeyToALayerNotYetMadeAsksTheHostAndChangesNothing() throws {
        let full = EmojiPanelTests.catalog(emojiFile: Self.emojiFile)
        let first = try full.deferringCompletion.load("qwerty")
        let emojiKey = try #require(first.layers[0].root.keys.first { $0.action == .layer("emoji") })
        var rig = Rig(layout: first, size: Size(width: 800, height: 300))
        let asked = rig.tap(emojiKey.label)
        #expect(asked.contains(.openLayer("emoji")), "the host is asked for the panel: \(asked)")
        #expect(rig.state.layerName == first.layers[0].name)

        #expect(rig.state.takeLayers(of: try full.load("qwerty")))
        let opened = rig.tap(emojiKey.label)
        #expect(!opened.contains(.openLayer("emoji")))
        #expect(rig.state.layerName == "emoji", "once made, the ☺ opens the panel itself")
    }
}
