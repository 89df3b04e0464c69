import Testing
@testable import StackboardCore

/// The key preview: which key it shows, when it goes, and where it is never shown.
@Suite struct StatePreviewTests {
    static let on = KeyboardConfig(keyPreview: true)

    @Test func aPressedLetterIsPreviewedUntilALittleAfterTheReleaseThatTypesIt() {
        var rig = Rig(config: Self.on)
        rig.now = 1
        let down = rig.press("b")
        #expect(down.contains(.showPreview(keyIndex: rig.index("b"))))
        #expect(rig.state.preview == KeyPreview(keyIndex: rig.index("b"), label: "b"))
        #expect(rig.state.nextDeadline == nil)
        rig.now = 1.04
        let up = rig.release("b")
        #expect(typed(up) == ["b"])
        #expect(!up.contains(.hidePreview))
        #expect(rig.state.preview == KeyPreview(keyIndex: rig.index("b"), label: "b"))
        #expect(rig.state.nextDeadline == 1.04 + KeyPreview.linger)
        #expect(rig.advance(to: 1.04 + KeyPreview.linger / 2).isEmpty)
        #expect(rig.advance(to: 1.04 + KeyPreview.linger) == [.hidePreview])
        #expect(rig.state.preview == nil)
        #expect(rig.state.nextDeadline == nil)
    }

    @Test func theNextPressEndsALingeringPreviewOrMovesIt() {
        var rig = Rig(config: Self.on)
        rig.tap("b")
        #expect(rig.state.preview?.keyIndex == rig.index("b"))
        #expect(rig.press("a").contains(.showPreview(keyIndex: rig.index("a"))))
        _ = rig.release("a")
        #expect(rig.press("⌫").contains(.hidePreview))
        #expect(rig.state.preview == nil)
    }

    @Test func onlyAReleaseThatTypesLingers() {
        var rig = Rig(config: Self.on)
        _ = rig.press("b")
        #expect(rig.handle(.cancel(pointer: 1)).contains(.hidePreview))
        _ = rig.press("b")
        _ = rig.move(to: "⌫")
        #expect(rig.release("⌫").contains { if case .showPreview = $0 { true } else { false } } == false)
        #expect(rig.state.preview == nil)
        #expect(rig.state.nextDeadline == nil)
    }

    @Test func aLingeringPreviewGoesWithTheLayerHidingAndSecureEntry() {
        var rig = Rig(config: Self.on)
        rig.tap("b")
        #expect(rig.state.switchLayer(to: "symbols").contains(.hidePreview))
        #expect(rig.state.nextDeadline == nil)
        var hidden = Rig(config: Self.on)
        hidden.tap("b")
        #expect(hidden.state.releaseAll().contains(.hidePreview))
        var secure = Rig(config: Self.on)
        secure.tap("b")
        #expect(secure.state.setSecureEntry(true).contains(.hidePreview))
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
        #expect(rig.state.preview?.keyIndex == rig.index("a"), "a finger still down wins over a lingering preview")
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
