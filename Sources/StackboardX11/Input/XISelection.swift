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
