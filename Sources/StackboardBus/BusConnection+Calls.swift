import CSDBus
#if canImport(Glibc)
import Glibc
#endif

/// A signal as it arrived.
public struct BusSignal: Equatable, Sendable {
    /// The sender's unique name.
    public var sender: String
    /// The object that sent it.
    public var path: String
    /// Its interface.
    public var interface: String
    /// Its name.
    public var member: String
    /// Its arguments.
    public var arguments: [BusValue]
}

/// A registration on a connection (a signal match, an exported object); ends when released.
public final class BusSlot {
    private let slot: OpaquePointer
    init(_ slot: OpaquePointer) { self.slot = slot }
    deinit { sd_bus_slot_unref(slot) }
}

/// A Swift closure handed to sd-bus as `void *userdata`; released by the slot's destroy callback.
final class CallbackBox {
    /// Runs for each message; its result goes back to sd-bus (1: handled, 0: not).
    let onMessage: (OpaquePointer) -> Int32
    let onInstalled: ((OpaquePointer) -> Void)?
    init(onMessage: @escaping (OpaquePointer) -> Int32, onInstalled: ((OpaquePointer) -> Void)? = nil) {
        self.onMessage = onMessage; self.onInstalled = onInstalled
    }
    var retained: UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }

    /// Registers this box with sd-bus through `add` (given the slot to fill and the box's
    /// pointer) and returns the slot, which releases the box when it goes; when `add` fails
    /// (a negative errno) the box is released and `failure` says why.
    func attach(failure: (Int32) -> BusError,
                _ add: (inout OpaquePointer?, UnsafeMutableRawPointer) -> Int32) throws(BusError) -> OpaquePointer {
        var slot: OpaquePointer?
        let userdata = retained
        let rc = add(&slot, userdata)
        guard rc >= 0, let slot else {
            Unmanaged<CallbackBox>.fromOpaque(userdata).release()
            throw failure(rc)
        }
        sd_bus_slot_set_destroy_callback(slot, boxRelease)
        return slot
    }

    static func from(_ p: UnsafeMutableRawPointer) -> CallbackBox { Unmanaged<CallbackBox>.fromOpaque(p).takeUnretainedValue() }
}

private let boxMessage: sd_bus_message_handler_t = { m, userdata, _ in
    guard let m, let userdata else { return 0 }
    return CallbackBox.from(userdata).onMessage(m)
}
private let boxInstalled: sd_bus_message_handler_t = { m, userdata, _ in
    if let m, let userdata { CallbackBox.from(userdata).onInstalled?(m) }
    return 0
}
private let boxRelease: sd_bus_destroy_t = { userdata in
    if let userdata { Unmanaged<CallbackBox>.fromOpaque(userdata).release() }
}

/// The error carried by an error message, with time-outs and lost peers told apart.
func replyError(_ m: OpaquePointer, member: String, destination: String) -> BusError? {
    guard sd_bus_message_is_method_error(m, nil) > 0, let e = sd_bus_message_get_error(m) else { return nil }
    let name = e.pointee.name.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed"
    let message = e.pointee.message.map { String(cString: $0) } ?? ""
    if name == "org.freedesktop.DBus.Error.Timeout" || name == "org.freedesktop.DBus.Error.TimedOut" {
        return .timedOut(member: member, destination: destination)
    }
    return .remote(member: member, name: name, message: message)
}

/// The sender, path, interface and member of a message ("" where absent).
func header(_ m: OpaquePointer) -> (sender: String, path: String, interface: String, member: String) {
    func s(_ p: UnsafePointer<CChar>?) -> String { p.map { String(cString: $0) } ?? "" }
    return (s(sd_bus_message_get_sender(m)), s(sd_bus_message_get_path(m)),
            s(sd_bus_message_get_interface(m)), s(sd_bus_message_get_member(m)))
}

extension BusConnection {
    /// The result of a method call: the reply's values, or why there is none.
    public typealias Reply = Result<[BusValue], BusError>

    /// Calls `member` asynchronously; `reply` runs inside a later `process()` with the answer, the
    /// error, or `.timedOut` after `timeout` seconds. Never blocks, whatever the peer does.
    /// `autoStart` false: the bus does not start `destination`'s service to answer (D-Bus's
    /// NO_AUTO_START); a name nobody owns is answered at once with NameHasNoOwner.
    public func call(destination: String, path: String, interface: String, member: String,
                     arguments: [BusValue] = [], timeout: Double = 5, autoStart: Bool = true,
                     reply: @escaping (Reply) -> Void) throws(BusError) {
        var made: OpaquePointer?
        let rc = sd_bus_message_new_method_call(bus, &made, destination, path, interface, member)
        guard rc >= 0, let m = made else {
            throw BusError.invalidName("the call \(interface).\(member) on \(destination) \(path)")
        }
        defer { sd_bus_message_unref(m) }
        if !autoStart { sd_bus_message_set_auto_start(m, 0) }
        try BusMessage.append(arguments, to: m)
        let box = CallbackBox(onMessage: { r in
            if let error = replyError(r, member: member, destination: destination) {
                reply(.failure(error))
            } else {
                do throws(BusError) { reply(.success(try BusMessage.read(r))) } catch { reply(.failure(error)) }
            }
            return 0
        })
        let slot = try box.attach(failure: { [label] rc in
            rc == -ENOTCONN || rc == -ECONNRESET ? BusError.disconnected(bus: label)
                                                 : BusError.system(call: "sd_bus_call_async(\(member))", code: -rc)
        }) { slot, userdata in
            sd_bus_call_async(bus, &slot, m, boxMessage, userdata, UInt64(max(0.001, timeout) * 1_000_000))
        }
        sd_bus_slot_set_floating(slot, 1) // lives until the reply or the connection's end
        sd_bus_slot_unref(slot)
    }

    /// Delivers every signal matching `rule` (D-Bus match syntax:
    /// `type='signal',interface='org.a11y.atspi.Event.Object',member='StateChanged'`) to `handler`
    /// until the slot is released. `installed` gets nil once the bus accepted the rule, or its error.
    public func subscribe(_ rule: String, installed: ((BusError?) -> Void)? = nil,
                          handler: @escaping (BusSignal) -> Void) throws(BusError) -> BusSlot {
        let box = CallbackBox(onMessage: { m in
            let h = header(m)
            guard let args = try? BusMessage.read(m) else { return 0 }
            handler(BusSignal(sender: h.sender, path: h.path, interface: h.interface, member: h.member, arguments: args))
            return 0
        }, onInstalled: { m in
            installed?(replyError(m, member: "AddMatch", destination: "org.freedesktop.DBus"))
        })
        let slot = try box.attach(failure: { rc in
            rc == -EINVAL ? BusError.invalidName("the match rule \(rule)") : BusError.system(call: "sd_bus_add_match_async", code: -rc)
        }) { slot, userdata in
            sd_bus_add_match_async(bus, &slot, rule, boxMessage, boxInstalled, userdata)
        }
        return BusSlot(slot)
    }

    /// Hands every method call to `path` to `handler` until the slot is released. The handler
    /// answers through the `IncomingCall` (now or later) and returns false for calls it does not
    /// know, which sd-bus then answers with UnknownMethod.
    public func export(path: String, handler: @escaping (IncomingCall) -> Bool) throws(BusError) -> BusSlot {
        try add(path, subtree: false, handler)
    }

    /// Hands every method call to `prefix` and the paths under it to `handler` (an object tree
    /// whose paths come and go, such as the AT-SPI accessibles), as `export` does for one path.
    public func exportSubtree(prefix: String, handler: @escaping (IncomingCall) -> Bool) throws(BusError) -> BusSlot {
        try add(prefix, subtree: true, handler)
    }

    /// `sd_bus_add_object` (one path) or `sd_bus_add_fallback` (the path and those under it).
    private func add(_ path: String, subtree: Bool, _ handler: @escaping (IncomingCall) -> Bool) throws(BusError) -> BusSlot {
        let box = CallbackBox(onMessage: { m in
            guard sd_bus_message_is_method_call(m, nil, nil) > 0, let call = IncomingCall(message: m) else { return 0 }
            if handler(call) { return 1 }
            call.decline()
            return 0
        })
        let call = subtree ? "sd_bus_add_fallback" : "sd_bus_add_object"
        let slot = try box.attach(failure: { rc in
            rc == -EINVAL ? BusError.invalidName("the object path \(path)") : BusError.system(call: "\(call)(\(path))", code: -rc)
        }) { slot, userdata in
            subtree ? sd_bus_add_fallback(bus, &slot, path, boxMessage, userdata) : sd_bus_add_object(bus, &slot, path, boxMessage, userdata)
        }
        return BusSlot(slot)
    }
}
