import CX11

/// XInput 2 selection: sets this client's mask for `device` on `window` to exactly `events`
/// (XI event types; an empty list clears it). One mask per window and device: a later call
/// for the same pair replaces it.
func selectXIEvents(_ display: OpaquePointer, window: Window, device: Int32, events: [Int32]) {
    var bits = [UInt8](repeating: 0, count: 4)
    for event in events { bits[Int(event >> 3)] |= UInt8(1 << (event & 7)) }
    bits.withUnsafeMutableBufferPointer { buffer in
        var mask = XIEventMask(deviceid: device, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
        _ = XISelectEvents(display, window, &mask, 1)
    }
}

/// The server's XInput extension: its major opcode and the version it speaks (asked for 2.2).
struct XInputVersion {
    var opcode: Int32
    var major: Int32
    var minor: Int32

    /// Whether touch events (2.2) are there.
    var hasTouch: Bool { major > 2 || (major == 2 && minor >= 2) }

    /// Asks `display` (two round trips). Throws without XInput, or with a version before 2.0.
    static func query(_ display: OpaquePointer) throws(TouchError) -> XInputVersion {
        var opcode: Int32 = 0, firstEvent: Int32 = 0, firstError: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &firstEvent, &firstError) != 0 else { throw .noXInput }
        var major: Int32 = 2, minor: Int32 = 2
        guard XIQueryVersion(display, &major, &minor) == Success else { throw .noXInput }
        guard major >= 2 else { throw .xinputTooOld(major: major, minor: minor) }
        return XInputVersion(opcode: opcode, major: major, minor: minor)
    }
}
