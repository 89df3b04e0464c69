import StackboardSystem
#if canImport(Glibc)
import Glibc
#endif

/// What the tray service reports to the keyboard.
public enum TrayEvent: Equatable, Sendable {
    /// Something the icon or its menu asked for.
    case request(TrayRequest)
    /// A StatusNotifierWatcher took the icon: the panel shows it.
    case shownInPanel
    /// There is no StatusNotifierWatcher (now): the panel cannot show this icon; why, in a line.
    case noHost(String)
}

/// The keyboard's tray icon as a StatusNotifierItem on the session bus, a poll-loop source like
/// `ControlService`: the object `/StatusNotifierItem` (`org.kde.StatusNotifierItem`: Category,
/// Id, Title, Status, IconName, IconPixmap, Menu, ItemIsMenu; Activate toggles the keyboard) and
/// its menu at `/MenuBar` (`com.canonical.dbusmenu`: GetLayout, GetGroupProperties, GetProperty,
/// Event, EventGroup, AboutToShow, AboutToShowGroup), under the name
/// `org.kde.StatusNotifierItem-PID-1`, registered with `org.kde.StatusNotifierWatcher`. It
/// registers again whenever a watcher appears (a panel that starts or restarts after the
/// keyboard) and says `noHost` when there is none, so that the keyboard can use the XEmbed tray.
/// Nothing here blocks; without a bus it reports `noHost` once and stays idle.
public final class TrayService {
    /// The watcher's well-known name.
    public static let watcherName = "org.kde.StatusNotifierWatcher"
    /// The item's object path.
    public static let itemPath = "/StatusNotifierItem"
    /// The menu's object path.
    public static let menuPath = "/MenuBar"

    /// `org.kde.StatusNotifierItem`.
    public static let itemInterface = BusInterface(name: "org.kde.StatusNotifierItem", methods: [
        .init("Activate", inputs: [("x", "i"), ("y", "i")]), .init("SecondaryActivate", inputs: [("x", "i"), ("y", "i")]),
        .init("ContextMenu", inputs: [("x", "i"), ("y", "i")]), .init("Scroll", inputs: [("delta", "i"), ("orientation", "s")]),
    ], properties: [
        .init("Category", type: "s"), .init("Id", type: "s"), .init("Title", type: "s"), .init("Status", type: "s"),
        .init("WindowId", type: "i"), .init("IconName", type: "s"), .init("IconPixmap", type: "a(iiay)"),
        .init("ToolTip", type: "(sa(iiay)ss)"), .init("ItemIsMenu", type: "b"), .init("Menu", type: "o"),
    ])
    /// `com.canonical.dbusmenu`, version 3.
    public static let menuInterface = BusInterface(name: "com.canonical.dbusmenu", methods: [
        .init("GetLayout", inputs: [("parentId", "i"), ("recursionDepth", "i"), ("propertyNames", "as")],
              outputs: [("revision", "u"), ("layout", "(ia{sv}av)")]),
        .init("GetGroupProperties", inputs: [("ids", "ai"), ("propertyNames", "as")], outputs: [("properties", "a(ia{sv})")]),
        .init("GetProperty", inputs: [("id", "i"), ("name", "s")], outputs: [("value", "v")]),
        .init("Event", inputs: [("id", "i"), ("eventId", "s"), ("data", "v"), ("timestamp", "u")]),
        .init("EventGroup", inputs: [("events", "a(isvu)")], outputs: [("idErrors", "ai")]),
        .init("AboutToShow", inputs: [("id", "i")], outputs: [("needUpdate", "b")]),
        .init("AboutToShowGroup", inputs: [("ids", "ai")], outputs: [("updatesNeeded", "ai"), ("idErrors", "ai")]),
    ], properties: [
        .init("Version", type: "u"), .init("TextDirection", type: "s"), .init("Status", type: "s"),
        .init("IconThemePath", type: "as"),
    ])

    private let environment: [String: String]
    /// Paints the icon at a few sizes: (side, ARGB32 pixels row by row); called at each read of
    /// IconPixmap.
    private let paintIcons: () -> [(side: Int, pixels: [UInt32])]
    private var connection: BusConnection?
    private var objects: [BusObject] = []
    private var watch: BusSlot?
    private var started = false
    private var queue: [TrayEvent] = []
    private(set) var menu = TrayMenu()
    /// The name the item is registered under.
    public let itemName: String
    /// Whether a watcher holds the item now.
    public private(set) var isRegistered = false

    /// A service for the session bus of `environment`, whose IconPixmap `icons` paints each time
    /// a host reads it (about once per host), so that its 15 KB of pixels are not kept.
    public init(environment: [String: String], icons: @escaping () -> [(side: Int, pixels: [UInt32])]) {
        self.environment = environment
        self.paintIcons = icons
        itemName = "org.kde.StatusNotifierItem-\(getpid())-1"
    }

    /// What to poll (nothing while disconnected).
    public var pollInterests: [PollRequest] { connection?.pollInterest.map { [$0] } ?? [] }

    /// When `service` is due without input.
    public var nextDeadline: Double? {
        if !started || !queue.isEmpty { return 0 }
        return connection?.nextDeadline
    }

    /// Connects the first time, processes the bus and returns what happened.
    public func service(now: Double) -> [TrayEvent] {
        if !started {
            started = true
            connect()
        }
        if let c = connection, !c.process() {
            connection = nil
            objects = []
            watch = nil
            isRegistered = false
            queue.append(.noHost("lost the session bus: the tray icon is gone until the keyboard is started again"))
        }
        defer { queue.removeAll() }
        return queue
    }

    /// The keyboard was shown or hidden: the menu's first item says what it will do.
    public func setKeyboardShown(_ shown: Bool) {
        guard menu.setKeyboardShown(shown) else { return }
        try? connection?.emitSignal(path: Self.menuPath, interface: Self.menuInterface.name, member: "LayoutUpdated",
                                    arguments: [.uint32(menu.revision), .int32(0)])
    }

    private func connect() {
        let c: BusConnection
        do { c = try BusConnection.session(environment: environment) } catch {
            queue.append(.noHost(error.description))
            return
        }
        do {
            objects = [try exportItem(on: c), try exportMenu(on: c)]
            // Flags 4: DBUS_NAME_FLAG_DO_NOT_QUEUE; the name is this process's own.
            try c.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                       member: "RequestName", arguments: [.string(itemName), .uint32(4)]) { _ in }
            watch = try c.subscribe("type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
                                    + "member='NameOwnerChanged',arg0='\(Self.watcherName)'") { [weak self] signal in
                guard let self, signal.arguments.count == 3, let owner = signal.arguments[2].string else { return }
                if owner.isEmpty {
                    self.isRegistered = false
                    self.queue.append(.noHost("the StatusNotifierWatcher (the panel's tray) went away"))
                } else {
                    self.register()
                }
            }
            try c.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                       member: "NameHasOwner", arguments: [.string(Self.watcherName)]) { [weak self] reply in
                guard let self else { return }
                if case .success(let values) = reply, values.first?.bool == true {
                    self.register()
                } else {
                    self.queue.append(.noHost("no StatusNotifierWatcher on the session bus (the panel has no such tray)"))
                }
            }
        } catch {
            objects = []
            queue.append(.noHost(error.description))
            return
        }
        connection = c
    }

    private func register() {
        // Called from replies and signals, which come inside `process`: connected by then.
        guard let c = connection else { return }
        do {
            try c.call(destination: Self.watcherName, path: "/StatusNotifierWatcher", interface: Self.watcherName,
                       member: "RegisterStatusNotifierItem", arguments: [.string(itemName)], autoStart: false) { [weak self] reply in
                guard let self else { return }
                switch reply {
                case .success:
                    self.isRegistered = true
                    self.queue.append(.shownInPanel)
                case .failure(let error):
                    self.queue.append(.noHost("the StatusNotifierWatcher refused the tray icon: \(error.description)"))
                }
            }
        } catch {
            queue.append(.noHost("cannot register the tray icon: \(error.description)"))
        }
    }

    // MARK: The objects

    private func exportItem(on c: BusConnection) throws(BusError) -> BusObject {
        try BusObject(connection: c, path: Self.itemPath, interfaces: [Self.itemInterface], get: { [weak self] _, name in
            guard let self else { return nil }
            switch name {
            case "Category": return .string("ApplicationStatus")
            case "Id": return .string("stackboard")
            case "Title": return .string("Stackboard")
            case "Status": return .string("Active")
            case "WindowId": return .int32(0)
            case "IconName": return .string("input-keyboard")
            case "IconPixmap": return self.iconPixmap
            case "ToolTip": return .structure([.string("input-keyboard"), self.iconPixmap, .string("Stackboard"),
                                               .string("On-screen keyboard: click to show or hide it")])
            case "ItemIsMenu": return .boolean(false)
            case "Menu": return .objectPath(Self.menuPath)
            default: return nil
            }
        }, onCall: { [weak self] call in
            call.reply()
            switch call.member {
            case "Activate", "SecondaryActivate": self?.queue.append(.request(.toggle))
            default: break // ContextMenu: hosts show the dbusmenu themselves; Scroll: nothing
            }
        })
    }

    /// IconPixmap: `a(iiay)`, each pixel ARGB32 in network byte order.
    private var iconPixmap: BusValue {
        .array(element: "(iiay)", paintIcons().map { icon in
            var bytes: [BusValue] = []
            bytes.reserveCapacity(icon.pixels.count * 4)
            for p in icon.pixels {
                for shift in [24, 16, 8, 0] { bytes.append(.byte(UInt8(truncatingIfNeeded: p >> UInt32(shift)))) }
            }
            return .structure([.int32(Int32(icon.side)), .int32(Int32(icon.side)), .array(element: "y", bytes)])
        })
    }

    private func exportMenu(on c: BusConnection) throws(BusError) -> BusObject {
        try BusObject(connection: c, path: Self.menuPath, interfaces: [Self.menuInterface], get: { _, name in
            switch name {
            case "Version": return .uint32(3)
            case "TextDirection": return .string("ltr")
            case "Status": return .string("normal")
            case "IconThemePath": return .strings([])
            default: return nil
            }
        }, onCall: { [weak self] call in
            guard let self else { return call.fail(name: "org.freedesktop.DBus.Error.Failed", message: "the keyboard is stopping") }
            self.answerMenu(call)
        })
    }

    private func answerMenu(_ call: IncomingCall) {
        let args = call.arguments
        func ids(_ value: BusValue) -> [Int32] { (value.elements ?? []).compactMap { $0.integer.map { Int32(truncatingIfNeeded: $0) } } }
        func names(_ value: BusValue) -> [String] { (value.elements ?? []).compactMap(\.string) }
        switch call.member {
        case "GetLayout":
            let parent = Int32(truncatingIfNeeded: args[0].integer ?? 0)
            guard menu.has(parent) else { return unknownItem(call, parent) }
            let depth = Int32(truncatingIfNeeded: args[1].integer ?? -1)
            call.reply([.uint32(menu.revision), menu.layout(of: parent, depth: depth, names: names(args[2]))])
        case "GetGroupProperties":
            let wanted = names(args[1])
            let all = ids(args[0]).isEmpty ? [0] + TrayMenu.Item.allCases.map(\.rawValue) : ids(args[0])
            let items: [BusValue] = all.filter { menu.has($0) }.map { id in
                .structure([.int32(id), .stringVariantDict(menu.properties(of: id).filter { wanted.isEmpty || wanted.contains($0.0) })])
            }
            call.reply([.array(element: "(ia{sv})", items)])
        case "GetProperty":
            let id = Int32(truncatingIfNeeded: args[0].integer ?? -1)
            guard let value = menu.properties(of: id).first(where: { $0.0 == args[1].string })?.1 else { return unknownItem(call, id) }
            call.reply([.variant(value)])
        case "Event":
            let id = Int32(truncatingIfNeeded: args[0].integer ?? -1)
            guard menu.has(id) else { return unknownItem(call, id) }
            call.reply()
            if args[1].string == "clicked", let request = menu.request(clicked: id) { queue.append(.request(request)) }
        case "EventGroup":
            var errors: [BusValue] = []
            for event in args[0].elements ?? [] {
                let fields = event.elements ?? []
                guard fields.count == 4, let id = fields[0].integer.map({ Int32(truncatingIfNeeded: $0) }), menu.has(id) else {
                    errors.append(.int32(Int32(truncatingIfNeeded: (event.elements?.first?.integer) ?? -1)))
                    continue
                }
                if fields[1].string == "clicked", let request = menu.request(clicked: id) { queue.append(.request(request)) }
            }
            call.reply([.array(element: "i", errors)])
        case "AboutToShow":
            call.reply([.boolean(false)])
        default: // AboutToShowGroup
            call.reply([.array(element: "i", []), .array(element: "i", [])])
        }
    }

    private func unknownItem(_ call: IncomingCall, _ id: Int32) {
        call.fail(name: "org.freedesktop.DBus.Error.InvalidArgs", message: "the tray menu has no item \(id)")
    }
}
