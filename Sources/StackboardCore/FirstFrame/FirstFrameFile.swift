/// How the pixels of a frame are laid out in memory: an X image's format (`XImage` fields). A
/// cached frame is shown only on a screen whose format is the same.
public struct FrameImageFormat: Equatable, Hashable, Sendable {
    /// Width and height in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Bits of colour per pixel (24 on a TrueColor screen).
    public var depth: Int
    /// Bits of memory per pixel (32).
    public var bitsPerPixel: Int
    /// Bytes from one row to the next.
    public var bytesPerLine: Int
    /// 0: least significant byte first, 1: most significant first.
    public var byteOrder: Int
    /// The colour channels' bit masks.
    public var redMask: UInt32
    /// The green channel's mask.
    public var greenMask: UInt32
    /// The blue channel's mask.
    public var blueMask: UInt32

    /// A format with every property given.
    public init(width: Int, height: Int, depth: Int, bitsPerPixel: Int, bytesPerLine: Int, byteOrder: Int,
                redMask: UInt32, greenMask: UInt32, blueMask: UInt32) {
        self.width = width; self.height = height; self.depth = depth; self.bitsPerPixel = bitsPerPixel
        self.bytesPerLine = bytesPerLine; self.byteOrder = byteOrder
        self.redMask = redMask; self.greenMask = greenMask; self.blueMask = blueMask
    }

    /// The bytes of the pixels: `bytesPerLine` × `height`.
    public var byteCount: Int { bytesPerLine * height }

    /// The pixel value of `colour` (its opacity ignored) in this format's channels: each channel
    /// scaled to the bits of its mask, as the X server takes a window's background pixel.
    public func pixel(of colour: Color) -> UInt32 {
        func channel(_ value: Double, _ mask: UInt32) -> UInt32 {
            guard mask != 0 else { return 0 }
            let shift = UInt32(mask.trailingZeroBitCount)
            let top = Double(mask >> shift)
            return (UInt32((min(1, max(0, value)) * top).rounded()) << shift) & mask
        }
        return channel(colour.red, redMask) | channel(colour.green, greenMask) | channel(colour.blue, blueMask)
    }

    /// Whether the numbers describe an image that can exist: sides of 1 to 32767 pixels, 8 to 32
    /// bits per pixel, rows long enough for their pixels, at most 256 MiB in all.
    public var isPlausible: Bool {
        guard (1...32767).contains(width), (1...32767).contains(height), (1...32).contains(depth),
              [8, 16, 24, 32].contains(bitsPerPixel), bitsPerPixel >= depth, byteOrder == 0 || byteOrder == 1,
              bytesPerLine >= (width * bitsPerPixel + 7) / 8, bytesPerLine <= width * 4 + 64 else { return false }
        return byteCount <= 256 << 20
    }
}

/// The header of a cached first frame file (`$XDG_CACHE_HOME/stackboard/first-frame-*.bin`):
/// 96 bytes, then the pixels exactly as the X server gave them (`format.byteCount` bytes).
/// All numbers little-endian. A file whose magic, version, sizes or checksum do not hold is
/// damaged and ignored (and replaced by the next start that paints).
public struct FirstFrameHeader: Equatable, Sendable {
    /// "SBFF" and the layout of this header.
    public static let magic: [UInt8] = Array("SBFF".utf8)
    /// The header's size in bytes; the pixels start there.
    public static let size = 96

    /// The key the frame was painted for.
    public var key: FrameDigest
    /// The pixels' format.
    public var format: FrameImageFormat
    /// `StableHasher.checksum` of the pixels.
    public var checksum: UInt64

    /// A header with every property given.
    public init(key: FrameDigest, format: FrameImageFormat, checksum: UInt64) {
        self.key = key; self.format = format; self.checksum = checksum
    }

    /// The header's bytes.
    public func encoded() -> [UInt8] {
        var out = Self.magic
        func put(_ value: UInt64, bytes: Int) {
            for i in 0..<bytes { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(i)))) }
        }
        put(UInt64(FirstFrameKey.formatVersion), bytes: 4)
        put(key.high, bytes: 8)
        put(key.low, bytes: 8)
        for value in [format.width, format.height, format.depth, format.bitsPerPixel, format.bytesPerLine, format.byteOrder] {
            put(UInt64(truncatingIfNeeded: value), bytes: 4)
        }
        for mask in [format.redMask, format.greenMask, format.blueMask] { put(UInt64(mask), bytes: 4) }
        put(UInt64(truncatingIfNeeded: format.byteCount), bytes: 8)
        put(checksum, bytes: 8)
        out += [UInt8](repeating: 0, count: Self.size - out.count)
        return out
    }

    /// The header at the start of `bytes` of a file of `fileSize` bytes; nil when it is not one
    /// of ours, of another version, or does not fit the file's size.
    public static func decode(_ bytes: UnsafeRawBufferPointer, fileSize: Int) -> FirstFrameHeader? {
        guard bytes.count >= size, Array(bytes[0..<4]) == magic else { return nil }
        func get(_ offset: Int, _ count: Int) -> UInt64 {
            var value: UInt64 = 0
            for i in 0..<count { value |= UInt64(bytes[offset + i]) << (8 * UInt64(i)) }
            return value
        }
        guard get(4, 4) == UInt64(FirstFrameKey.formatVersion) else { return nil }
        let key = FrameDigest(high: get(8, 8), low: get(16, 8))
        let numbers = (0..<6).map { Int(clamping: get(24 + 4 * $0, 4)) }
        let masks = (0..<3).map { UInt32(truncatingIfNeeded: get(48 + 4 * $0, 4)) }
        let format = FrameImageFormat(width: numbers[0], height: numbers[1], depth: numbers[2], bitsPerPixel: numbers[3],
                                      bytesPerLine: numbers[4], byteOrder: numbers[5],
                                      redMask: masks[0], greenMask: masks[1], blueMask: masks[2])
        guard format.isPlausible, get(60, 8) == UInt64(format.byteCount),
              fileSize == size + format.byteCount else { return nil }
        guard bytes[76..<size].allSatisfy({ $0 == 0 }) else { return nil }
        return FirstFrameHeader(key: key, format: format, checksum: get(68, 8))
    }
}
