import CX11
import StackboardCore
#if canImport(Glibc)
import Glibc
#endif

/// Writes the ICCCM and EWMH properties of one window.
struct WindowProperties {
    let display: OpaquePointer
    let window: Window
    let atoms: Atoms

    /// WM_NAME (Latin-1 where possible) and _NET_WM_NAME (UTF-8).
    func setTitle(_ title: String) {
        let latin1 = title.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") }
        setBytes(Atom(XA_WM_NAME), type: Atom(XA_STRING), latin1)
        setBytes(atoms.netWMName, type: atoms.utf8String, Array(title.utf8))
    }

    /// WM_CLASS: the instance and class names, each NUL-terminated.
    func setClass(instance: String, className: String) {
        setBytes(Atom(XA_WM_CLASS), type: Atom(XA_STRING), Array(instance.utf8) + [0] + Array(className.utf8) + [0])
    }

    /// WM_HINTS with InputHint set and input False (the WM never gives the window the focus).
    func setNoInputHints() {
        var hints = XWMHints()
        hints.flags = InputHint | StateHint
        hints.input = 0
        hints.initial_state = NormalState
        XSetWMHints(display, window, &hints)
    }

    /// WM_HINTS with InputHint set to `input`, and the normal initial state when `withState`
    /// (an XEmbed plug gives no state: its embedder maps it).
    func setInputHint(_ input: Bool, withState: Bool) {
        var hints = XWMHints()
        hints.flags = InputHint | (withState ? StateHint : 0)
        hints.input = input ? 1 : 0
        hints.initial_state = NormalState
        XSetWMHints(display, window, &hints)
    }

    /// An atom by name (interned on demand, for the few the keyboard itself never needs).
    func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }

    /// WM_PROTOCOLS with WM_DELETE_WINDOW only (no WM_TAKE_FOCUS).
    func setDeleteProtocolOnly() {
        var protocols = [atoms.wmDeleteWindow]
        XSetWMProtocols(display, window, &protocols, 1)
    }

    /// WM_NORMAL_HINTS: where and how big, whether the user asked for it, and a minimum size.
    func setNormalHints(frame: Rect, userSpecified: Bool, minimum: Size) {
        var hints = XSizeHints()
        hints.flags = (userSpecified ? USPosition | USSize : PPosition | PSize) | PMinSize | PWinGravity
        hints.x = Int32(frame.x)
        hints.y = Int32(frame.y)
        hints.width = Int32(frame.width)
        hints.height = Int32(frame.height)
        hints.min_width = Int32(minimum.width)
        hints.min_height = Int32(minimum.height)
        hints.win_gravity = StaticGravity
        XSetWMNormalHints(display, window, &hints)
    }

    /// _NET_WM_PID and WM_CLIENT_MACHINE (EWMH wants both).
    func setProcess() {
        setCardinals(atoms.netWMPid, [Int(getpid())])
        var host = [CChar](repeating: 0, count: 256)
        if gethostname(&host, host.count - 1) == 0 {
            let bytes = host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            setBytes(Atom(XA_WM_CLIENT_MACHINE), type: Atom(XA_STRING), bytes)
        }
    }

    /// _MOTIF_WM_HINTS asking for no decorations (a keyboard has no title bar).
    func setUndecorated() {
        // flags = MWM_HINTS_DECORATIONS, functions, decorations = 0, input mode, status.
        setLongs(atoms.motifWMHints, type: atoms.motifWMHints, [2, 0, 0, 0, 0])
    }

    /// _NET_WM_DESKTOP = 0xFFFFFFFF: on every desktop (what some window managers, openbox
    /// among them, read instead of _NET_WM_STATE_STICKY).
    func setAllDesktops() { setCardinals(atoms.netWMDesktop, [0xFFFF_FFFF]) }

    /// _NET_WM_WINDOW_TYPE.
    func setWindowType(_ type: Atom) { setAtoms(atoms.netWMWindowType, [type]) }

    /// _NET_WM_STATE before mapping (after mapping, use `requestStates`).
    func setStates(_ states: [Atom]) { setAtoms(atoms.netWMState, states) }

    /// Asks the window manager to add `states` with _NET_WM_STATE client messages (two per message).
    func requestStates(_ states: [Atom], root: Window) {
        var index = 0
        while index < states.count {
            var event = XEvent()
            event.xclient.type = ClientMessage
            event.xclient.window = window
            event.xclient.message_type = atoms.netWMState
            event.xclient.format = 32
            event.xclient.data.l.0 = 1 // _NET_WM_STATE_ADD
            event.xclient.data.l.1 = Int(states[index])
            event.xclient.data.l.2 = index + 1 < states.count ? Int(states[index + 1]) : 0
            event.xclient.data.l.3 = 1 // source: a normal application
            XSendEvent(display, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
            index += 2
        }
    }

    /// _NET_WM_STRUT and _NET_WM_STRUT_PARTIAL.
    func setStruts(_ struts: DockStruts) {
        setCardinals(atoms.netWMStrut, struts.strut)
        setCardinals(atoms.netWMStrutPartial, struts.partial)
    }

    /// Removes _NET_WM_STRUT and _NET_WM_STRUT_PARTIAL (a dock that floats again).
    func deleteStruts() {
        XDeleteProperty(display, window, atoms.netWMStrut)
        XDeleteProperty(display, window, atoms.netWMStrutPartial)
    }

    /// WM_TRANSIENT_FOR, or none.
    func setTransient(for parent: Window?) {
        if let parent {
            XSetTransientForHint(display, window, parent)
        } else {
            XDeleteProperty(display, window, Atom(XA_WM_TRANSIENT_FOR))
        }
    }

    // MARK: - Raw property writes (format-32 data is an array of C longs)

    private func setBytes(_ property: Atom, type: Atom, _ value: [UInt8]) {
        var data = value
        XChangeProperty(display, window, property, type, 8, PropModeReplace, &data, Int32(data.count))
    }

    private func setAtoms(_ property: Atom, _ values: [Atom]) {
        setLongs(property, type: Atom(XA_ATOM), values.map { Int($0) })
    }

    private func setCardinals(_ property: Atom, _ values: [Int]) {
        setLongs(property, type: Atom(XA_CARDINAL), values)
    }

    private func setLongs(_ property: Atom, type: Atom, _ values: [Int]) {
        _ = values.withUnsafeBytes { raw in
            XChangeProperty(display, window, property, type, 32, PropModeReplace,
                            raw.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(values.count))
        }
    }
}

/// Reads properties of any window (other clients' too): a window, atom or cardinal list, or a string.
struct PropertyReader {
    let display: OpaquePointer

    /// The 32-bit values of `property` on `window` (as C longs), or [] when absent.
    func values(_ property: Atom, of window: Window, type: Atom) -> [Int] {
        var actualType: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, window, property, 0, 1024, 0, type,
                                        &actualType, &format, &count, &after, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, format == 32, let data, count > 0 else { return [] }
        return data.withMemoryRebound(to: Int.self, capacity: Int(count)) { Array(UnsafeBufferPointer(start: $0, count: Int(count))) }
    }

    /// The bytes of the STRING `property` on `window` (up to `longs` 32-bit units), nil when it
    /// is absent, empty or not 8-bit.
    func string(_ property: Atom, of window: Window, longs: Int = 1024) -> [UInt8]? {
        var actualType: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, window, property, 0, longs, 0, Atom(XA_STRING),
                                        &actualType, &format, &count, &after, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, format == 8, let data, count > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: Int(count)))
    }
}
