import StackboardCore
import StackboardRender
import StackboardX11

/// What a keypad paints on: an X window's back buffer (the keyboard, the entry window, a
/// StackboardKit child window) or, in tests, an image. Paint on `retainedSurface()`, then
/// `present` what changed.
public protocol KeypadSurface: AnyObject {
    /// The surface's size in pixels.
    var size: Size { get }
    /// Counts back buffers: a new value means the old surface is gone (take the new one).
    var bufferGeneration: Int { get }
    /// False once nothing can be drawn any more (the window was destroyed, the server went).
    var isUsable: Bool { get }
    /// A new reference (the caller owns it) to the back buffer's `cairo_surface_t *`.
    func retainedSurface() -> OpaquePointer
    /// Shows these rectangles of the back buffer.
    func present(_ rects: [Rect])
    /// Shows the whole back buffer (after a full repaint).
    func presentAll()
}

/// A surface that can show the long-press alternates in a popup window of their own.
public protocol PopupSurface: KeypadSurface {
    /// Shows the popup at `frame` (surface pixels; it may reach above the top edge), painted by
    /// `paint` on a new reference to a cairo surface of the frame's size.
    func showPopup(frame: Rect, paint: (OpaquePointer, Size) -> Void) throws(WindowError)
    /// Hides the popup.
    func hidePopup()
}

/// Something a host draws on the keypad's surface besides the keys (the entry window's field).
public protocol KeypadOverlay: AnyObject {
    /// Paints the overlay on `ctx` when it changed, or always when `all` (the whole surface was
    /// just repainted). Returns the rectangles it painted.
    func paintOverlay(_ ctx: CairoContext, all: Bool, now: Double) -> [Rect]
}

/// A surface that can show the key preview in a popup window of its own.
public protocol PreviewSurface: KeypadSurface {
    /// Shows the preview at `frame` (surface pixels; it may reach above the top edge), painted
    /// by `paint` on a new reference to a cairo surface of the frame's size.
    func showPreview(frame: Rect, paint: (OpaquePointer, Size) -> Void) throws(WindowError)
    /// Hides the preview.
    func hidePreview()
}
