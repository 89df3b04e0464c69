import CX11
import StackboardCore

/// What happened to the keyboard window, for the application's loop.
public enum WindowEvent: Equatable, Sendable {
    /// The pointer pressed, moved or released (window pixels; pointer 0 is the core pointer).
    case input(InputEvent)
    /// Where pointer `pointer` is in root pixels, for its `.input` that comes next (a window the
    /// keyboard moves itself under a dragging finger needs it: window pixels move with it).
    case rootPosition(pointer: Int, Point)
    /// The window got a new size: lay the keys out again and repaint everything.
    case resized(Size)
    /// The window manager asked the window to close (WM_DELETE_WINDOW), or someone destroyed it.
    case closeRequested
    /// The window became visible (mapped).
    case shown
    /// The window was unmapped (hidden by us or by the window manager).
    case hidden
    /// Another `stackboard` process sent a command through the control channel.
    case control(ControlCommand)
}

/// The one switch of switch scanning.
public enum ScanSwitch: Equatable, Sendable, CustomStringConvertible {
    /// A mouse button (1 to 9) pressed on the keyboard window: no grab, the pointer must be over
    /// the keyboard. While it is the switch, that button does not tap keys.
    case button(Int)
    /// A key of a physical keyboard by X keysym name (`space`, `F12`): grabbed on the root window
    /// (a passive grab of that one key, which never moves the focus), so no application gets it.
    /// It acts when released.
    case key(String)

    /// `button1` to `button9`, or an X keysym name; nil for anything else.
    public init?(parsing text: String) {
        if text.hasPrefix("button"), let n = Int(text.dropFirst(6)), (1...9).contains(n), text.count == 7 {
            self = .button(n)
        } else if !text.hasPrefix("button"), CharacterKeysyms.keysym(named: text) != nil {
            self = .key(text)
        } else {
            return nil
        }
    }

    /// `button3` or the keysym name, as given.
    public var description: String {
        switch self {
        case .button(let n): return "button\(n)"
        case .key(let name): return name
        }
    }
}

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
