import CX11

/// The XEmbed protocol's numbers (freedesktop.org XEmbed specification, version 0).
enum XEmbed {
    /// `_XEMBED_INFO` flag: the embedder should map the plug.
    static let flagMapped = 1
    /// The protocol version the plug speaks.
    static let version = 0

    /// XEMBED_EMBEDDED_NOTIFY: the embedder took the plug (data1 = the embedder's window, data2 = its version).
    static let embeddedNotify = 0
    /// XEMBED_WINDOW_ACTIVATE.
    static let windowActivate = 1
    /// XEMBED_WINDOW_DEACTIVATE.
    static let windowDeactivate = 2
    /// XEMBED_REQUEST_FOCUS.
    static let requestFocus = 3
    /// XEMBED_FOCUS_IN: the embedder gives the plug the focus (detail: current, first or last).
    static let focusIn = 4
    /// XEMBED_FOCUS_OUT.
    static let focusOut = 5
    /// XEMBED_FOCUS_NEXT: the plug passes the focus on to the embedder's next widget.
    static let focusNext = 6

    /// Sets `_XEMBED_INFO` = [version, XEMBED_MAPPED] on the plug `window`.
    static func setInfo(display: OpaquePointer, window: Window) {
        let atom = XEmbedAtoms(display: display).info
        let values: [Int] = [version, flagMapped]
        _ = values.withUnsafeBytes { raw in
            XChangeProperty(display, window, atom, atom, 32, PropModeReplace,
                            raw.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(values.count))
        }
    }
}

/// The two atoms of XEmbed, interned once per window.
struct XEmbedAtoms {
    /// `_XEMBED`: the client messages' type.
    let message: Atom
    /// `_XEMBED_INFO`: the plug's version and flags.
    let info: Atom

    init(display: OpaquePointer) {
        message = XInternAtom(display, "_XEMBED", 0)
        info = XInternAtom(display, "_XEMBED_INFO", 0)
    }
}
