import CX11
import StackboardCore

/// Turns core pointer events of button 1 into `InputEvent`s for pointer 0, and the scan
/// switches' buttons and grabbed keys into `SwitchEvent`s.
///
/// While button 1 is down the server's automatic grab keeps reporting motion and the release
/// to this window even outside it (coordinates then lie outside the window), which is what
/// slide-off needs; no client grab is ever made. Other buttons are ignored, but the switches'.
struct PointerTranslator {
    /// The id the core pointer gets in `InputEvent`.
    static let corePointer = 0
    private(set) var isDown = false
    /// The mouse buttons that are scan switches, and their switch numbers (they never tap).
    var switchButtons: [UInt32: Int] = [:]
    /// The keycodes grabbed as scan switches, and their switch numbers.
    var switchKeys: [UInt32: Int] = [:]
    /// The switch keys that are down (a release without a press is not a switch).
    private(set) var switchKeysDown: Set<UInt32> = []

    /// A ButtonPress.
    mutating func press(button: UInt32, x: Int32, y: Int32) -> InputEvent? {
        guard switchButtons[button] == nil, button == UInt32(Button1), !isDown else { return nil }
        isDown = true
        return .press(pointer: Self.corePointer, at: Point(x: Int(x), y: Int(y)))
    }

    /// The switch a ButtonPress (`down`) or ButtonRelease of `button` is, if it is one.
    func switchButton(_ button: UInt32, down: Bool) -> SwitchEvent? {
        switchButtons[button].map { SwitchEvent(number: $0, pressed: down) }
    }

    /// A MotionNotify with the button state it carries: a move while button 1 is down, else
    /// (when hover is tracked) a hover.
    mutating func motion(state: UInt32, x: Int32, y: Int32, trackHover: Bool) -> InputEvent? {
        let point = Point(x: Int(x), y: Int(y))
        if isDown, state & UInt32(Button1Mask) != 0 { return .move(pointer: Self.corePointer, to: point) }
        return trackHover && !isDown ? .hover(pointer: Self.corePointer, at: point) : nil
    }

    /// A ButtonRelease.
    mutating func release(button: UInt32, x: Int32, y: Int32) -> InputEvent? {
        guard endsPress(button: button) else { return nil }
        isDown = false
        return .release(pointer: Self.corePointer, at: Point(x: Int(x), y: Int(y)))
    }

    /// Whether a release of `button` ends the press that is down (`release` makes it one).
    func endsPress(button: UInt32) -> Bool {
        switchButtons[button] == nil && button == UInt32(Button1) && isDown
    }

    /// A KeyPress (`down`) or KeyRelease of `keycode` delivered by a switch key's grab. A held
    /// key repeats its presses (detectable autorepeat: one release); only the first counts.
    mutating func switchKey(_ keycode: UInt32, down: Bool) -> SwitchEvent? {
        guard let number = switchKeys[keycode] else { return nil }
        if down {
            guard switchKeysDown.insert(keycode).inserted else { return nil }
        } else {
            guard switchKeysDown.remove(keycode) != nil else { return nil }
        }
        return SwitchEvent(number: number, pressed: down, holdsKeyboard: true)
    }

    /// Forgets the switch keys (no longer grabbed).
    mutating func clearSwitchKeys() {
        switchKeys = [:]
        switchKeysDown = []
    }

    /// The gesture in progress is taken away (the window was hidden): a cancel, if one was down.
    mutating func cancel() -> InputEvent? {
        guard isDown else { return nil }
        isDown = false
        return .cancel(pointer: Self.corePointer)
    }
}
