import CX11
import StackboardCore

extension KeyboardWindow {
    /// The entry window: an ordinary application window (decorated, in the task bar) that the
    /// window manager may focus, kept above other windows, closed with WM_DELETE_WINDOW.
    func setEntryProperties() {
        let p = properties
        p.setTitle(configuration.title)
        p.setClass(instance: configuration.instanceName, className: configuration.className)
        p.setInputHint(true, withState: true)
        p.setDeleteProtocolOnly()
        p.setNormalHints(frame: configuration.frame, userSpecified: configuration.userSpecifiedGeometry,
                         minimum: Size(width: 60, height: 60))
        p.setProcess()
        p.setWindowType(p.atom("_NET_WM_WINDOW_TYPE_NORMAL"))
        p.setStates(wantedStates)
    }

    /// The XEmbed plug: `_XEMBED_INFO` = [0, XEMBED_MAPPED], WM_HINTS input False (never
    /// focused, even if it ever ends up a top-level window), names for tools such as xwininfo,
    /// and nothing else for a window manager: no type, state, struts or protocols.
    func setPlugProperties() {
        let p = properties
        p.setTitle(configuration.title)
        p.setClass(instance: configuration.instanceName, className: configuration.className)
        p.setInputHint(false, withState: false)
        p.setProcess()
        XEmbed.setInfo(display: connection.display, window: windowID)
    }
}
