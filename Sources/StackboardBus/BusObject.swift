/// An object exported on a connection: answers Introspect and the Properties interface from its
/// `BusInterface` descriptions, checks argument signatures, and hands method calls to `onCall`.
public final class BusObject {
    /// Its object path.
    public let path: String
    /// What it offers.
    public let interfaces: [BusInterface]
    private let connection: BusConnection
    private var slot: BusSlot?

    /// Reads property `name` of `interface` (nil: unknown).
    public typealias Getter = (_ interface: String, _ name: String) -> BusValue?
    /// Sets a writable property; returns nil when done, else why not (the caller sees it).
    public typealias Setter = (_ interface: String, _ name: String, _ value: BusValue) -> String?

    /// Exports `interfaces` at `path`. `onCall` gets calls of their methods, with arguments of the
    /// declared signature, and answers each.
    public init(connection: BusConnection, path: String, interfaces: [BusInterface],
                get: @escaping Getter, set: @escaping Setter = { _, _, _ in "read-only" },
                onCall: @escaping (IncomingCall) -> Void) throws(BusError) {
        self.connection = connection
        self.path = path
        self.interfaces = interfaces
        // The introspection XML is made when asked (rarely: a debugging tool, a host's first
        // look), not kept for the keyboard's lifetime.
        slot = try connection.export(path: path) { call in
            BusObject.dispatch(call, interfaces: interfaces, xml: BusInterface.introspection(of: interfaces),
                               get: get, set: set, onCall: onCall)
        }
    }

    /// Emits `PropertiesChanged` for `interface` with the new values.
    public func propertiesChanged(interface: String, _ changes: [(String, BusValue)]) throws(BusError) {
        try connection.emitSignal(path: path, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged",
                                  arguments: [.string(interface), .stringVariantDict(changes), .strings([])])
    }

    /// Stops answering calls.
    public func remove() { slot = nil }

    static func dispatch(_ call: IncomingCall, interfaces: [BusInterface], xml: @autoclosure () -> String,
                         get: Getter, set: Setter, onCall: (IncomingCall) -> Void) -> Bool {
        let args = call.arguments
        switch (call.interface, call.member) {
        case ("org.freedesktop.DBus.Introspectable", "Introspect"), ("", "Introspect"):
            call.reply([.string(xml())])
            return true
        case ("org.freedesktop.DBus.Properties", "Get"):
            guard call.signature == "ss", let i = args[0].string, let n = args[1].string else { return invalid(call, "ss") }
            guard let interface = interfaces.first(where: { $0.name == i }) else { return unknownInterface(call, i) }
            guard interface.property(n) != nil, let value = get(i, n) else { return unknownProperty(call, i, n) }
            call.reply([.variant(value)])
            return true
        case ("org.freedesktop.DBus.Properties", "GetAll"):
            guard call.signature == "s", let i = args[0].string else { return invalid(call, "s") }
            guard let interface = interfaces.first(where: { $0.name == i }) else { return unknownInterface(call, i) }
            let all = interface.properties.compactMap { p in get(i, p.name).map { (p.name, $0) } }
            call.reply([.stringVariantDict(all)])
            return true
        case ("org.freedesktop.DBus.Properties", "Set"):
            guard call.signature == "ssv", let i = args[0].string, let n = args[1].string else { return invalid(call, "ssv") }
            guard let interface = interfaces.first(where: { $0.name == i }) else { return unknownInterface(call, i) }
            guard let property = interface.property(n) else { return unknownProperty(call, i, n) }
            guard property.writable else {
                call.fail(name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: "\(i).\(n) is read-only")
                return true
            }
            let value = args[2].unwrapped
            guard value.signature == property.type else {
                call.fail(name: "org.freedesktop.DBus.Error.InvalidArgs",
                          message: "\(i).\(n) has the type '\(property.type)', not '\(value.signature)'")
                return true
            }
            if let why = set(i, n, value) {
                call.fail(name: "org.freedesktop.DBus.Error.InvalidArgs", message: why)
            } else {
                call.reply()
            }
            return true
        default:
            let owners = call.interface.isEmpty ? interfaces : interfaces.filter { $0.name == call.interface }
            guard let method = owners.lazy.compactMap({ $0.method(call.member) }).first else { return false }
            guard call.signature == method.inputSignature else { return invalid(call, method.inputSignature) }
            onCall(call)
            return true
        }
    }

    private static func invalid(_ call: IncomingCall, _ expected: String) -> Bool {
        call.fail(name: "org.freedesktop.DBus.Error.InvalidArgs",
                  message: "\(call.member) takes the arguments '\(expected)', not '\(call.signature)'")
        return true
    }

    private static func unknownInterface(_ call: IncomingCall, _ name: String) -> Bool {
        call.fail(name: "org.freedesktop.DBus.Error.UnknownInterface", message: "\(call.path) has no interface \(name)")
        return true
    }

    private static func unknownProperty(_ call: IncomingCall, _ interface: String, _ name: String) -> Bool {
        call.fail(name: "org.freedesktop.DBus.Error.UnknownProperty", message: "\(interface) has no property \(name)")
        return true
    }
}
