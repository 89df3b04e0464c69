/// A 128-bit digest that is the same in every process and on every run (Swift's `Hasher` is
/// seeded per process): the key of a cached first frame.
public struct FrameDigest: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The high 64 bits.
    public var high: UInt64
    /// The low 64 bits.
    public var low: UInt64

    /// A digest of two halves.
    public init(high: UInt64, low: UInt64) { self.high = high; self.low = low }

    /// 32 lowercase hex digits.
    public var description: String { Self.hex(high) + Self.hex(low) }

    /// `value` as 16 lowercase hex digits.
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// FNV-1a with 128 bits (a stable, fast hash; not a cryptographic one: it tells a changed input
/// from the old one, which is all a cache key must do). Every value is fed with its type and
/// length, so that `("ab", "c")` and `("a", "bc")` differ.
public struct StableHasher: Sendable {
    // FNV-1a 128: offset basis 0x6c62272e07bb014262b821756295c58d, prime 2^88 + 0x13b.
    private var high: UInt64 = 0x6c62_272e_07bb_0142
    private var low: UInt64 = 0x62b8_2175_6295_c58d

    /// A hasher with nothing fed yet.
    public init() {}

    /// Feeds one byte.
    public mutating func combine(byte: UInt8) {
        low ^= UInt64(byte)
        // (high, low) *= 2^88 + 0x13b, modulo 2^128.
        let product = low.multipliedFullWidth(by: 0x13b)
        let newHigh = high &* 0x13b &+ product.high &+ (low << 24)
        low = product.low
        high = newHigh
    }

    /// Feeds bytes.
    public mutating func combine<S: Sequence>(bytes: S) where S.Element == UInt8 {
        for byte in bytes { combine(byte: byte) }
    }

    /// Feeds a 64-bit value (little-endian).
    public mutating func combine(_ value: UInt64) {
        var v = value
        for _ in 0..<8 {
            combine(byte: UInt8(truncatingIfNeeded: v))
            v >>= 8
        }
    }

    /// Feeds an integer.
    public mutating func combine(_ value: Int) {
        combine(byte: 1)
        combine(UInt64(bitPattern: Int64(value)))
    }

    /// Feeds a floating-point value by its bits (so 0.1 + 0.2 and 0.3 differ, as they paint).
    public mutating func combine(_ value: Double) {
        combine(byte: 2)
        combine(value.bitPattern)
    }

    /// Feeds a Boolean.
    public mutating func combine(_ value: Bool) {
        combine(byte: value ? 4 : 3)
    }

    /// Feeds a string's UTF-8 bytes, after its length.
    public mutating func combine(_ value: String) {
        combine(byte: 5)
        combine(UInt64(value.utf8.count))
        combine(bytes: value.utf8)
    }

    /// Feeds an optional string (nil differs from every string).
    public mutating func combine(_ value: String?) {
        if let value { combine(value) } else { combine(byte: 6) }
    }

    /// Feeds a rectangle.
    public mutating func combine(_ rect: Rect) {
        combine(rect.x); combine(rect.y); combine(rect.width); combine(rect.height)
    }

    /// What was fed so far.
    public var digest: FrameDigest { FrameDigest(high: high, low: low) }

    /// A fast checksum of a block of memory (pixels: a megabyte and more), 8 bytes at a time;
    /// it catches a damaged or truncated file, not an attacker.
    public static func checksum(_ buffer: UnsafeRawBufferPointer) -> UInt64 {
        // Four independent lanes keep the multiplier busy (about 0.1 ms for a 1280x267 frame).
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0x9e37_79b9_7f4a_7c15 ^ UInt64(buffer.count), 0xc2b2_ae3d_27d4_eb4f,
                                                        0x1656_67b1_9e37_79f9, 0x27d4_eb2f_1656_67c5)
        let m: UInt64 = 0xff51_afd7_ed55_8ccd
        let blocks = buffer.count / 32
        for i in 0..<blocks {
            let at = i * 32
            lanes.0 = (lanes.0 ^ buffer.loadUnaligned(fromByteOffset: at, as: UInt64.self)) &* m
            lanes.1 = (lanes.1 ^ buffer.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self)) &* m
            lanes.2 = (lanes.2 ^ buffer.loadUnaligned(fromByteOffset: at + 16, as: UInt64.self)) &* m
            lanes.3 = (lanes.3 ^ buffer.loadUnaligned(fromByteOffset: at + 24, as: UInt64.self)) &* m
            lanes.0 ^= lanes.0 >> 29; lanes.1 ^= lanes.1 >> 29; lanes.2 ^= lanes.2 >> 29; lanes.3 ^= lanes.3 >> 29
        }
        var h = lanes.0
        for lane in [lanes.1, lanes.2, lanes.3] {
            h = (h ^ lane) &* m
            h ^= h >> 29
        }
        for i in (blocks * 32)..<buffer.count {
            h = (h ^ UInt64(buffer[i])) &* 0xc4ce_b9fe_1a85_ec53
        }
        h ^= h >> 32
        return h &* m ^ (h >> 29)
    }
}
