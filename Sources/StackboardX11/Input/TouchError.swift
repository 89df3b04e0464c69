/// Why touch input cannot be used on this display (the keyboard then works with the mouse only).
public enum TouchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server has no XInputExtension at all.
    case noXInput
    /// The server's XInput is older than 2.2, the first version with touch events.
    case xinputTooOld(major: Int32, minor: Int32)

    /// What went wrong and what it means for the user.
    public var description: String {
        switch self {
        case .noXInput:
            return "the X server has no XInput extension, so touchscreens are not supported; "
                + "the keyboard still works with a mouse (Xvfb and most servers have XInput 2.2 or newer)"
        case .xinputTooOld(let major, let minor):
            return "the X server has XInput \(major).\(minor), but touch needs 2.2 or newer; "
                + "the keyboard still works with a mouse (update the X server for touch support)"
        }
    }
}
