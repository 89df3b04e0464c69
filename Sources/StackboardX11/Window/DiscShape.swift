import CX11
import StackboardCore

/// Cuts a window to a disc with the X Shape extension (both what is drawn and what takes input):
/// on a server without a compositor, the only way a window looks round.
enum DiscShape {
    /// Shapes `window` to the disc `diameter` pixels across whose bounding square starts at `origin`.
    static func apply(display: OpaquePointer, window: Window, diameter: Int, origin: Point) {
        var rects = SummonShape.spans(diameter: diameter).map {
            XRectangle(x: Int16(clamping: $0.x + origin.x), y: Int16(clamping: $0.y + origin.y),
                       width: UInt16(clamping: $0.width), height: UInt16(clamping: $0.height))
        }
        let count = Int32(rects.count)
        XShapeCombineRectangles(display, window, ShapeBounding, 0, 0, &rects, count, ShapeSet, YXBanded)
        XShapeCombineRectangles(display, window, ShapeInput, 0, 0, &rects, count, ShapeSet, YXBanded)
    }
}
