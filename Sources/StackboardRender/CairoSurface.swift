import CCairoPango
import StackboardCore

/// A cairo surface (`cairo_surface_t *`), destroyed when the last reference goes away.
public class CairoSurface {
    /// The owned cairo surface.
    let handle: OpaquePointer

    /// Takes ownership of one reference to `surface` (for example one made by
    /// `stackboard_cairo_xlib_surface_create`); it is destroyed in deinit, also when this throws.
    public init(taking surface: OpaquePointer) throws(RenderError) {
        try RenderError.check(cairo_surface_status(surface), "cannot use the cairo surface",
                              hint: "check that the window exists and the X server is still running") { cairo_surface_destroy(surface) }
        handle = surface
    }

    deinit { cairo_surface_destroy(handle) }

    /// Calls `body` with the raw `cairo_surface_t *`, for C calls of other modules
    /// (`stackboard_cairo_xlib_surface_set_size`). Do not keep or destroy it.
    public func withHandle<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {
        try body(handle)
    }

    /// A new reference to the `cairo_surface_t *` (the caller owns it: hand it to
    /// `CairoSurface(taking:)`), e.g. for a keypad surface that paints into this image.
    public func newReference() -> OpaquePointer { cairo_surface_reference(handle) }

    /// Makes an off-screen surface like this one (same format and visual), for double buffering
    /// (`cairo_surface_create_similar`).
    public func similar(width: Int, height: Int) throws(RenderError) -> CairoSurface {
        guard width > 0, height > 0, width <= ImageSurface.maxSide, height <= ImageSurface.maxSide else {
            throw RenderError("cannot make a \(width)x\(height) surface: each side must be 1 to \(ImageSurface.maxSide) pixels")
        }
        guard let made = cairo_surface_create_similar(handle, CAIRO_CONTENT_COLOR, Int32(width), Int32(height)) else {
            throw RenderError("cannot make a \(width)x\(height) surface: out of memory?")
        }
        return try CairoSurface(taking: made)
    }

    /// Finishes pending drawing so that the pixels reach the target (`cairo_surface_flush`).
    public func flush() { cairo_surface_flush(handle) }

    /// Tells cairo that something else drew on the surface (`cairo_surface_mark_dirty`).
    public func markDirty() { cairo_surface_mark_dirty(handle) }
}

/// An ARGB32 image surface in memory: render targets for PNGs, tests and off-screen painting.
public final class ImageSurface: CairoSurface {
    /// The largest side cairo's image surfaces accept.
    public static let maxSide = 32767

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int

    /// A transparent ARGB32 image of `width` by `height` pixels.
    public init(width: Int, height: Int) throws(RenderError) {
        guard width > 0, height > 0, width <= Self.maxSide, height <= Self.maxSide else {
            throw RenderError("cannot make a \(width)x\(height) image: each side must be 1 to \(Self.maxSide) pixels")
        }
        guard let made = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw RenderError("cannot make a \(width)x\(height) image: out of memory?")
        }
        self.width = width
        self.height = height
        try super.init(taking: made)
    }

    /// An image of `size`.
    public convenience init(size: Size) throws(RenderError) {
        try self.init(width: size.width, height: size.height)
    }

    /// Reads a PNG file (`cairo_image_surface_create_from_png`).
    public init(contentsOfPNG path: String) throws(RenderError) {
        guard let made = cairo_image_surface_create_from_png(path) else {
            throw RenderError("cannot read PNG '\(path)': out of memory?")
        }
        try RenderError.check(cairo_surface_status(made), "cannot read PNG '\(path)'", hint: "check that the file exists and is a PNG") {
            cairo_surface_destroy(made)
        }
        width = Int(cairo_image_surface_get_width(made))
        height = Int(cairo_image_surface_get_height(made))
        try super.init(taking: made)
    }

    /// The image size.
    public var size: Size { Size(width: width, height: height) }

    /// Writes the image as a PNG file (`cairo_surface_write_to_png`).
    public func writePNG(to path: String) throws(RenderError) {
        flush()
        try RenderError.check(cairo_surface_write_to_png(handle, path), "cannot write PNG '\(path)'",
                              hint: "check that the directory exists and is writable")
    }

    /// Every pixel, row by row, as premultiplied ARGB (0xAARRGGBB).
    public func pixels() -> [UInt32] {
        flush()
        let stride = Int(cairo_image_surface_get_stride(handle))
        guard let data = cairo_image_surface_get_data(handle) else { return [] }
        var out = [UInt32](repeating: 0, count: width * height)
        let raw = UnsafeRawPointer(data)
        for y in 0..<height {
            for x in 0..<width {
                out[y * width + x] = raw.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
            }
        }
        return out
    }

    /// The pixel at `x`, `y` as premultiplied ARGB (0 outside the image).
    public func pixel(x: Int, y: Int) -> UInt32 {
        flush()
        guard x >= 0, y >= 0, x < width, y < height, let data = cairo_image_surface_get_data(handle) else { return 0 }
        let stride = Int(cairo_image_surface_get_stride(handle))
        return UnsafeRawPointer(data).load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    }
}
