import CX11
import StackboardCore

extension KeyboardWindow {
    /// What the window of every role says about itself, for window managers and tools such as
    /// xwininfo: its title, WM_CLASS and process (`_NET_WM_PID`, WM_CLIENT_MACHINE).
    func setIdentity() {
        let p = properties
        p.setTitle(configuration.title)
        p.setClass(instance: configuration.instanceName, className: configuration.className)
        p.setProcess()
    }

    /// The entry window: an ordinary application window (decorated, in the task bar) that the
    /// window manager may focus, kept above other windows, closed with WM_DELETE_WINDOW.
    func setEntryProperties() {
        setIdentity()
        let p = properties
        p.setInputHint(true, withState: true)
        p.setDeleteProtocolOnly()
        p.setNormalHints(frame: configuration.frame, userSpecified: configuration.userSpecifiedGeometry,
                         minimum: Size(width: 60, height: 60))
        p.setWindowType(p.atom("_NET_WM_WINDOW_TYPE_NORMAL"))
        p.setStates(wantedStates)
    }

    /// The XEmbed plug: `_XEMBED_INFO` = [0, XEMBED_MAPPED], WM_HINTS input False (never
    /// focused, even if it ever ends up a top-level window), names for tools such as xwininfo,
    /// and nothing else for a window manager: no type, state, struts or protocols.
    func setPlugProperties() {
        setIdentity()
        properties.setInputHint(false, withState: false)
        XEmbed.setInfo(display: connection.display, window: windowID)
    }
}
