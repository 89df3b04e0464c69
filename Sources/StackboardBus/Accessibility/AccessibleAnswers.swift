import StackboardCore

/// Who the tree belongs to: what its answers name besides the tree itself.
public struct AccessibleApplication: Equatable, Sendable {
    /// The application's name (`Stackboard`).
    public var name: String
    /// The program's version (`Application.Version`).
    public var version: String
    /// The keyboard's language (`Accessible.Locale`, `Application.GetLocale`).
    public var locale: String
    /// The unique name of the connection on the accessibility bus (every reference names it).
    public var busName: String
    /// The desktop the registry embedded the application in (the application's parent).
    public var desktop: (busName: String, path: String)
    /// The id the registry gave the application (`Application.Id`).
    public var id: Int32

    /// An application not embedded yet (its parent the registry's desktop, its id 0).
    public init(name: String, version: String, locale: String, busName: String) {
        self.name = name; self.version = version; self.locale = locale; self.busName = busName
        desktop = ("org.a11y.atspi.Registry", AccessibleTree.rootPath)
        id = 0
    }

    /// Two applications are equal when every field is (the desktop is a tuple, which Swift does not compare by itself).
    public static func == (a: AccessibleApplication, b: AccessibleApplication) -> Bool {
        a.name == b.name && a.version == b.version && a.locale == b.locale && a.busName == b.busName
            && a.desktop == b.desktop && a.id == b.id
    }
}

/// What a method call to one of the tree's objects comes to.
public enum AccessibleAnswer: Equatable, Sendable {
    /// Reply with these values.
    case reply([BusValue])
    /// `Action.DoAction`: tap the key at this geometry index, then reply true.
    case press(keyIndex: Int)
    /// Refuse with `org.freedesktop.DBus.Error.InvalidArgs` and this message.
    case invalid(String)
}

/// The AT-SPI interfaces of the tree's objects (as at-spi2-core 2.46 has them) and the answers
/// to their methods and properties, from the tree alone.
extension AccessibleTree {
    /// `org.a11y.atspi.Accessible`.
    public static let accessibleInterface = BusInterface(name: "org.a11y.atspi.Accessible", methods: [
        .init("GetChildAtIndex", inputs: [("index", "i")], outputs: [("child", "(so)")]),
        .init("GetChildren", outputs: [("children", "a(so)")]),
        .init("GetIndexInParent", outputs: [("index", "i")]),
        .init("GetRelationSet", outputs: [("relations", "a(ua(so))")]),
        .init("GetRole", outputs: [("role", "u")]),
        .init("GetRoleName", outputs: [("name", "s")]),
        .init("GetLocalizedRoleName", outputs: [("name", "s")]),
        .init("GetState", outputs: [("states", "au")]),
        .init("GetAttributes", outputs: [("attributes", "a{ss}")]),
        .init("GetApplication", outputs: [("application", "(so)")]),
        .init("GetInterfaces", outputs: [("interfaces", "as")]),
    ], properties: [
        .init("Name", type: "s"), .init("Description", type: "s"), .init("Parent", type: "(so)"),
        .init("ChildCount", type: "i"), .init("Locale", type: "s"), .init("AccessibleId", type: "s"),
        .init("HelpText", type: "s"),
    ])
    /// `org.a11y.atspi.Application` (the root only).
    public static let applicationInterface = BusInterface(name: "org.a11y.atspi.Application", methods: [
        .init("GetLocale", inputs: [("lctype", "u")], outputs: [("locale", "s")]),
        .init("RegisterEventListener", inputs: [("event", "s")]),
        .init("DeregisterEventListener", inputs: [("event", "s")]),
    ], properties: [
        .init("ToolkitName", type: "s"), .init("Version", type: "s"), .init("AtspiVersion", type: "s"),
        .init("Id", type: "i", writable: true),
    ])
    /// `org.a11y.atspi.Component` (the frame and the keys).
    public static let componentInterface = BusInterface(name: "org.a11y.atspi.Component", methods: [
        .init("Contains", inputs: [("x", "i"), ("y", "i"), ("coord_type", "u")], outputs: [("contains", "b")]),
        .init("GetAccessibleAtPoint", inputs: [("x", "i"), ("y", "i"), ("coord_type", "u")], outputs: [("child", "(so)")]),
        .init("GetExtents", inputs: [("coord_type", "u")], outputs: [("extents", "(iiii)")]),
        .init("GetPosition", inputs: [("coord_type", "u")], outputs: [("x", "i"), ("y", "i")]),
        .init("GetSize", outputs: [("width", "i"), ("height", "i")]),
        .init("GetLayer", outputs: [("layer", "u")]),
        .init("GetMDIZOrder", outputs: [("order", "n")]),
        .init("GrabFocus", outputs: [("done", "b")]),
        .init("GetAlpha", outputs: [("alpha", "d")]),
    ])
    /// `org.a11y.atspi.Action` (the keys): one action, `press`.
    public static let actionInterface = BusInterface(name: "org.a11y.atspi.Action", methods: [
        .init("GetDescription", inputs: [("index", "i")], outputs: [("description", "s")]),
        .init("GetName", inputs: [("index", "i")], outputs: [("name", "s")]),
        .init("GetLocalizedName", inputs: [("index", "i")], outputs: [("name", "s")]),
        .init("GetKeyBinding", inputs: [("index", "i")], outputs: [("binding", "s")]),
        .init("GetActions", outputs: [("actions", "a(sss)")]),
        .init("DoAction", inputs: [("index", "i")], outputs: [("done", "b")]),
    ], properties: [.init("NActions", type: "i")])

    /// The interfaces `node` offers.
    public static func interfaces(of node: Node) -> [BusInterface] {
        switch node {
        case .application: return [accessibleInterface, applicationInterface]
        case .frame: return [accessibleInterface, componentInterface]
        case .key: return [accessibleInterface, componentInterface, actionInterface]
        }
    }

    /// A reference `(so)` to `node`.
    public func reference(_ node: Node?, in app: AccessibleApplication) -> BusValue {
        .structure([.string(app.busName), .objectPath(node.map { path(of: $0) } ?? Self.nullPath)])
    }

    /// Property `name` of `interface` of `node` (nil: it has none).
    public func property(_ interface: String, _ name: String, of node: Node, in app: AccessibleApplication) -> BusValue? {
        switch (interface, name) {
        case ("org.a11y.atspi.Accessible", "Name"): return .string(self.name(of: node, application: app.name))
        case ("org.a11y.atspi.Accessible", "Description"): return .string(description(of: node))
        case ("org.a11y.atspi.Accessible", "Parent"):
            guard let parent = parent(of: node) else {
                return .structure([.string(app.desktop.busName), .objectPath(app.desktop.path)])
            }
            return reference(parent, in: app)
        case ("org.a11y.atspi.Accessible", "ChildCount"): return .int32(Int32(children(of: node).count))
        case ("org.a11y.atspi.Accessible", "Locale"): return .string(app.locale)
        case ("org.a11y.atspi.Accessible", "AccessibleId"): return .string(accessibleID(of: node))
        case ("org.a11y.atspi.Accessible", "HelpText"): return .string("")
        case ("org.a11y.atspi.Application", "ToolkitName"): return .string(app.name)
        case ("org.a11y.atspi.Application", "Version"): return .string(app.version)
        case ("org.a11y.atspi.Application", "AtspiVersion"): return .string("2.1")
        case ("org.a11y.atspi.Application", "Id"): return .int32(app.id)
        case ("org.a11y.atspi.Action", "NActions"): return .int32(1)
        default: return nil
        }
    }

    /// The answer to `member` of `interface` (arguments `args`, of the declared signature) on `node`.
    public func answer(_ interface: String, _ member: String, _ args: [BusValue], on node: Node,
                       in app: AccessibleApplication) -> AccessibleAnswer {
        let int = { (i: Int) -> Int in args.indices.contains(i) ? Int(args[i].integer ?? 0) : 0 }
        let coordinates = { (i: Int) -> UInt32 in UInt32(truncatingIfNeeded: int(i)) }
        switch member {
        case "GetChildAtIndex":
            let children = children(of: node), i = int(0)
            return .reply([reference(children.indices.contains(i) ? children[i] : nil, in: app)])
        case "GetChildren":
            return .reply([.array(element: "(so)", children(of: node).map { reference($0, in: app) })])
        case "GetIndexInParent": return .reply([.int32(Int32(indexInParent(of: node)))])
        case "GetRelationSet": return .reply([.array(element: "(ua(so))", [])])
        case "GetRole": return .reply([.uint32(role(of: node).rawValue)])
        case "GetRoleName", "GetLocalizedRoleName": return .reply([.string(roleName(of: node))])
        case "GetState": return .reply([.array(element: "u", states(of: node).words.map { .uint32($0) })])
        case "GetAttributes":
            return .reply([.array(element: "{ss}", [.dictEntry(.string("toolkit"), .string(app.name))])])
        case "GetApplication": return .reply([reference(.application, in: app)])
        case "GetInterfaces": return .reply([.strings(Self.interfaces(of: node).map(\.name))])
        case "GetLocale": return .reply([.string(app.locale)])
        case "RegisterEventListener", "DeregisterEventListener": return .reply([])
        case "Contains":
            let inside = extents(of: node, coordinates: coordinates(2))?.contains(Point(x: int(0), y: int(1))) ?? false
            return .reply([.boolean(inside)])
        case "GetAccessibleAtPoint":
            return .reply([reference(child(of: node, at: Point(x: int(0), y: int(1)), coordinates: coordinates(2)), in: app)])
        case "GetExtents":
            let r = extents(of: node, coordinates: coordinates(0)) ?? Rect(x: 0, y: 0, width: 0, height: 0)
            return .reply([.structure([.int32(Int32(r.x)), .int32(Int32(r.y)), .int32(Int32(r.width)), .int32(Int32(r.height))])])
        case "GetPosition":
            let r = extents(of: node, coordinates: coordinates(0)) ?? Rect(x: 0, y: 0, width: 0, height: 0)
            return .reply([.int32(Int32(r.x)), .int32(Int32(r.y))])
        case "GetSize":
            let r = extents(of: node, coordinates: 1) ?? Rect(x: 0, y: 0, width: 0, height: 0)
            return .reply([.int32(Int32(r.width)), .int32(Int32(r.height))])
        case "GetLayer": return .reply([.uint32(node == .frame ? 7 : 3)]) // ATSPI_LAYER_WINDOW, _WIDGET
        case "GetMDIZOrder": return .reply([.int16(0)])
        case "GrabFocus": return .reply([.boolean(false)]) // the keyboard never takes the focus
        case "GetAlpha": return .reply([.double(1)])
        case "GetName", "GetLocalizedName": return .reply([.string(int(0) == 0 ? "press" : "")])
        case "GetDescription": return .reply([.string(int(0) == 0 ? "Press the key, as a tap does" : "")])
        case "GetKeyBinding": return .reply([.string("")])
        case "GetActions":
            return .reply([.array(element: "(sss)", [.structure([.string("press"), .string("Press the key, as a tap does"), .string("")])])])
        case "DoAction":
            guard int(0) == 0 else { return .invalid("a key has one action, 0 (press); there is no action \(int(0))") }
            guard let index = pressIndex(of: node) else { return .reply([.boolean(false)]) }
            return .press(keyIndex: index)
        default:
            return .invalid("\(interface).\(member) is not answered here")
        }
    }
}
