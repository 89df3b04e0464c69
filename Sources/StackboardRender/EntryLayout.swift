import StackboardCore

/// How the entry window is shared between the text field (on top) and the keypad (below), so
/// that the entry window, `render --entry` and `keys --entry` agree on every frame.
public enum EntryLayout {
    /// The field's height for a window of `height` pixels: 18% of it, at least 48 pixels,
    /// at most half the window.
    public static func fieldHeight(forWindowHeight height: Int) -> Int {
        guard height > 0 else { return 0 }
        return min(height / 2, max(48, Int((Double(height) * 0.18).rounded())))
    }

    /// The field across the top and the keypad below it, for a window of `size`.
    public static func split(size: Size) -> (field: Rect, keypad: Rect) {
        let fh = fieldHeight(forWindowHeight: size.height)
        return (field: Rect(x: 0, y: 0, width: size.width, height: fh),
                keypad: Rect(x: 0, y: fh, width: size.width, height: max(0, size.height - fh)))
    }

    /// `geometry` (laid out at the keypad's size) moved to `origin` in the window: every frame
    /// is offset and the size grows by the offset, so hit testing takes window points. Check the
    /// field first: a tap on the field would otherwise go to the nearest key.
    public static func offset(_ geometry: KeyboardGeometry, by origin: Point) -> KeyboardGeometry {
        let keys = geometry.keys.map { placed in
            PlacedKey(index: placed.index, key: placed.key,
                      frame: Rect(x: placed.frame.x + origin.x, y: placed.frame.y + origin.y,
                                  width: placed.frame.width, height: placed.frame.height))
        }
        return KeyboardGeometry(size: Size(width: geometry.size.width + origin.x, height: geometry.size.height + origin.y),
                                keys: keys)
    }

    /// The entry window's field rectangle and keypad geometry for `layer` of `layout` at `size`.
    public static func geometry(layout: Layout, layer: Layer, size: Size) -> (field: Rect, keys: KeyboardGeometry) {
        let (field, keypad) = split(size: size)
        let inner = KeyboardGeometry(layout: layout, layer: layer, size: Size(width: keypad.width, height: keypad.height))
        return (field: field, keys: offset(inner, by: Point(x: keypad.x, y: keypad.y)))
    }
}
