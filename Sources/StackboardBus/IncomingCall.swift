import CSDBus
#if canImport(Glibc)
import Glibc
#endif

/// A method call to an exported object, answered once with `reply` or `fail`, now or later (the
/// call keeps its message until then). One that is never answered is failed when it goes, so no
/// caller waits for its time-out.
public final class IncomingCall {
    /// The caller's unique name.
    public let sender: String
    /// The object called.
    public let path: String
    /// The interface named by the caller ("" when none).
    public let interface: String
    /// The method.
    public let member: String
    /// The arguments' signature.
    public let signature: String
    /// The arguments.
    public let arguments: [BusValue]
    private var message: OpaquePointer?

    init?(message m: OpaquePointer) {
        let h = header(m)
        guard let args = try? BusMessage.read(m) else { return nil }
        sender = h.sender; path = h.path; interface = h.interface; member = h.member
        signature = busSignature(of: args)
        arguments = args
        message = sd_bus_message_ref(m)
    }

    deinit {
        if message != nil { fail(name: "org.freedesktop.DBus.Error.Failed", message: "the request was not answered") }
    }

    /// Whether an answer is still owed.
    public var isPending: Bool { message != nil }

    /// Answers with `values`.
    public func reply(_ values: [BusValue] = []) {
        guard let call = take() else { return }
        defer { sd_bus_message_unref(call) }
        guard sd_bus_message_get_expect_reply(call) > 0 else { return } // dbus-send without --print-reply
        var made: OpaquePointer?
        guard sd_bus_message_new_method_return(call, &made) >= 0, let r = made else { return }
        defer { sd_bus_message_unref(r) }
        guard (try? BusMessage.append(values, to: r)) != nil else { return }
        sd_bus_send(nil, r, nil)
    }

    /// Answers with the D-Bus error `name` (`org.stackboard.Keyboard.Error.UnknownLayout`) and a message
    /// that says what to do.
    public func fail(name: String, message text: String) {
        guard let call = take() else { return }
        defer { sd_bus_message_unref(call) }
        guard sd_bus_message_get_expect_reply(call) > 0 else { return }
        name.withCString { n in
            text.withCString { t in
                var error = sd_bus_error(name: n, message: t, _need_free: 0)
                var made: OpaquePointer?
                guard sd_bus_message_new_method_error(call, &made, &error) >= 0, let r = made else { return }
                sd_bus_send(nil, r, nil)
                sd_bus_message_unref(r)
            }
        }
    }

    /// Gives the call back to sd-bus unanswered (it replies UnknownMethod).
    func decline() { if let call = take() { sd_bus_message_unref(call) } }

    private func take() -> OpaquePointer? {
        defer { message = nil }
        return message
    }
}
