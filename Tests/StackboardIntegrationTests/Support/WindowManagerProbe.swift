import CX11
import Foundation

/// Whether a window manager that has just started really manages windows yet.
///
/// `_NET_SUPPORTING_WM_CHECK` is not enough: openbox publishes it a moment before it handles
/// MapRequests, and a window mapped in between can stay unmapped. So a probe window is mapped
/// (again while it is not) until the WM lists it in `_NET_CLIENT_LIST` and it is viewable; then
/// it is destroyed, and its connection is kept open until the WM has let go of it (it is gone
/// from the list). That last wait matters: the next client of the server gets the same XIDs as
/// the probe's connection, and a WM still holding the probe took the next client's first
/// window for the probe (seen on Xorg: the touch test window shown 10x10 at the probe's place,
/// so that its touches landed outside it).
enum WindowManagerProbe {
    /// Waits (up to `timeout` seconds for each step) until the WM `name` on `displayName`
    /// manages a probe window and has unmanaged it again.
    static func waitUntilManaging(display displayName: String, name: String, timeout: Double) throws {
        guard let x = XOpenDisplay(displayName) else {
            throw XSession.Failure(description: "cannot open display \(displayName) to probe \(name)")
        }
        defer { XCloseDisplay(x) }
        let probe = XCreateSimpleWindow(x, XDefaultRootWindow(x), 0, 0, 10, 10, 0, 0, 0)
        XStoreName(x, probe, "stackboard-wm-probe")
        var attributes = XWindowAttributes()
        var asked = Date.distantPast
        let managed = Wait.until(timeout: timeout) {
            if Date().timeIntervalSince(asked) > 0.5 {
                XMapWindow(x, probe)
                asked = Date()
            }
            XSync(x, 0)
            XGetWindowAttributes(x, probe, &attributes)
            return attributes.map_state == IsViewable && managedWindows(x).contains(probe)
        }
        XDestroyWindow(x, probe)
        XSync(x, 0)
        guard managed else { throw XSession.Failure(description: "\(name) on \(displayName) does not map windows") }
        guard Wait.until(timeout: timeout, { !managedWindows(x).contains(probe) }) else {
            throw XSession.Failure(description: "\(name) on \(displayName) still lists a destroyed window after \(timeout) s")
        }
    }

    /// Whether a window manager announces itself on the root (`_NET_SUPPORTING_WM_CHECK`).
    static func isRunning(_ x: OpaquePointer) -> Bool {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let property = XInternAtom(x, "_NET_SUPPORTING_WM_CHECK", 0)
        let status = XGetWindowProperty(x, XDefaultRootWindow(x), property, 0, 1, 0, XA_WINDOW,
                                        &type, &format, &count, &after, &data)
        if let data { XFree(data) }
        return status == Success && count == 1
    }

    /// The windows the WM lists in the root's `_NET_CLIENT_LIST`.
    static func managedWindows(_ x: OpaquePointer) -> [Window] {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let property = XInternAtom(x, "_NET_CLIENT_LIST", 0)
        guard XGetWindowProperty(x, XDefaultRootWindow(x), property, 0, 65_536, 0, XA_WINDOW,
                                 &type, &format, &count, &after, &data) == Success, let data else { return [] }
        defer { XFree(data) }
        guard format == 32 else { return [] }
        // Format-32 data comes as C longs.
        return data.withMemoryRebound(to: UInt.self, capacity: Int(count)) { Array(UnsafeBufferPointer(start: $0, count: Int(count))) }
    }
}
