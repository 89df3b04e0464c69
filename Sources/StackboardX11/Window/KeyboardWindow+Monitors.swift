import CX11
import StackboardCore

extension KeyboardWindow {
    /// Puts the window at `frame` (root pixels) on `monitor` of `layout`: a dock's struts are
    /// those of that monitor (set now, also when the frame stays the same but the screen around
    /// it changed), then the window moves. The resize comes back as `.resized`.
    public func place(_ frame: Rect, on monitor: Monitor, in layout: MonitorLayout) {
        guard !isDestroyed else { return }
        onMonitor = (monitor, layout)
        if case .dock(let edge) = placement { updateStruts(edge: edge, frame: frame) }
        move(to: frame)
    }

    /// Where popups (alternates, previews) must stay, root pixels: the keyboard's monitor, else
    /// the screen.
    var popupBounds: Rect { onMonitor?.monitor.frame ?? Rect(size: connection.screenSize) }

}
