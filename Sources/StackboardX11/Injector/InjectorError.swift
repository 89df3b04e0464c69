import StackboardCore

/// Why the injector could not type. Messages say what to do and never contain the typed text.
public enum InjectorError: Error, Equatable, CustomStringConvertible {
    /// The X display could not be opened (the name it tried).
    case cannotOpenDisplay(String)
    /// The server lacks an extension the injector needs (XTEST or XKB).
    case missingExtension(String)
    /// A key name that is no X keysym.
    case unknownKeyName(String)
    /// The keymap has no key for this modifier.
    case noModifierKey(Modifier)
    /// A character cannot be typed: no key carries it and no empty keycode is left to borrow.
    case noFreeKeycode
    /// The text holds a control character that has no key (only newline, tab, backspace,
    /// escape and delete have one).
    case untypableControlCharacter
    /// The X server reported an error for one of the injector's requests.
    case xError(String)

    /// A one-line message for the user.
    public var description: String {
        switch self {
        case .cannotOpenDisplay(let name):
            let shown = name.isEmpty ? "(DISPLAY is not set)" : "'\(name)'"
            return "cannot open display \(shown): is an X server running? Try DISPLAY=:0, or start one with Xvfb :1 &"
        case .missingExtension(let name):
            return "the X server has no \(name) extension, which typing needs: use a server that has it (Xorg and Xvfb do)"
        case .unknownKeyName(let name):
            return "unknown key name '\(name)': use an X keysym name such as Return, F1, Print or XF86AudioMute (see /usr/include/X11/keysymdef.h)"
        case .noModifierKey(let m):
            return "the keymap has no key for the \(m.rawValue) modifier: add one (for example with setxkbmap) and try again"
        case .noFreeKeycode:
            return "cannot type a character that is not in the keymap: every free keycode is taken, and none is safe to borrow"
        case .untypableControlCharacter:
            return "the text holds a control character that has no key (only newline, tab, backspace, escape and delete do)"
        case .xError(let what):
            return "the X server refused a typing request: \(what)"
        }
    }
}
