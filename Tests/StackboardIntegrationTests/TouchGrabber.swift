import CX11
import Foundation
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Another client holding a touch grab on the root window, as gesture daemons do: it is the
/// first to get every touch and decides whether to keep (accept) or pass on (reject) it.
final class TouchGrabber {
    /// A touch sequence the grab got.
    struct Sequence { var device: Int32; var touch: UInt32 }

    private let display: OpaquePointer
    private let root: Window
    private let opcode: Int32
    private var grabbed = true

    /// Connects to `name` and grabs touch begins on the root window, any modifiers.
    init(display name: String) throws {
        guard let display = XOpenDisplay(name) else { throw XSession.Failure(description: "cannot open \(name)") }
        self.display = display
        root = XDefaultRootWindow(display)
        var op: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        XQueryExtension(display, "XInputExtension", &op, &event, &error)
        opcode = op
        var major: Int32 = 2, minor: Int32 = 2
        XIQueryVersion(display, &major, &minor)
        var bits = [UInt8](repeating: 0, count: 4)
        for e in [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_TouchOwnership] { bits[Int(e >> 3)] |= UInt8(1 << (e & 7)) }
        var modifiers = XIGrabModifiers(modifiers: Int32(bitPattern: XIAnyModifier), status: 0)
        let status = bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            return XIGrabTouchBegin(display, XIAllMasterDevices, root, 0, &mask, 1, &modifiers)
        }
        XSync(display, 0)
        guard status == 0, modifiers.status == 0 else {
            XCloseDisplay(display)
            throw XSession.Failure(description: "XIGrabTouchBegin failed: \(status)/\(modifiers.status)")
        }
    }

    deinit {
        ungrab()
        XCloseDisplay(display)
    }

    /// Waits for the next touch sequence the grab got.
    func nextBegin(timeout: Double) -> Sequence? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard XPending(display) > 0 else { usleep(10_000); continue }
            var event = XEvent()
            XNextEvent(display, &event)
            guard event.type == GenericEvent, event.xcookie.extension == opcode,
                  XGetEventData(display, &event.xcookie) != 0 else { continue }
            defer { XFreeEventData(display, &event.xcookie) }
            if event.xcookie.evtype == XI_TouchBegin, let data = event.xcookie.data {
                let xi = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
                return Sequence(device: xi.deviceid, touch: UInt32(bitPattern: xi.detail))
            }
        }
        return nil
    }

    /// Accepts (`XIAcceptTouch`) or rejects (`XIRejectTouch`) a sequence.
    func allow(_ sequence: Sequence, _ mode: Int32) {
        XIAllowTouchEvents(display, sequence.device, sequence.touch, root, mode)
        XSync(display, 0)
    }

    /// Releases the grab.
    func ungrab() {
        guard grabbed else { return }
        grabbed = false
        var modifiers = XIGrabModifiers(modifiers: Int32(bitPattern: XIAnyModifier), status: 0)
        XIUngrabTouchBegin(display, XIAllMasterDevices, root, 1, &modifiers)
        XSync(display, 0)
    }
}
