import CX11
import StackboardCore

extension KeyboardWindow {
    /// The format of an image of the whole back buffer in the server's own layout (a ZPixmap of
    /// the screen's depth): what `withImage(of:)` hands out and `fillBuffer` takes. Nil when
    /// the screen's pixmap formats do not say (never on a real server).
    public var bufferImageFormat: FrameImageFormat? {
        let display = connection.display
        let depth = XDefaultDepth(display, connection.screen)
        var count: Int32 = 0
        guard let formats = XListPixmapFormats(display, &count) else { return nil }
        defer { XFree(formats) }
        guard let entry = (0..<Int(count)).map({ formats[$0] }).first(where: { $0.depth == depth }),
              let visual = XDefaultVisual(display, connection.screen) else { return nil }
        let pad = Int(max(8, entry.scanline_pad))
        let bitsPerLine = (buffer.size.width * Int(entry.bits_per_pixel) + pad - 1) / pad * pad
        return FrameImageFormat(width: buffer.size.width, height: buffer.size.height, depth: Int(depth),
                                bitsPerPixel: Int(entry.bits_per_pixel), bytesPerLine: bitsPerLine / 8,
                                byteOrder: Int(XImageByteOrder(display)),
                                redMask: UInt32(truncatingIfNeeded: visual.pointee.red_mask),
                                greenMask: UInt32(truncatingIfNeeded: visual.pointee.green_mask),
                                blueMask: UInt32(truncatingIfNeeded: visual.pointee.blue_mask))
    }

    /// A copy of the back buffer as it is now, made in the server without a round trip, to be
    /// read later (`withImage(of:)`) while the buffer goes on changing. Nil when the window is
    /// gone or the server cannot make the pixmap.
    public func snapshotBuffer() -> BufferSnapshot? {
        guard !isDestroyed,
              let copy = try? BackBuffer(display: connection.display, owner: connection, window: windowID,
                                         screen: connection.screen, size: buffer.size) else { return nil }
        buffer.flush()
        XCopyArea(connection.display, buffer.pixmap, copy.pixmap, gc, 0, 0, UInt32(copy.size.width), UInt32(copy.size.height), 0, 0)
        return BufferSnapshot(copy: copy)
    }

    /// Reads `snapshot` back from the server (`XGetImage`, one round trip) and calls `body` with
    /// its format and pixels (valid only during the call). Nil when the server cannot give it or
    /// it is not in `bufferImageFormat` (the buffer was resized since).
    public func withImage<R>(of snapshot: BufferSnapshot, _ body: (FrameImageFormat, UnsafeRawBufferPointer) -> R) -> R? {
        let size = snapshot.copy.size
        guard !isDestroyed, size == buffer.size, let expected = bufferImageFormat,
              let image = XGetImage(connection.display, snapshot.copy.pixmap, 0, 0, UInt32(size.width), UInt32(size.height),
                                    UInt(bitPattern: -1) /* AllPlanes */, ZPixmap) else { return nil }
        defer { _ = image.pointee.f.destroy_image(image) }
        let i = image.pointee
        // A pixmap has no visual: its image comes without colour masks (the screen's are meant).
        var format = expected
        (format.width, format.height, format.depth) = (Int(i.width), Int(i.height), Int(i.depth))
        (format.bitsPerPixel, format.bytesPerLine, format.byteOrder) = (Int(i.bits_per_pixel), Int(i.bytes_per_line), Int(i.byte_order))
        guard format == expected, let data = i.data else { return nil }
        return body(format, UnsafeRawBufferPointer(start: data, count: format.byteCount))
    }

    /// Puts `pixels` (an image of exactly `bufferImageFormat`) into the back buffer
    /// (`XPutImage`): the window then shows it on map and on exposes, as after a full repaint.
    /// False, with the buffer left as it was, when the format is not the buffer's.
    @discardableResult
    public func fillBuffer(format: FrameImageFormat, pixels: UnsafeRawBufferPointer) -> Bool {
        guard !isDestroyed, format == bufferImageFormat, pixels.count >= format.byteCount,
              let base = pixels.baseAddress, let visual = XDefaultVisual(connection.display, connection.screen) else { return false }
        // Xlib only reads the data of an image it sends in the server's own format.
        let data = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: CChar.self))
        guard let image = XCreateImage(connection.display, visual, UInt32(format.depth), ZPixmap, 0, data,
                                       UInt32(format.width), UInt32(format.height), 32, Int32(format.bytesPerLine)) else { return false }
        defer {
            image.pointee.data = nil // not Xlib's to free
            _ = image.pointee.f.destroy_image(image)
        }
        buffer.flush()
        XPutImage(connection.display, buffer.pixmap, gc, image, 0, 0, 0, 0, UInt32(format.width), UInt32(format.height))
        buffer.markDirty()
        bufferIsPainted = true
        return true
    }

    /// Makes the back buffer the window's background, so that the X server shows the frame in
    /// it the moment the window is mapped, before the keyboard has read the Expose; the first
    /// Expose puts the background back to None (see `KeyboardWindow.init`).
    public func showBufferUntilExposed() {
        guard !isDestroyed, bufferIsPainted else { return }
        XSetWindowBackgroundPixmap(connection.display, windowID, buffer.pixmap)
        hasStartBackground = true
    }

    /// Makes `colour` the window's background until the first Expose: a window mapped before
    /// its first frame is painted shows the keyboard's background colour, not what was under it.
    public func showColourUntilExposed(_ colour: Color) {
        guard !isDestroyed, let format = bufferImageFormat else { return }
        XSetWindowBackground(connection.display, windowID, UInt(format.pixel(of: colour)))
        hasStartBackground = true
    }

    /// Puts the background back to None (exposed parts keep their pixels until copied).
    func clearStartBackground() {
        guard hasStartBackground, !isDestroyed else { return }
        XSetWindowBackgroundPixmap(connection.display, windowID, 0)
        hasStartBackground = false
    }
}

/// A copy of a window's back buffer kept in the X server (`KeyboardWindow.snapshotBuffer`): a
/// pixmap of its own, freed with the last reference (`BackBuffer`).
public struct BufferSnapshot {
    let copy: BackBuffer
}
