import CX11

extension XConnection {
    /// The `_XKB_RULES_NAMES` property `setxkbmap` leaves on the root window (its raw bytes) and
    /// the core keyboard's effective group (0-based): two round trips. Nil when the server
    /// publishes no rules names or the connection is lost. The XKB module reads the names.
    public func xkbRulesNamesProperty() -> (bytes: [UInt8], group: Int)? {
        let atom = XInternAtom(display, "_XKB_RULES_NAMES", 1)
        guard atom != 0, let bytes = PropertyReader(display: display).string(atom, of: root) else { return nil }
        var state = XkbStateRec()
        let group = XkbGetState(display, UInt32(XkbUseCoreKbd), &state) == Success ? Int(state.group) : 0
        return (bytes, group)
    }
}
