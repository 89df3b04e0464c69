import CX11
import StackboardCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The injector's X connection: opened by the injector (and closed in deinit) or borrowed from
/// the keyboard window. Knows the XKB event base and the XTEST keyboard's XInput device id.
final class InjectorDisplay {
    /// The Xlib `Display *`.
    let raw: OpaquePointer
    /// Whether this object opened the connection (and so closes it).
    let owned: Bool
    /// The first event code of XKB.
    let xkbEventBase: Int32
    /// The XInput id of "Virtual core XTEST keyboard" (nil when XInput is missing).
    let xtestDevice: UInt32?

    /// Opens `name` (nil or empty: `$DISPLAY`).
    convenience init(name: String?) throws(InjectorError) {
        // Protocol errors are recorded for this connection (never fatal: keys must not stay down);
        // a lost server ends the program with one line (XErrorTrap).
        XErrorTrap.install()
        let opened: OpaquePointer? = (name?.isEmpty ?? true) ? XOpenDisplay(nil) : XOpenDisplay(name)
        guard let opened else {
            let tried = (name?.isEmpty ?? true) ? (getenv("DISPLAY").map { String(cString: $0) } ?? "") : (name ?? "")
            throw .cannotOpenDisplay(tried)
        }
        do {
            try self.init(raw: opened, owned: true)
        } catch {
            XCloseDisplay(opened)
            throw error
        }
    }

    /// Uses a connection someone else owns (and keeps open while this object lives).
    convenience init(borrowing display: OpaquePointer) throws(InjectorError) {
        try self.init(raw: display, owned: false)
    }

    private init(raw: OpaquePointer, owned: Bool) throws(InjectorError) {
        self.raw = raw
        self.owned = owned
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        var major = Int32(XkbMajorVersion), minor = Int32(XkbMinorVersion)
        guard XkbQueryExtension(raw, &opcode, &event, &error, &major, &minor) != 0 else {
            throw .missingExtension("XKEYBOARD")
        }
        xkbEventBase = event
        var tEvent: Int32 = 0, tError: Int32 = 0, tMajor: Int32 = 0, tMinor: Int32 = 0
        guard XTestQueryExtension(raw, &tEvent, &tError, &tMajor, &tMinor) != 0 else {
            throw .missingExtension("XTEST")
        }
        xtestDevice = Self.findXTestKeyboard(raw)
        // Keep the injector's requests going while another client grabs the server.
        XTestGrabControl(raw, 1)
    }

    deinit {
        guard owned else { return }
        _ = XErrorTrap.take(raw)
        XCloseDisplay(raw)
    }

    /// The device id of the XTEST slave keyboard (XIQueryDevice), nil when there is none.
    private static func findXTestKeyboard(_ dpy: OpaquePointer) -> UInt32? {
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        // No XIQueryVersion: on a shared connection that already announced XI 2.2, asking
        // for 2.0 would be a BadValue error. XIQueryDevice checks the version itself.
        guard XQueryExtension(dpy, "XInputExtension", &opcode, &event, &error) != 0 else { return nil }
        var count: Int32 = 0
        guard let info = XIQueryDevice(dpy, XIAllDevices, &count) else { return nil }
        defer { XIFreeDeviceInfo(info) }
        var fallback: UInt32?
        for i in 0..<Int(count) {
            let device = info[i]
            guard device.use == XISlaveKeyboard, let cName = device.name else { continue }
            let name = String(cString: cName)
            if name == "Virtual core XTEST keyboard" { return UInt32(device.deviceid) }
            if name.containsBytes(of: "XTEST") { fallback = UInt32(device.deviceid) }
        }
        return fallback
    }

    /// Sends every buffered request and waits until the server has handled them; an X error
    /// for one of them (on a connection the injector opened itself) is thrown.
    func sync() throws(InjectorError) {
        XSync(raw, 0)
        if let message = takeError() { throw .xError(message) }
    }

    /// The last X protocol error of a connection the injector opened itself, as text, since the
    /// last call (nil: none, or a borrowed connection, whose owner takes its errors).
    func takeError() -> String? {
        guard owned, let e = XErrorTrap.take(raw).errors.last else { return nil }
        return "\(e.text) (request \(e.request).\(e.minor))"
    }
}
