import Foundation
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A client of one device of Xorg's `inputtest` driver: a touchscreen (`DeviceType "Touch"`)
/// plays touch down, move and up with ids and screen positions; a keyboard (`DeviceType
/// "Keyboard"`) presses and releases keycodes, as a physical keyboard does (its events come
/// from a slave keyboard of its own, not from XTEST).
///
/// The protocol (xserver include/xf86-input-inputtest-protocol.h, version 1) is native-endian
/// structs over a Unix stream socket: the client sends a ClientVersion event and reads the
/// ServerVersion response, then sends events; a WaitForSync event is answered by a
/// SyncFinished response once the server has processed every event sent before it. Layouts:
/// header `{u32 length; u32 type}`; ClientVersion `{header; u16 major; u16 minor}` (12 bytes);
/// WaitForSync `{header}` (8); Key `{header; u32 key_code; u32 is_press}` (16, an X keycode);
/// Touch `{header; u32 touchid; u32 touch_type; valuators}` (1056)
/// with valuators `{u32 has_unaccelerated; u8 mask[8]; (4 bytes padding) double v[64];
/// double unaccelerated[64]}`. Touch types are XI_TouchBegin/Update/End (18/19/20); axes 0 and
/// 1 are absolute X and Y in 0...0xffff, which the server scales to the screen as
/// `v * width / 65536`.
///
/// Keep one instance per device for the server's whole life: the driver does not notice a
/// client hanging up, and Xorg then spins on the dead socket (docs/x11-facts.md, item 16).
final class InputTestDevice: @unchecked Sendable {
    private var fd: Int32
    private let socketPath: String
    private var width: Int
    private var height: Int
    private var sent = 0

    private enum EventType: UInt32 { case clientVersion = 0, waitForSync = 1, key = 5, touch = 6 }
    private enum Phase: UInt32 { case begin = 18, update = 19, end = 20 }
    private static let touchEventSize = 1056

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// A client for the device listening on `socketPath`, on a screen of `width`x`height` (what
    /// touches are scaled to); not connected until `connect`.
    init(socketPath: String, width: Int, height: Int) {
        self.socketPath = socketPath
        self.width = width
        self.height = height
        fd = -1
    }

    /// Connects to the driver's socket (retrying while Xorg creates it) and agrees on the
    /// protocol. The driver accepts a client only once the device is on, so after this the
    /// touchscreen is enabled and takes events.
    func connect(timeout: Double = 10) throws {
        guard fd < 0 else { return }
        var lastError: Int32 = 0
        let connected = Wait.until(timeout: timeout, interval: 0.05) {
            let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            guard s >= 0 else { lastError = errno; return false }
            var addr = sockaddr_un()
            addr.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &addr.sun_path) { raw in
                let bytes = Array(socketPath.utf8.prefix(raw.count - 1))
                raw.copyBytes(from: bytes)
            }
            let rc = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(s, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            if rc == 0 { fd = s; return true }
            lastError = errno
            Glibc.close(s)
            return false
        }
        guard connected else {
            throw Failure(description: "cannot connect to the inputtest socket \(socketPath): errno \(lastError) (see Xorg.log)")
        }
        var hello = Self.header(length: 12, type: .clientVersion)
        Self.append(UInt16(1), to: &hello)
        Self.append(UInt16(0), to: &hello)
        try send(hello)
        let reply = try receive(12, timeout: timeout)
        let major = reply.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 8, as: UInt16.self) }
        guard Self.u32(reply, 4) == 0, major == 1 else {
            throw Failure(description: "inputtest driver answered protocol \(major) (type \(Self.u32(reply, 4))); this client speaks 1.0")
        }
    }

    /// The screen is now `width`x`height` (`xrandr -s`): the axes span the new size (the server
    /// scales them to the screen it has when the event comes).
    func screenResized(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Finger `id` touches the screen at (`x`, `y`) in screen pixels.
    func down(_ id: UInt32, x: Int, y: Int) throws { try touch(.begin, id, x, y) }
    /// Finger `id` slides to (`x`, `y`).
    func move(_ id: UInt32, x: Int, y: Int) throws { try touch(.update, id, x, y) }
    /// Finger `id` lifts at (`x`, `y`).
    func up(_ id: UInt32, x: Int, y: Int) throws { try touch(.end, id, x, y) }

    /// Presses and releases X keycode `keycode` (a keyboard device).
    func tap(keycode: UInt32) throws {
        for pressed: UInt32 in [1, 0] {
            var event = Self.header(length: 16, type: .key)
            Self.append(keycode, to: &event)
            Self.append(pressed, to: &event)
            try send(event)
            sent += 1
        }
    }

    /// Returns once Xorg has processed every event sent so far (its events are then on their
    /// way to the clients). Only meaningful after at least one event: the driver answers a
    /// sync before any event only after the first one.
    func sync(timeout: Double = 10) throws {
        guard sent > 0 else { return }
        try send(Self.header(length: 8, type: .waitForSync))
        let reply = try receive(8, timeout: timeout)
        guard Self.u32(reply, 4) == 1 else { throw Failure(description: "unexpected inputtest response type \(Self.u32(reply, 4))") }
    }

    /// Closes the connection (only once the server is gone: see the type's comment).
    func close() {
        if fd >= 0 { Glibc.close(fd); fd = -1 }
    }

    deinit { close() }

    private func touch(_ phase: Phase, _ id: UInt32, _ x: Int, _ y: Int) throws {
        var event = Self.header(length: Self.touchEventSize, type: .touch)
        Self.append(id, to: &event)
        Self.append(phase.rawValue, to: &event)
        Self.append(UInt32(0), to: &event)                     // has_unaccelerated
        event += [0b11, 0, 0, 0, 0, 0, 0, 0]                   // mask: axes 0 (x) and 1 (y)
        event += [0, 0, 0, 0]                                  // padding before the doubles
        var values = [Double](repeating: 0, count: 128)        // valuators[64], unaccelerated[64]
        values[0] = axis(x, of: width)
        values[1] = axis(y, of: height)
        for v in values { Self.append(v.bitPattern, to: &event) }
        precondition(event.count == Self.touchEventSize)
        try send(event)
        sent += 1
    }

    /// The axis value the server scales back to exactly `pixel` (v * size / 65536).
    private func axis(_ pixel: Int, of size: Int) -> Double {
        min(65535, max(0, Double(pixel) * 65536 / Double(size)))
    }

    private func send(_ bytes: [UInt8]) throws {
        guard fd >= 0 else { throw Failure(description: "the inputtest connection to \(socketPath) is closed") }
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw Failure(description: "write to the inputtest socket failed: errno \(errno)") }
            offset += n
        }
    }

    private func receive(_ count: Int, timeout: Double) throws -> [UInt8] {
        var out = [UInt8]()
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let deadline = Date().addingTimeInterval(timeout)
        while out.count < count {
            guard Date() < deadline else { throw Failure(description: "no answer from the inputtest driver within \(timeout) s") }
            guard poll(&pfd, 1, 100) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: count - out.count)
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { throw Failure(description: "the inputtest driver closed the connection") }
            out += buffer[0..<n]
        }
        return out
    }

    private static func header(length: Int, type: EventType) -> [UInt8] {
        var bytes: [UInt8] = []
        append(UInt32(length), to: &bytes)
        append(type.rawValue, to: &bytes)
        return bytes
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value) { bytes += $0 }
    }

    private static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at, as: UInt32.self) }
    }
}
