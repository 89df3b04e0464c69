import CX11
import StackboardCore

/// What happened to the keyboard window, for the application's loop.
public enum WindowEvent: Equatable, Sendable {
    /// The pointer pressed, moved or released (window pixels; pointer 0 is the core pointer).
    case input(InputEvent)
    /// The window got a new size: lay the keys out again and repaint everything.
    case resized(Size)
    /// The window manager asked the window to close (WM_DELETE_WINDOW), or someone destroyed it.
    case closeRequested
    /// The window became visible (mapped).
    case shown
    /// The window was unmapped (hidden by us or by the window manager).
    case hidden
}

/// Turns core pointer events of button 1 into `InputEvent`s for pointer 0.
///
/// While button 1 is down the server's automatic grab keeps reporting motion and the release
/// to this window even outside it (coordinates then lie outside the window), which is what
/// slide-off needs; no client grab is ever made. Other buttons are ignored.
struct PointerTranslator {
    /// The id the core pointer gets in `InputEvent`.
    static let corePointer = 0
    private(set) var isDown = false

    /// A ButtonPress.
    mutating func press(button: UInt32, x: Int32, y: Int32) -> InputEvent? {
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
        guard button == UInt32(Button1), isDown else { return nil }
        isDown = false
        return .release(pointer: Self.corePointer, at: Point(x: Int(x), y: Int(y)))
    }

    /// The gesture in progress is taken away (the window was hidden): a cancel, if one was down.
    mutating func cancel() -> InputEvent? {
        guard isDown else { return nil }
        isDown = false
        return .cancel(pointer: Self.corePointer)
    }
}
