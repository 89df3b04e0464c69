import CX11
import StackboardCore

extension KeyboardWindow {
    /// Shows the alternates popup at `frame` in this window's coordinates (it may reach above
    /// the window's top edge; it is moved to stay on the keyboard's monitor), painted by `paint` on a cairo
    /// surface of the frame's size. `paint` gets a new reference it owns (for `CairoSurface(taking:)`).
    public func showPopup(frame: Rect, paint: (OpaquePointer, Size) -> Void) throws(WindowError) {
        guard !isDestroyed else { return }
        if popup == nil { popup = try PopupWindow(connection: connection) }
        try popup?.show(frame: onScreen(frame), paint: paint)
    }

    /// Hides the alternates popup.
    public func hidePopup() {
        popup?.hide()
    }

    /// Shows the key preview at `frame` in this window's coordinates, kept on the keyboard's monitor
    /// like the alternates, in a popup of its own (WM_CLASS instance `stackboard-preview`).
    public func showPreview(frame: Rect, paint: (OpaquePointer, Size) -> Void) throws(WindowError) {
        guard !isDestroyed else { return }
        if previewPopup == nil {
            previewPopup = try PopupWindow(connection: connection, instance: "stackboard-preview", purpose: "the key preview")
        }
        try previewPopup?.show(frame: onScreen(frame), paint: paint)
    }

    /// Hides the key preview.
    public func hidePreview() {
        previewPopup?.hide()
    }

    /// `frame` (this window's coordinates) in root coordinates, moved (and cut) to lie on the keyboard's monitor.
    private func onScreen(_ frame: Rect) -> Rect {
        var rootX: Int32 = 0, rootY: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(connection.display, windowID, connection.root, Int32(frame.x), Int32(frame.y), &rootX, &rootY, &child)
        let screen = popupBounds
        let width = min(frame.width, screen.width), height = min(frame.height, screen.height)
        let x = min(max(screen.x, Int(rootX)), screen.maxX - width)
        let y = min(max(screen.y, Int(rootY)), screen.maxY - height)
        return Rect(x: x, y: y, width: width, height: height)
    }
}
