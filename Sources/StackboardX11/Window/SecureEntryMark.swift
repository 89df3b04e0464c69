import CX11

/// `_STACKBOARD_SECURE_ENTRY` (CARDINAL 1) on a window: `stackboard entry --secure` marks its
/// window so, so that a keyboard typing into it knows what it types is secret (spoken scanning
/// says nothing then). The keyboard reads the mark off the display's active window.
public enum SecureEntryMark {
    /// The property's name.
    static let name = "_STACKBOARD_SECURE_ENTRY"

    /// Marks `window` as a secure entry window (before it is mapped).
    public static func mark(_ window: KeyboardWindow) {
        let display = window.connection.display
        var value: [Int] = [1]
        _ = value.withUnsafeMutableBytes { raw in
            XChangeProperty(display, Window(window.windowID), XInternAtom(display, name, 0), Atom(XA_CARDINAL), 32,
                            PropModeReplace, raw.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    /// Whether the active window (_NET_ACTIVE_WINDOW of the root) carries the mark: two round
    /// trips, none when no window of the display was ever marked.
    public static func activeWindowIsSecure(on connection: XConnection) -> Bool {
        let display = connection.display
        let atom = XInternAtom(display, name, 1) // only if it exists: no window has it otherwise
        guard atom != 0 else { return false }
        let reader = PropertyReader(display: display)
        guard let active = reader.values(connection.atoms.netActiveWindow, of: connection.root, type: Atom(XA_WINDOW)).first,
              active != 0 else { return false }
        return reader.values(atom, of: Window(active), type: Atom(XA_CARDINAL)) == [1]
    }
}
