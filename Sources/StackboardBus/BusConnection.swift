import CLazy
import CSDBus
import StackboardSystem
#if canImport(Glibc)
import Glibc
#endif

/// Where the session bus is: DBUS_SESSION_BUS_ADDRESS, else `$XDG_RUNTIME_DIR/bus` when that socket
/// exists (what sd-bus and libdbus do; an explicit environment lets each test have its own bus).
public enum SessionBusAddress {
    /// The address, or nil when there is no session bus to connect to.
    public static func resolve(environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        if let dir = environment["XDG_RUNTIME_DIR"], !dir.isEmpty, access(dir + "/bus", F_OK) == 0 {
            return "unix:path=" + dir + "/bus"
        }
        return nil
    }
}

/// One connection to a message bus (`sd_bus *`), driven by the caller's poll loop: poll
/// `pollInterest` until `nextDeadline`, then call `process()`. Replies, signals and incoming calls
/// are handed to their closures inside `process()`, on the caller's thread; nothing here blocks.
public final class BusConnection {
    let bus: OpaquePointer
    /// What the bus is, for messages ("session bus", "accessibility bus").
    public let label: String
    /// The address it was opened with.
    public let address: String

    /// Connects to the bus at `address` (a D-Bus address such as `unix:path=/run/user/0/bus`) and
    /// starts the Hello exchange; calls can be queued at once.
    public init(address: String, label: String) throws(BusError) {
        // libsystemd opens on first use (Sources/CLazy): here, after the keyboard is on screen.
        if let why = stackboard_lazy_open(STACKBOARD_LAZY_SDBUS) {
            throw BusError.noLibrary(String(cString: why))
        }
        var made: OpaquePointer?
        var rc = sd_bus_new(&made)
        guard rc >= 0, let bus = made else { throw BusError.system(call: "sd_bus_new", code: -rc) }
        rc = sd_bus_set_address(bus, address)
        if rc >= 0 { rc = sd_bus_set_bus_client(bus, 1) }
        if rc >= 0 { rc = sd_bus_set_description(bus, label) }
        if rc >= 0 { rc = sd_bus_start(bus) }
        guard rc >= 0 else {
            sd_bus_close_unref(bus)
            throw BusError.cannotConnect(bus: label, address: address, code: -rc)
        }
        self.bus = bus
        self.label = label
        self.address = address
    }

    /// The session bus named by `environment` (see `SessionBusAddress`).
    public static func session(environment: [String: String]) throws(BusError) -> BusConnection {
        guard let address = SessionBusAddress.resolve(environment: environment) else { throw BusError.noSessionBus }
        return try BusConnection(address: address, label: "session bus")
    }

    deinit { sd_bus_close_unref(bus) } // never flushes: a hung daemon must not block the loop

    /// Whether the connection is still open (false once the daemon went away).
    public var isOpen: Bool { sd_bus_is_open(bus) > 0 }

    /// The descriptor and events to poll, nil when the connection is closed.
    public var pollInterest: PollRequest? {
        let fd = sd_bus_get_fd(bus), events = sd_bus_get_events(bus)
        guard fd >= 0, events >= 0 else { return nil }
        return PollRequest(fd: fd, events: Int16(truncatingIfNeeded: events))
    }

    /// When `process()` is due without input (a call's time-out; CLOCK_MONOTONIC seconds), nil if never.
    public var nextDeadline: Double? {
        var usec: UInt64 = 0
        guard sd_bus_get_timeout(bus, &usec) >= 0, usec != UInt64.max else { return nil }
        return Double(usec) / 1_000_000
    }

    /// Reads and dispatches what has arrived, writes what is queued, fires due time-outs. Returns
    /// whether the connection is still open.
    @discardableResult
    public func process() -> Bool {
        for _ in 0..<1000 { // at most this many messages per step: the loop has other sources
            let rc = sd_bus_process(bus, nil)
            if rc < 0 { return false }
            if rc == 0 { break }
        }
        return isOpen
    }

    /// The connection's unique name (`:1.42`), once the bus has answered Hello.
    public var uniqueName: String? {
        var name: UnsafePointer<CChar>?
        guard sd_bus_get_unique_name(bus, &name) >= 0, let name else { return nil }
        return String(cString: name)
    }

    /// Sends a signal from `path`.
    public func emitSignal(path: String, interface: String, member: String, arguments: [BusValue]) throws(BusError) {
        var made: OpaquePointer?
        let rc = sd_bus_message_new_signal(bus, &made, path, interface, member)
        guard rc >= 0, let m = made else { throw BusError.invalidName("the signal \(interface).\(member) on \(path)") }
        defer { sd_bus_message_unref(m) }
        try BusMessage.append(arguments, to: m)
        let sent = sd_bus_send(bus, m, nil)
        if sent < 0 { throw sent == -ENOTCONN || sent == -ECONNRESET ? BusError.disconnected(bus: label)
                                                                      : BusError.system(call: "sd_bus_send", code: -sent) }
    }
}
