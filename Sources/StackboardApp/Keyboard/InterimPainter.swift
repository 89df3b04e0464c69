import CCairoPango
import StackboardCore

// TEMPORARY: stands in for StackboardRender's KeyboardPainter (`render` branch): plain fills,
// a different one for a pressed key, so the window's repaint path can be seen and tested.
struct InterimPainter {
    func paintAll(state: InterimKeyboardState, on surface: OpaquePointer) {
        guard let cr = cairo_create(surface) else { return }
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, 0.85, 0.86, 0.88)
        cairo_paint(cr)
        for placed in state.geometry.keys { fill(placed, state: state, cr: cr) }
    }

    func paint(keys: [Int], state: InterimKeyboardState, on surface: OpaquePointer) {
        guard let cr = cairo_create(surface) else { return }
        defer { cairo_destroy(cr) }
        for index in keys where state.geometry.keys.indices.contains(index) {
            fill(state.geometry.keys[index], state: state, cr: cr)
        }
    }

    private func fill(_ placed: PlacedKey, state: InterimKeyboardState, cr: OpaquePointer) {
        let f = placed.frame
        if state.isPressed(placed.index) {
            cairo_set_source_rgb(cr, 0.25, 0.45, 0.85)
        } else if placed.key.style == .blank {
            cairo_set_source_rgb(cr, 0.85, 0.86, 0.88)
        } else if placed.key.style == .normal {
            cairo_set_source_rgb(cr, 1, 1, 1)
        } else {
            cairo_set_source_rgb(cr, 0.7, 0.72, 0.76)
        }
        cairo_rectangle(cr, Double(f.x), Double(f.y), Double(f.width), Double(f.height))
        cairo_fill(cr)
    }
}
