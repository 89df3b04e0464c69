import StackboardCore
import StackboardSystem

/// What the accessible keyboard asks of the keyboard.
public enum AccessibleServiceEvent: Equatable, Sendable {
    /// A screen reader pressed a key (`Action.DoAction`): tap the key at this geometry index.
    case press(keyIndex: Int)
    /// One line for stderr: why the keyboard is not on the accessibility bus, or that it is back.
    case notice(String)
}

/// The keyboard on the AT-SPI accessibility bus, as a poll-loop source: an application with a
/// frame and its keys (`AccessibleTree`) that a screen reader or a magnifier reads, with events
/// when they change. It stays idle until it is wanted: it watches the session bus's
/// `org.a11y.Status` (`IsEnabled`, `ScreenReaderEnabled`, at the start and when either turns
/// true later, or when the bus launcher starts) and only then joins the accessibility bus,
/// exports the tree and embeds its root in the registry's desktop (`Socket.Embed`). It never
/// starts the accessibility bus itself.
///
/// Nothing blocks: every question is asynchronous. No session bus: idle for good (the control
/// service says so). A lost or refused bus: one notice and another attempt later; the keyboard
/// works on either way.
public final class AccessibleService {
    /// What the application is and where its buses are.
    public struct Options {
        /// The environment (`DBUS_SESSION_BUS_ADDRESS`, `AT_SPI_BUS_ADDRESS`, `NO_AT_BRIDGE`).
        public var environment: [String: String]
        /// The program's version.
        public var version: String
        /// The keyboard's language.
        public var locale: String
        /// Retry timing after a loss.
        public var backoff: Backoff
        /// Options with the usual backoff.
        public init(environment: [String: String], version: String, locale: String, backoff: Backoff = Backoff()) {
            self.environment = environment; self.version = version; self.locale = locale; self.backoff = backoff
        }
    }

    private let options: Options
    private var backoff: Backoff
    private var session: BusConnection?
    private var sessionSlots: [BusSlot] = []
    private var a11y: BusConnection?
    private var a11ySlots: [BusSlot] = []
    /// When to connect to the session bus (nil: not now).
    private var retryAt: Double? = 0
    /// When to ask the status again after losing the accessibility bus (nil: not now).
    private var askAgainAt: Double?
    /// Whether the accessibility bus is being joined (its address asked, or connected and embedding).
    private var joining = false
    private var outage = false
    private var queue: [AccessibleServiceEvent] = []
    private var lastNow = 0.0
    /// The tree as last updated.
    public private(set) var tree = AccessibleTree()
    /// Who the tree belongs to.
    public private(set) var application: AccessibleApplication
    /// Whether the registry has embedded the root: events are sent from then on.
    public private(set) var isEmbedded = false

    /// A service that looks at the session bus on its first `service`.
    public init(options: Options) {
        self.options = options
        backoff = options.backoff
        application = AccessibleApplication(name: "Stackboard", version: options.version, locale: options.locale, busName: "")
    }

    /// Whether the keyboard should hand over what it shows (`update`): it is on the accessibility bus.
    public var wantsKeyboard: Bool { a11y != nil }

    /// What to poll.
    public var pollInterests: [PollRequest] { [session, a11y].compactMap { $0?.pollInterest } }

    /// When `service` is due without input.
    public var nextDeadline: Double? {
        if !queue.isEmpty { return 0 }
        return [retryAt, askAgainAt, session?.nextDeadline, a11y?.nextDeadline].compactMap { $0 }.min()
    }

    /// Connects when due, reads the buses and returns what happened.
    public func service(now: Double) -> [AccessibleServiceEvent] {
        lastNow = now
        if session == nil, let due = retryAt, due <= now { connectSession(now: now) }
        if let due = askAgainAt, due <= now {
            askAgainAt = nil
            if let s = session { askStatus(s) }
        }
        if let s = session, !s.process() {
            session = nil
            sessionSlots = []
            retryAt = backoff.nextAttempt(after: now)
        }
        if let c = a11y, !c.process() { lose("lost the accessibility bus", now: now) }
        defer { queue.removeAll() }
        return queue
    }

    /// What the keyboard shows now: the tree follows, and the registry hears what changed.
    public func update(_ keyboard: AccessibleKeyboard) {
        let events = tree.update(keyboard)
        guard isEmbedded, let c = a11y else { return }
        for event in events { send(event, on: c) }
    }

    // MARK: The session bus: whether accessibility is wanted

    private func connectSession(now: Double) {
        retryAt = nil
        if options.environment["NO_AT_BRIDGE"] == "1" { return } // as the toolkits: never on the bus
        let s: BusConnection
        do { s = try BusConnection.session(environment: options.environment) } catch {
            if error == .noSessionBus { return } // nothing will appear by itself; the control service says so
            return fail("\(error.description)", now: now)
        }
        do {
            sessionSlots = [
                try s.subscribe(Self.statusRule) { [weak self] signal in
                    guard let changed = signal.arguments.dropFirst().first?.stringDictionary else { return }
                    if Self.wanted(changed) { self?.join() }
                },
                try s.subscribe(Atspi.launcherOwnerRule) { [weak self, weak s] signal in
                    guard Atspi.launcherStarted(signal), let self, let s else { return }
                    self.askStatus(s)
                },
            ]
        } catch {
            return fail(error.description, now: now)
        }
        session = s
        askStatus(s)
    }

    /// The launcher's `PropertiesChanged` of `org.a11y.Status`.
    static let statusRule = "type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',"
        + "path='/org/a11y/bus',arg0='org.a11y.Status'"

    /// Whether `org.a11y.Status`'s properties say accessibility is on.
    static func wanted(_ status: [String: BusValue]) -> Bool {
        status["IsEnabled"]?.bool == true || status["ScreenReaderEnabled"]?.bool == true
    }

    /// Asks the launcher (without starting it) whether accessibility is on.
    private func askStatus(_ s: BusConnection) {
        try? s.call(destination: Atspi.launcher, path: "/org/a11y/bus", interface: "org.freedesktop.DBus.Properties",
                    member: "GetAll", arguments: [.string("org.a11y.Status")], autoStart: false) { [weak self] reply in
            guard case .success(let values) = reply, let status = values.first?.stringDictionary, Self.wanted(status) else { return }
            self?.join()
        }
    }

    // MARK: The accessibility bus

    /// Joins the accessibility bus (once; again after a loss).
    private func join() {
        guard a11y == nil, !joining else { return }
        joining = true
        // The toolkits' order: the environment's address, else the launcher's (a stale one fails).
        if let address = options.environment["AT_SPI_BUS_ADDRESS"], !address.isEmpty,
           let c = try? BusConnection(address: address, label: "accessibility bus") {
            return attach(c)
        }
        guard let s = session else { joining = false; return }
        do {
            try s.call(destination: Atspi.launcher, path: "/org/a11y/bus", interface: "org.a11y.Bus", member: "GetAddress",
                       autoStart: false) { [weak self] reply in
                guard let self else { return }
                switch reply {
                case .success(let values):
                    guard let address = values.first?.string, !address.isEmpty else {
                        return self.lose("org.a11y.Bus.GetAddress gave no address", now: self.lastNow)
                    }
                    do throws(BusError) { self.attach(try BusConnection(address: address, label: "accessibility bus")) } catch {
                        self.lose(error.description, now: self.lastNow)
                    }
                case .failure(let error):
                    self.lose("the session bus has no accessibility bus (\(error.description))", now: self.lastNow)
                }
            }
        } catch {
            lose(error.description, now: lastNow)
        }
    }

    /// Connected: exports the tree (and an empty cache, so that libatspi asks the objects
    /// themselves without a warning), follows the registry, then embeds.
    private func attach(_ c: BusConnection) {
        do {
            a11ySlots = [
                try c.exportSubtree(prefix: AccessibleTree.prefix) { [weak self] call in self?.handle(call) ?? false },
                try c.export(path: Self.cachePath) { call in
                    guard call.member == "GetItems" else { return false }
                    call.reply([.array(element: Self.cacheItem, [])])
                    return true
                },
                try c.subscribe(Self.registryOwnerRule) { [weak self] signal in
                    if Atspi.registryRestarted(signal) { self?.embed() }
                },
            ]
        } catch {
            return lose(error.description, now: lastNow)
        }
        a11y = c
        // Any answer of the bus comes after its answer to Hello: the unique name is known then.
        do {
            try c.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                       member: "GetId") { [weak self] _ in self?.embed() }
        } catch {
            lose(error.description, now: lastNow)
        }
    }

    /// Where AT-SPI clients look for an application's cache of objects (`org.a11y.atspi.Cache`).
    static let cachePath = "/org/a11y/atspi/cache"
    /// One item of `Cache.GetItems` (at-spi2-core 2.46).
    static let cacheItem = "((so)(so)(so)iiassusau)"

    /// The accessibility bus's news that the registry has a new owner (it restarted).
    static let registryOwnerRule =
        "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='org.a11y.atspi.Registry'"

    /// Asks the registry to put the application on its desktop (`Socket.Embed`).
    private func embed() {
        guard let c = a11y, let name = c.uniqueName else { return }
        application.busName = name
        do {
            try c.call(destination: Atspi.registry, path: AccessibleTree.rootPath, interface: "org.a11y.atspi.Socket",
                       member: "Embed", arguments: [.structure([.string(name), .objectPath(AccessibleTree.rootPath)])]) { [weak self] reply in
                guard let self else { return }
                switch reply {
                case .success(let values):
                    if let desktop = values.first?.elements, desktop.count == 2, let bus = desktop[0].string, let path = desktop[1].string {
                        self.application.desktop = (bus, path)
                    }
                    self.isEmbedded = true
                    self.joining = false
                    if self.outage { self.queue.append(.notice("screen readers see the keyboard again (AT-SPI)")) }
                    self.outage = false
                    self.backoff.reset()
                case .failure(let error):
                    self.lose("the accessibility registry did not take the keyboard (Embed: \(error.description))", now: self.lastNow)
                }
            }
        } catch {
            lose(error.description, now: lastNow)
        }
    }

    /// A method call to one of the tree's paths.
    private func handle(_ call: IncomingCall) -> Bool {
        guard let node = tree.node(at: call.path) else { return false } // an old key's path: UnknownObject
        let interfaces = AccessibleTree.interfaces(of: node)
        return BusObject.dispatch(call, interfaces: interfaces, xml: Self.introspection(of: node),
                                  get: { [tree, application] interface, name in tree.property(interface, name, of: node, in: application) },
                                  set: { [weak self] interface, name, value in
                                      guard interface == "org.a11y.atspi.Application", name == "Id", let id = value.integer else {
                                          return "only Application.Id can be set"
                                      }
                                      self?.application.id = Int32(truncatingIfNeeded: id)
                                      return nil
                                  }, onCall: { [weak self] call in
                                      guard let self else { return }
                                      switch self.tree.answer(call.interface, call.member, call.arguments, on: node, in: self.application) {
                                      case .reply(let values): call.reply(values)
                                      case .invalid(let message): call.fail(name: "org.freedesktop.DBus.Error.InvalidArgs", message: message)
                                      case .press(let index):
                                          call.reply([.boolean(true)])
                                          self.queue.append(.press(keyIndex: index))
                                      }
                                  })
    }

    /// The introspection XML of the application, the frame and a key (made once).
    private static let introspections: [String] = [AccessibleTree.Node.application, .frame, .key(0)].map {
        BusInterface.introspection(of: AccessibleTree.interfaces(of: $0))
    }

    private static func introspection(of node: AccessibleTree.Node) -> String {
        switch node {
        case .application: return introspections[0]
        case .frame: return introspections[1]
        case .key: return introspections[2]
        }
    }

    /// Sends one event from the object it concerns.
    private func send(_ event: AccessibleEvent, on c: BusConnection) {
        let (path, member, detail, one, two, data): (String, String, String, Int32, Int32, BusValue)
        switch event {
        case .childrenChanged(let p, let added, let index, let child):
            (path, member, detail, one, two) = (p, "ChildrenChanged", added ? "add" : "remove", Int32(index), 0)
            data = .structure([.string(application.busName), .objectPath(child)])
        case .nameChanged(let p, let name):
            (path, member, detail, one, two, data) = (p, "PropertyChange", "accessible-name", 0, 0, .string(name))
        case .stateChanged(let p, let state, let on):
            (path, member, detail, one, two, data) = (p, "StateChanged", state, on ? 1 : 0, 0, .int32(0))
        case .boundsChanged(let p, let r):
            (path, member, detail, one, two) = (p, "BoundsChanged", "", 0, 0)
            data = .structure([.int32(Int32(r.x)), .int32(Int32(r.y)), .int32(Int32(r.width)), .int32(Int32(r.height))])
        }
        // at-spi2-core 2.46's signature: detail, detail1, detail2, any_data, properties.
        try? c.emitSignal(path: path, interface: "org.a11y.atspi.Event.Object", member: member,
                          arguments: [.string(detail), .int32(one), .int32(two), .variant(data), .stringVariantDict([])])
    }

    // MARK: Failures

    private func fail(_ why: String, now: Double) {
        if !outage { queue.append(.notice("screen readers cannot see the keyboard for now: \(why); it works on and tries again")) }
        outage = true
        retryAt = backoff.nextAttempt(after: now)
    }

    /// The accessibility bus is gone or refused the keyboard: start again from the status later.
    private func lose(_ why: String, now: Double) {
        a11y = nil
        a11ySlots = []
        joining = false
        isEmbedded = false
        tree = AccessibleTree()
        if !outage { queue.append(.notice("screen readers cannot see the keyboard for now: \(why); it works on and tries again")) }
        outage = true
        askAgainAt = backoff.nextAttempt(after: now)
    }
}
