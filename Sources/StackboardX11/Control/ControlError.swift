/// Why the control channel could not be set up or a command not delivered; each message says
/// what to do. `description` is one line without the program name.
public enum ControlError: Error, Equatable, CustomStringConvertible {
    /// `DISPLAY` is not set and no display name was given.
    case noDisplay
    /// The display could not be opened.
    case cannotOpenDisplay(String)
    /// Another keyboard owns the display's selection: its control window and the display name.
    case alreadyRunning(window: UInt, display: String)
    /// No keyboard owns the selection on this display.
    case notRunning(display: String)
    /// The request cannot be sent as given (an empty or oversized layout name).
    case invalidRequest(String)

    /// One line for stderr.
    public var description: String {
        switch self {
        case .noDisplay:
            return "cannot open a display: DISPLAY is not set. Try DISPLAY=:0, or start one with Xvfb :1 &"
        case .cannotOpenDisplay(let name):
            return "cannot open display '\(name)': is an X server running? Try DISPLAY=:0, or start one with Xvfb :1 &"
        case .alreadyRunning(let window, let display):
            return "a keyboard is already running on \(display) (window \(hex(window))); "
                + "use 'stackboard show' or 'stackboard toggle'"
        case .notRunning(let display):
            return "no Stackboard keyboard is running on \(display); start one with 'stackboard' (or 'stackboard --hidden')"
        case .invalidRequest(let why):
            return why
        }
    }
}

/// `0x1a00001` for an X resource id.
func hex(_ value: UInt) -> String { "0x" + String(value, radix: 16) }
