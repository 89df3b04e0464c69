import CCairoPango
import CX11
import StackboardCore

/// The dwell click's progress ring around the pointer: a popup window (override-redirect, an
/// empty input region: it never takes a click or the focus) whose outline is the ring itself
/// (`RingShape`, X Shape's bounding region), so the pointer and what is under it stay in view.
/// Made with dwell clicking; mapped only while a rest is counting. Its exposes are not answered
/// (the keyboard window's handler takes every Expose): the ring is painted whole at each of its
/// steps, and an override-redirect window with save-under is rarely exposed in between.
final class DwellRing {
    /// The ring's outer diameter and thickness in pixels.
    static let diameter = 44
    static let thickness = 8
    private let popup: PopupWindow
    /// The progress painted last (nil: hidden).
    private var shown: (progress: Double, at: Point)?

    init(connection: XConnection) throws(WindowError) {
        popup = try PopupWindow(connection: connection, instance: "stackboard-dwell-ring", purpose: "the dwell-click ring")
        var rects = RingShape.rows(diameter: Self.diameter, thickness: Self.thickness).map {
            XRectangle(x: Int16($0.x), y: Int16($0.y), width: UInt16($0.width), height: UInt16($0.height))
        }
        var event: Int32 = 0, error: Int32 = 0
        if XShapeQueryExtension(connection.display, &event, &error) != 0 {
            XShapeCombineRectangles(connection.display, popup.id, ShapeBounding, 0, 0, &rects, Int32(rects.count),
                                    ShapeSet, YXBanded)
        }
    }

    /// The ring's window.
    var id: Window { popup.id }

    /// Shows `progress` (0 to 1) of the ring centred on `point` (root coordinates).
    func show(progress: Double, at point: Point) throws(WindowError) {
        if let shown, shown.progress == progress, shown.at == point { return }
        let d = Self.diameter
        let frame = Rect(x: point.x - d / 2, y: point.y - d / 2, width: d, height: d)
        try popup.show(frame: frame) { surface, size in
            Self.paint(surface, size: size, progress: progress)
        }
        shown = (progress, point)
    }

    /// Hides the ring.
    func hide() {
        popup.hide()
        shown = nil
    }

    /// Answers an Expose from the back buffer.
    func expose(_ rect: Rect) { popup.expose(rect) }

    /// A dark track with the filled part in light blue, clockwise from the top; `surface` is a
    /// reference of its own, dropped here.
    private static func paint(_ surface: OpaquePointer, size: Size, progress: Double) {
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return }
        defer { cairo_destroy(cr) }
        let centre = Double(size.width) / 2
        let radius = centre - Double(thickness) / 2
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.12)
        cairo_paint(cr)
        cairo_set_line_width(cr, Double(thickness) - 2)
        cairo_set_source_rgb(cr, 0.55, 0.85, 1.0)
        let top = -Double.pi / 2
        cairo_arc(cr, centre, centre, radius, top, top + 2 * Double.pi * progress)
        cairo_stroke(cr)
    }
}
