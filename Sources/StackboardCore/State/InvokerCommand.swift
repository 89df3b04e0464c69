/// matchbox-keyboard's remote protocol, which Debian's `matchbox-keyboard-im` GTK input-method
/// module and kiosk applications speak: a ClientMessage of type `_MB_IM_INVOKER_COMMAND` (or, from
/// the MTP fork of the module, `_MTP_IM_INVOKER_COMMAND`), format 32, whose `data.l[0]` says what to do.
///
/// How it travels (matchbox-keyboard's im-protocol.c and matchbox-keyboard-ui.c): the module sends it
/// with `XSendEvent(display, root, False, SubstructureRedirectMask | SubstructureNotifyMask, &event)`
/// and `event.xclient.window = root`; the keyboard receives it because it selected
/// `SubstructureNotifyMask` on the root window (only the window manager may select
/// SubstructureRedirect). The module sends show on focus-in and hide on focus-out, so hopping between
/// two fields sends hide then show: matchbox-keyboard waits 100 ms before obeying a hide.
public enum InvokerCommand: Int, Equatable, Sendable, CaseIterable {
    /// 1: a field got the focus.
    case show = 1
    /// 2: a field lost the focus.
    case hide = 2
    /// 3: the user asked to flip the keyboard (a panel button).
    case toggle = 3

    /// The names of the ClientMessage types that carry the command.
    public static let messageTypes = ["_MB_IM_INVOKER_COMMAND", "_MTP_IM_INVOKER_COMMAND"]

    /// The command in `data.l[0]`; nil for 0 (MBKeyboardRemoteNone) and for anything unknown.
    public init?(code: Int) { self.init(rawValue: code) }
}
