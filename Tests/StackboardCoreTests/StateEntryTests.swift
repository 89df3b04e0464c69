import Testing
@testable import StackboardCore

@Suite struct StateEntryTests {
    static let entry = KeyboardConfig(mode: .entry, decimalSeparator: ",")

    @Test func keysEditTheField() {
        let expected: [(String, Effect)] = [
            ("a", .edit(.insert("a"))), ("space", .edit(.insert(" "))), ("dec", .edit(.insert(","))),
            ("⌫", .edit(.deleteBackward)), ("del", .edit(.deleteForward)), ("C", .edit(.clear)),
            ("←", .edit(.moveLeft)), ("→", .edit(.moveRight)), ("home", .edit(.moveToStart)),
            ("end", .edit(.moveToEnd)), ("千", .edit(.multiply(1000))),
            ("·", .edit(.morseDot)), ("−", .edit(.morseDash)), ("gap", .edit(.morseGap)),
        ]
        var rig = Rig(config: StateEntryTests.entry)
        for (label, effect) in expected {
            #expect(rig.tap(label).first == effect, "\(label)")
        }
        #expect(rig.state.pendingMorse == "", "the buffer decodes Morse in entry mode")
    }

    @Test func returnAndDoneAcceptEscapeAndCancelCancel() {
        var rig = Rig(config: StateEntryTests.entry)
        #expect(rig.tap("⏎").first == .done)
        #expect(rig.tap("done").first == .done)
        #expect(rig.tap("esc").first == .cancel)
        #expect(rig.tap("cancel").first == .cancel)
    }

    @Test func keysWithoutAMeaningInAFieldOnlyClick() {
        for label in ["tab", "↑", "F1", "ctrl", "alt"] {
            var rig = Rig(config: StateEntryTests.entry)
            let index = rig.index(label)
            #expect(rig.press(label) == [.click(.modifier), .redraw([index])], "\(label)")
            #expect(rig.release(label) == [.redraw([index])], "\(label)")
            #expect(rig.state.activeModifiers.isEmpty)
        }
    }

    @Test func shiftAndCapsLockWorkAsInTypingMode() {
        var rig = Rig(config: StateEntryTests.entry)
        rig.tap("⇧")
        #expect(rig.tap("a").first == .edit(.insert("A")))
        #expect(rig.tap("a").first == .edit(.insert("a")))
        rig.tap("caps")
        #expect(rig.tap("b").first == .edit(.insert("B")))
        #expect(rig.tap("1").first == .edit(.insert("1")))
    }

    @Test func aHeldCtrlDoesNotApplyInEntryMode() {
        var rig = Rig(config: StateEntryTests.entry)
        _ = rig.press("ctrl", pointer: 1)
        #expect(rig.state.modifierState(.ctrl) == .off)
        #expect(rig.tap("a", pointer: 2).first == .edit(.insert("a")))
    }
}
