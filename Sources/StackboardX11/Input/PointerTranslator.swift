import CX11
import StackboardCore

/// Turns core pointer events of button 1 into `InputEvent`s for pointer 0, and presses of the
/// scan switch into `.switchPress`.
///
/// While button 1 is down the server's automatic grab keeps reporting motion and the release
/// to this window even outside it (coordinates then lie outside the window), which is what
/// slide-off needs; no client grab is ever made. Other buttons are ignored, but the switch's.
struct PointerTranslator {
    /// The id the core pointer gets in `InputEvent`.
    static let corePointer = 0
    private(set) var isDown = false
    /// The mouse button that is the scan switch (it then never taps), if one is.
    var switchButton: UInt32?
    /// The keycode grabbed as the scan switch, if a key is.
    var switchKeycode: UInt32?
    /// Whether the switch key is down (a release without a press is not a switch press).
    var switchKeyDown = false

    /// A ButtonPress.
    mutating func press(button: UInt32, x: Int32, y: Int32) -> InputEvent? {
        if button == switchButton { return .switchPress }
        guard button == UInt32(Button1), !isDown else { return nil }
        isDown = true
        return .press(pointer: Self.corePointer, at: Point(x: Int(x), y: Int(y)))
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
        button != switchButton && button == UInt32(Button1) && isDown
    }

    /// A KeyPress (`down`) or KeyRelease of `keycode` delivered by the switch key's grab. The
    /// switch acts on the release: until then the server holds the whole keyboard for the grab,
    /// and a key the keyboard typed in answer would come back to it instead of the application.
    mutating func switchKey(_ keycode: UInt32, down: Bool) -> InputEvent? {
        guard keycode == switchKeycode else { return nil }
        defer { switchKeyDown = down }
        return !down && switchKeyDown ? .switchPress : nil
    }

    /// The gesture in progress is taken away (the window was hidden): a cancel, if one was down.
    mutating func cancel() -> InputEvent? {
        guard isDown else { return nil }
        isDown = false
        return .cancel(pointer: Self.corePointer)
    }
}
