import CX11

/// The names of the control protocol's atoms, shared by the keyboard's channel and the client.
///
/// The running keyboard owns the selection `_STACKBOARD_S<screen>` on a small unmapped window
/// (like a window manager's `WM_S0`). A client sends that window a `_STACKBOARD_CONTROL`
/// ClientMessage (format 32, `data.l[0]` = command code); for `layout` it first puts the name
/// in the window's `_STACKBOARD_LAYOUT_REQUEST` property (UTF8_STRING). The keyboard publishes
/// `_STACKBOARD_STATE` ("shown"/"hidden"), `_STACKBOARD_LAYOUT`, `_STACKBOARD_MONITOR`,
/// `_STACKBOARD_WINDOW`, `_STACKBOARD_DWELL_CLICK` and `_STACKBOARD_SCAN` on the same window.
enum ControlAtomName {
    /// The selection a running keyboard owns on `screen`.
    static func selection(screen: Int32) -> String { "_STACKBOARD_S\(screen)" }
    /// The ClientMessage type of a command.
    static let message = "_STACKBOARD_CONTROL"
    /// Where a `layout` command's name waits for the keyboard to read it.
    static let layoutRequest = "_STACKBOARD_LAYOUT_REQUEST"
    /// "shown" or "hidden".
    static let state = "_STACKBOARD_STATE"
    /// The name of the layout on screen.
    static let layout = "_STACKBOARD_LAYOUT"
    /// The keyboard's monitor, `NAME WxH+X+Y`.
    static let monitor = "_STACKBOARD_MONITOR"
    /// The keyboard's own window (WINDOW), whose geometry `stackboard status --geometry` reads.
    static let keyboardWindow = "_STACKBOARD_WINDOW"
    /// The rest before a dwell click in milliseconds ("1000"), absent when dwell clicking is off.
    static let dwellClick = "_STACKBOARD_DWELL_CLICK"
    /// What switch scanning highlights: key indices (`3 4 5`), `back 3 4 5` for a group's back
    /// step, `option 2` in the alternates popup, `none`; absent when the keyboard does not scan.
    static let scan = "_STACKBOARD_SCAN"
}

/// The longest layout name or path a request may carry, in bytes.
let maxControlTextBytes = 4096

/// Property and atom calls on a `Display *`, in one place.
struct XPropertyAccess {
    /// The `Display *`.
    let display: OpaquePointer

    /// The atom called `name`; with `onlyIfExists`, `None` (0) when no client ever created it.
    func atom(_ name: String, onlyIfExists: Bool = false) -> Atom {
        XInternAtom(display, name, onlyIfExists ? 1 : 0)
    }

    /// Replaces `property` on `window` with `text` as UTF8_STRING.
    func setText(_ text: String, on window: Window, property: Atom) {
        let type = atom("UTF8_STRING")
        var bytes = Array(text.utf8)
        XChangeProperty(display, window, property, type, 8, PropModeReplace, &bytes, Int32(bytes.count))
    }

    /// The UTF-8 text in `property` on `window` (UTF8_STRING or STRING, format 8), deleting it
    /// afterwards when `delete` is true; nil when absent, empty, of another type or not UTF-8.
    func text(on window: Window, property: Atom, delete: Bool = false) -> String? {
        var actualType: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, window, property, 0, maxControlTextBytes / 4, delete ? 1 : 0,
                                        Atom(AnyPropertyType), &actualType, &format, &count, &after, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, let data, format == 8, count > 0, after == 0,
              actualType == atom("UTF8_STRING") || actualType == xaString else { return nil }
        return String(validating: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
    }
}

/// `XA_STRING` (a cast macro Swift does not import).
let xaString: Atom = 31
