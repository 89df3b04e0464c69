/// An interface an exported object offers: its methods, properties and signals (for dispatch and
/// for `org.freedesktop.DBus.Introspectable`, which `gdbus call` reads to parse its arguments).
public struct BusInterface: Equatable, Sendable {
    /// A method: its name and its in and out arguments as (name, signature).
    public struct Method: Equatable, Sendable {
        /// `Show`.
        public var name: String
        /// The arguments it takes.
        public var inputs: [(name: String, type: String)]
        /// What it returns.
        public var outputs: [(name: String, type: String)]
        /// A method with its arguments.
        public init(_ name: String, inputs: [(name: String, type: String)] = [], outputs: [(name: String, type: String)] = []) {
            self.name = name; self.inputs = inputs; self.outputs = outputs
        }
        /// The signature of the arguments it takes.
        public var inputSignature: String { inputs.map(\.type).joined() }
        public static func == (a: Method, b: Method) -> Bool {
            a.name == b.name && a.inputs.map { $0.name + $0.type } == b.inputs.map { $0.name + $0.type }
                && a.outputs.map { $0.name + $0.type } == b.outputs.map { $0.name + $0.type }
        }
    }

    /// A property: name, signature, whether callers may set it.
    public struct Property: Equatable, Sendable {
        /// `Visible`.
        public var name: String
        /// Its signature (`b`).
        public var type: String
        /// Whether `Set` is allowed.
        public var writable: Bool
        /// A property.
        public init(_ name: String, type: String, writable: Bool = false) {
            self.name = name; self.type = type; self.writable = writable
        }
    }

    /// `org.stackboard.Keyboard`.
    public var name: String
    /// Its methods.
    public var methods: [Method]
    /// Its properties.
    public var properties: [Property]

    /// An interface with its members.
    public init(name: String, methods: [Method], properties: [Property] = []) {
        self.name = name; self.methods = methods; self.properties = properties
    }

    /// The method called `name`.
    public func method(_ name: String) -> Method? { methods.first { $0.name == name } }
    /// The property called `name`.
    public func property(_ name: String) -> Property? { properties.first { $0.name == name } }

    /// Introspection XML for an object with `interfaces` (the standard ones added).
    public static func introspection(of interfaces: [BusInterface]) -> String {
        var xml = "<!DOCTYPE node PUBLIC \"-//freedesktop//DTD D-BUS Object Introspection 1.0//EN\"\n"
            + " \"http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd\">\n<node>\n"
        for i in standard + interfaces {
            xml += " <interface name=\"\(escape(i.name))\">\n"
            for m in i.methods {
                xml += "  <method name=\"\(escape(m.name))\">\n"
                for a in m.inputs { xml += "   <arg name=\"\(escape(a.name))\" type=\"\(escape(a.type))\" direction=\"in\"/>\n" }
                for a in m.outputs { xml += "   <arg name=\"\(escape(a.name))\" type=\"\(escape(a.type))\" direction=\"out\"/>\n" }
                xml += "  </method>\n"
            }
            for p in i.properties {
                xml += "  <property name=\"\(escape(p.name))\" type=\"\(escape(p.type))\" access=\"\(p.writable ? "readwrite" : "read")\">\n"
                xml += "   <annotation name=\"org.freedesktop.DBus.Property.EmitsChangedSignal\" value=\"true\"/>\n"
                xml += "  </property>\n"
            }
            if i.name == "org.freedesktop.DBus.Properties" {
                xml += "  <signal name=\"PropertiesChanged\">\n   <arg name=\"interface_name\" type=\"s\"/>\n"
                    + "   <arg name=\"changed_properties\" type=\"a{sv}\"/>\n   <arg name=\"invalidated_properties\" type=\"as\"/>\n"
                    + "  </signal>\n"
            }
            xml += " </interface>\n"
        }
        return xml + "</node>\n"
    }

    /// Introspectable, Peer and Properties, which every exported object answers.
    static let standard: [BusInterface] = [
        BusInterface(name: "org.freedesktop.DBus.Introspectable",
                     methods: [Method("Introspect", outputs: [("xml_data", "s")])]),
        BusInterface(name: "org.freedesktop.DBus.Peer",
                     methods: [Method("Ping"), Method("GetMachineId", outputs: [("machine_uuid", "s")])]),
        BusInterface(name: "org.freedesktop.DBus.Properties", methods: [
            Method("Get", inputs: [("interface_name", "s"), ("property_name", "s")], outputs: [("value", "v")]),
            Method("GetAll", inputs: [("interface_name", "s")], outputs: [("properties", "a{sv}")]),
            Method("Set", inputs: [("interface_name", "s"), ("property_name", "s"), ("value", "v")]),
        ]),
    ]

    private static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
