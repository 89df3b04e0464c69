import CX11

/// The record of a pointer button that the keyboard's dwell clicking holds down (a drag between
/// two rests): the root window's `_STACKBOARD_HELD_BUTTON` property, two CARDINALs, the button
/// and the control window of the keyboard that pressed it. Written before the press and deleted
/// after the release; a keyboard killed in between (SIGKILL) leaves it behind, and the next
/// Stackboard command (`releaseAbandoned`: every control command, `type`, a new keyboard)
/// releases the button when the recorded control window no longer owns the keyboard's
/// selection, as borrowed keycodes are given back (`KeymapLock`).
public enum HeldButton {
    static let propertyName = "_STACKBOARD_HELD_BUTTON"

    /// Records that the keyboard whose control window is `owner` is about to hold `button`.
    static func record(_ display: OpaquePointer, button: Int, owner: UInt) {
        let atom = XInternAtom(display, propertyName, 0)
        var longs = [button, Int(owner)]
        longs.withUnsafeMutableBytes { bytes in
            _ = XChangeProperty(display, XDefaultRootWindow(display), atom, Atom(XA_CARDINAL), 32, PropModeReplace,
                                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 2)
        }
    }

    /// Forgets the record (after the release).
    static func clear(_ display: OpaquePointer) {
        let atom = XInternAtom(display, propertyName, 1)
        guard atom != 0 else { return }
        XDeleteProperty(display, XDefaultRootWindow(display), atom)
    }

    /// The recorded button and owner (nil: none recorded, or unreadable).
    static func read(_ display: OpaquePointer) -> (button: Int, owner: UInt)? {
        let atom = XInternAtom(display, propertyName, 1)
        guard atom != 0 else { return nil }
        let values = PropertyReader(display: display).values(atom, of: XDefaultRootWindow(display), type: Atom(XA_CARDINAL))
        guard values.count == 2 else { return nil }
        return (values[0], UInt(truncatingIfNeeded: values[1]))
    }

    /// Releases the button a killed keyboard left held (see the type's comment) and deletes the
    /// record; returns whether a button was released. Nothing is done while the keyboard that
    /// recorded it runs.
    @discardableResult
    public static func releaseAbandoned(_ display: OpaquePointer) -> Bool {
        guard let held = read(display) else { return false }
        let selection = XInternAtom(display, ControlAtomName.selection(screen: XDefaultScreen(display)), 1)
        if selection != 0, XGetSelectionOwner(display, selection) == Window(held.owner) { return false }
        clear(display)
        var released = false
        if (1...5).contains(held.button), isDown(display, button: held.button) {
            var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
            if XTestQueryExtension(display, &event, &error, &major, &minor) != 0 {
                XTestFakeButtonEvent(display, UInt32(held.button), 0, 0)
                released = true
            }
        }
        XSync(display, 0)
        return released
    }

    /// Whether the core pointer has `button` (1 to 5) down.
    static func isDown(_ display: OpaquePointer, button: Int) -> Bool {
        var root: Window = 0, child: Window = 0
        var rootX: Int32 = 0, rootY: Int32 = 0, x: Int32 = 0, y: Int32 = 0
        var mask: UInt32 = 0
        guard XQueryPointer(display, XDefaultRootWindow(display), &root, &child, &rootX, &rootY, &x, &y, &mask) != 0 else {
            return false
        }
        return mask & (UInt32(Button1Mask) << UInt32(button - 1)) != 0
    }
}
