import Testing
@testable import StackboardCore

/// The key preview: which key it shows, when it goes, and where it is never shown.
@Suite struct StatePreviewTests {
    static let on = KeyboardConfig(keyPreview: true)

    @Test func aPressedLetterIsPreviewedUntilItsRelease() {
        var rig = Rig(config: Self.on)
        let down = rig.press("b")
        #expect(down.contains(.showPreview(keyIndex: rig.index("b"))))
        #expect(rig.state.preview == KeyPreview(keyIndex: rig.index("b"), label: "b"))
        let up = rig.release("b")
        #expect(up.contains(.hidePreview))
        #expect(rig.state.preview == nil)
    }

    @Test func slidingOntoAnotherKeyMovesThePreviewAndOffAFunctionKeyHidesIt() {
        var rig = Rig(config: Self.on)
        _ = rig.press("a")
        #expect(rig.move(to: "b").contains(.showPreview(keyIndex: rig.index("b"))))
        #expect(rig.move(to: "⌫").contains(.hidePreview))
    }

    @Test func theLabelIsShiftedLikeTheKey() {
        var rig = Rig(config: Self.on)
        rig.tap("⇧")
        _ = rig.press("b")
        #expect(rig.state.preview?.label == "B")
    }

    @Test func functionKeysAndTheDefaultConfigurationShowNone() {
        var rig = Rig(config: Self.on)
        #expect(!rig.press("⌫").contains { if case .showPreview = $0 { true } else { false } })
        var off = Rig()
        _ = off.press("b")
        #expect(off.state.preview == nil)
    }

    @Test func theNewestFingerIsPreviewed() {
        var rig = Rig(config: Self.on)
        _ = rig.press("a", pointer: 1)
        _ = rig.press("b", pointer: 2)
        #expect(rig.state.preview?.keyIndex == rig.index("b"))
        _ = rig.release("b", pointer: 2)
        #expect(rig.state.preview?.keyIndex == rig.index("a"))
    }

    @Test func secureEntryShowsNoPreviewAndHidesOneShown() {
        var rig = Rig(config: Self.on)
        _ = rig.press("b")
        #expect(rig.state.setSecureEntry(true).contains(.hidePreview))
        _ = rig.release("b")
        _ = rig.press("a")
        #expect(rig.state.preview == nil)
        _ = rig.release("a")
        _ = rig.state.setSecureEntry(false)
        _ = rig.press("a")
        #expect(rig.state.preview != nil)
    }

    @Test func openAlternatesReplaceThePreview() {
        var rig = Rig(config: KeyboardConfig(timing: KeyTiming(longPressDelay: 0.5), keyPreview: true))
        _ = rig.press("a")
        #expect(rig.state.preview != nil)
        let opened = rig.advance(to: 0.6)
        #expect(opened.contains(.hidePreview))
        #expect(rig.state.alternates != nil)
    }

    @Test func theBubbleSitsAboveItsKeyCentredAndLarger() {
        let key = Rect(x: 100, y: 200, width: 80, height: 60)
        let bubble = KeyPreview.frame(forKey: key)
        #expect(bubble.maxY == key.y)
        #expect(bubble.width > key.width && bubble.height > key.height)
        #expect(abs((bubble.x + bubble.width / 2) - (key.x + key.width / 2)) <= 1)
    }
}
