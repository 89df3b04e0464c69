import StackboardCore
@testable import StackboardX11
import Testing

/// The X side of the scan switches without a display: the control channel's wire form of
/// `stackboard switch`, the window's buttons and grabbed keys, and a switch device's numbers.
@Suite struct ScanSwitchWiringTests {
    @Test func aSwitchCommandCrossesTheWireAndBack() {
        for number in 1...5 {
            for pressed in [true, false] {
                let command = ControlCommand.switched(number: number, pressed: pressed)
                #expect(ControlCommand.decode(code: command.wireCode, argument: command.wireArgument) { nil } == command)
            }
        }
        #expect(ControlCommand.decode(code: 7, argument: 12) { nil } == nil, "switch 6: none")
        #expect(ControlCommand.decode(code: 7, argument: 1) { nil } == nil, "switch 0: none")
    }

    @Test func switchButtonsNeverTapAndAHeldKeyCountsOnce() {
        var pointer = PointerTranslator()
        pointer.switchButtons = [3: 1]
        pointer.switchKeys = [65: 2]
        #expect(pointer.switchButton(3, down: true) == SwitchEvent(number: 1, pressed: true))
        #expect(pointer.press(button: 3, x: 1, y: 1) == nil, "the switch button does not tap")
        #expect(pointer.press(button: 1, x: 1, y: 1) != nil, "button 1 still taps")
        #expect(pointer.switchKey(65, down: true) == SwitchEvent(number: 2, pressed: true, holdsKeyboard: true))
        #expect(pointer.switchKey(65, down: true) == nil, "a repeat")
        #expect(pointer.switchKey(65, down: false) == SwitchEvent(number: 2, pressed: false, holdsKeyboard: true))
        #expect(pointer.switchKey(65, down: false) == nil, "a release without a press")
        #expect(pointer.switchKey(66, down: true) == nil, "not a switch")
    }

    @Test func aSwitchDevicesButtonsAndKeysAreSwitchesOneToFive() {
        #expect((1...6).map(SwitchDevice.number(button:)) == [1, 2, 3, 4, 5, nil])
        #expect([0x31, 0x35, 0x36, 0xffb2, 0x20, 0xff0d, 0x61].map { SwitchDevice.number(keysym: UInt($0)) } == [1, 5, nil, 2, 1, 1, nil])
    }
}
