import StackboardCore
import StackboardSystem

/// What the focus tracker reports.
public enum FocusEvent: Equatable, Sendable {
    /// An accessible got the focus; what it is was asked of its application.
    case focused(FocusFacts)
    /// An accessible lost the focus.
    case unfocused(AccessibleID)
    /// The caret of the focused field moved (a key, a click in the text, the application itself):
    /// its text before the caret may be read again.
    case caretMoved(AccessibleID)
    /// An application left the accessibility bus (quit, crashed, killed).
    case applicationGone(busName: String)
    /// The accessibility bus went away; it is tried again.
    case trackingLost
    /// One line for stderr: what is off and how to turn it on, or that it is back.
    case notice(String)
}

/// Follows the keyboard focus of every application on the AT-SPI accessibility bus, as a poll-loop
/// source. Subscribes the way Onboard does (`object:state-changed:focused` and `focus:`); for each
/// focused accessible it asks its application, asynchronously and with a time-out, for the role,
/// states, attributes, screen extents, caret extents and process id, and reports the facts once all
/// answers (or time-outs) are in. A hung application never blocks the loop: its questions time out.
///
/// The bus is found the way the toolkits find it: `AT_SPI_BUS_ADDRESS`, the `AT_SPI_BUS` property of
/// the root window (read by the runtime, `Options.x11Address`), then `org.a11y.Bus.GetAddress` on the
/// session bus. No session bus: one notice, then idle for good. A lost bus: `.trackingLost`, one
/// notice, and new attempts with a backoff deadline (no busy loop); idle otherwise (no deadline).
/// Without `Options.startsBus` it never starts the accessibility bus; it joins one that runs, now or
/// when its launcher appears (`FocusTracker.findFocus(ofJoined:)`).
public final class FocusTracker {
    /// Where to look and how long to wait.
    public struct Options {
        /// The environment to read bus addresses from.
        public var environment: [String: String]
        /// The root window's `AT_SPI_BUS` property, read when (re)connecting; nil when unavailable.
        public var x11Address: () -> String?
        /// The keyboard's own process: its accessibles are not asked about.
        public var ownProcess: Int32?
        /// Seconds an application gets to answer a question.
        public var queryTimeout: Double
        /// Retry timing after a loss.
        public var backoff: Backoff
        /// Whether the tracker may start the accessibility bus (D-Bus activation of its launcher)
        /// and tries again a bus it cannot reach at the start: auto-show needs it. False (the
        /// password watch): it only joins a bus that runs, now or later, and never starts one;
        /// a started bus is at-spi-bus-launcher, a second dbus-daemon and at-spi2-registryd, which
        /// wakes at every key any application gets. A bus that was connected and lost is retried.
        public var startsBus: Bool
        /// Whether the tracker turns toolkit accessibility on when it is off (see
        /// `enableToolkitAccessibility`).
        public var enablesToolkitAccessibility: Bool
        /// Options with the usual time-out (2 s) and backoff (0.25 s doubling to 30 s).
        public init(environment: [String: String], x11Address: @escaping () -> String? = { nil },
                    ownProcess: Int32? = nil, queryTimeout: Double = 2, backoff: Backoff = Backoff(),
                    startsBus: Bool = true, enablesToolkitAccessibility: Bool = true) {
            self.environment = environment; self.x11Address = x11Address; self.ownProcess = ownProcess
            self.queryTimeout = queryTimeout; self.backoff = backoff; self.startsBus = startsBus
            self.enablesToolkitAccessibility = enablesToolkitAccessibility
        }
    }

    let options: Options
    var backoff: Backoff
    /// The session bus, only while asking it where the accessibility bus is (or, without
    /// `startsBus`, while waiting for its launcher).
    var session: BusConnection?
    /// Questions to the session bus not answered yet; it is closed when none is left (and no
    /// launcher is awaited).
    var sessionQuestions = 0
    /// Without `startsBus`: the session bus's signal that the launcher started, while it is awaited.
    var launcherWatch: BusSlot?
    var a11y: BusConnection?
    var slots: [BusSlot] = []
    var retryAt: Double? = 0 // the first service() connects
    var outage = false
    /// Whether the accessibility bus was ever connected (a lost one is always retried).
    var wasConnected = false
    /// Whether `org.a11y.Status.IsEnabled` was looked at (once per tracker).
    var checkedToolkits = false
    var queue: [FocusEvent] = []
    var pids: [String: Int32] = [:]
    /// The accessible whose facts were reported last (until it loses the focus).
    var current: AccessibleID?
    /// What was reported about `current`.
    public internal(set) var currentFacts: FocusFacts?
    /// A focused accessible that answered nothing, asked about again at `at` (see
    /// `FocusQuery.answeredNothing`); a focus event or its loss drops it.
    var askAgain: (id: AccessibleID, at: Double, retries: Int)?
    /// The `now` of the last `service` call.
    var lastService = 0.0
    /// How long before an accessible that answered nothing is asked again: s.
    static let askAgainSeconds = 0.25
    /// How many times it is asked again (5 s in all: GTK 4 embeds late on a loaded machine).
    static let askAgainLimit = 20
    /// The query under way, and its number (answers to older ones are dropped).
    var query: FocusQuery?
    var generation = 0
    /// Event registrations the registry has confirmed on this connection.
    var registered = 0

    /// A tracker that connects on its first `service`.
    public init(options: Options) {
        self.options = options
        self.backoff = options.backoff
    }

    /// Whether the tracker is connected to the accessibility bus now.
    public var isConnected: Bool { a11y != nil }
    /// Whether the registry has confirmed every event registration (applications started from now
    /// on send their focus events; ones already running learn it from the registry's signal).
    public var isListening: Bool { a11y != nil && registered >= Atspi.focusEvents.count }

    /// What to poll: the accessibility bus, and the session bus while it is being asked.
    public var pollInterests: [PollRequest] { [session, a11y].compactMap { $0?.pollInterest } }

    /// When `service` is due without input (a reconnection, queued reports, answers' time-outs).
    public var nextDeadline: Double? {
        if !queue.isEmpty { return 0 }
        return [retryAt, askAgain?.at, session?.nextDeadline, a11y?.nextDeadline].compactMap { $0 }.min()
    }

    /// Connects when due, reads the buses and returns what happened since the last call.
    public func service(now: Double) -> [FocusEvent] {
        lastService = now
        if let again = askAgain, again.at <= now {
            askAgain = nil
            ask(about: again.id, retries: again.retries)
        }
        if a11y == nil, let due = retryAt, due <= now {
            session = nil
            connect(now: now)
        }
        if let s = session, !s.process() {
            launcherWatch = nil
            session = nil
            if a11y == nil { fail("lost the session bus while looking for the accessibility bus", now: now) }
        }
        if let c = a11y, !c.process() { lose(now: now) }
        defer { queue.removeAll() }
        return queue
    }

    // MARK: Connecting

    func connect(now: Double) {
        retryAt = nil
        // A stale address (the launcher restarted) fails to connect: the session bus knows the new one.
        for address in [options.environment["AT_SPI_BUS_ADDRESS"], options.x11Address()] {
            guard let address, !address.isEmpty else { continue }
            if let c = try? BusConnection(address: address, label: "accessibility bus") {
                attach(c, now: now)
                return
            }
        }
        let s: BusConnection
        do { s = try BusConnection.session(environment: options.environment) } catch {
            if error == .noSessionBus {
                queue.append(.notice("auto-show is off: no accessibility bus, \(error.description)"))
                return // nothing will appear by itself: stay idle
            }
            return fail("\(error.description)", now: now)
        }
        session = s
        guard options.startsBus else { return join(s, now: now) }
        sessionQuestions = 1
        do {
            try askAddress(s, now: now)
        } catch {
            session = nil
            fail(error.description, now: now)
        }
    }

    /// Asks the session bus for the accessibility bus's address (starting its launcher only with
    /// `startsBus`).
    func askAddress(_ s: BusConnection, now: Double) throws(BusError) {
        try s.call(destination: Atspi.launcher, path: "/org/a11y/bus", interface: "org.a11y.Bus",
                   member: "GetAddress", timeout: 10, autoStart: options.startsBus) { [weak self] reply in
            self?.addressArrived(reply, now: now)
        }
    }

    private func addressArrived(_ reply: BusConnection.Reply, now: Double) {
        switch reply {
        case .success where a11y != nil:
            break // the launcher's watch and the first question both answered: joined already
        case .success(let values):
            guard let address = values.first?.string, !address.isEmpty else {
                return fail("org.a11y.Bus.GetAddress gave no address", now: now)
            }
            do { attach(try BusConnection(address: address, label: "accessibility bus"), now: now) } catch {
                fail(error.description, now: now)
            }
        case .failure(let error) where !options.startsBus && Atspi.notRunning(error):
            break // not started: the launcher's watch waits for it
        case .failure(let error):
            fail("the session bus has no accessibility bus (\(error.description)); install at-spi2-core, "
                 + "whose at-spi-bus-launcher provides org.a11y.Bus", now: now)
        }
        sessionAnswered()
    }

    func sessionAnswered() {
        sessionQuestions -= 1
        if sessionQuestions <= 0 && launcherWatch == nil { session = nil }
    }

    /// Turns toolkit accessibility on (`org.a11y.Status.IsEnabled`, as Onboard does), once, when
    /// it is off: Firefox, Qt and Chromium put their fields on the accessibility bus only then
    /// (GTK 3 always does), and a field the keyboard cannot see is neither followed nor learned
    /// from. Asked on the session bus, without starting the launcher (it runs: the tracker is on
    /// its bus). A failure is one notice that says what to do instead.
    func enableToolkitAccessibility() {
        guard options.enablesToolkitAccessibility, !checkedToolkits else { return }
        checkedToolkits = true
        let s: BusConnection
        if let open = session { s = open } else {
            guard let opened = try? BusConnection.session(environment: options.environment) else { return }
            s = opened
            session = opened
            sessionQuestions = 0
        }
        sessionQuestions += 1
        do {
            try s.call(destination: Atspi.launcher, path: "/org/a11y/bus", interface: "org.freedesktop.DBus.Properties",
                       member: "Get", arguments: [.string("org.a11y.Status"), .string("IsEnabled")],
                       autoStart: false) { [weak self, weak s] reply in
                guard let self else { return }
                if case .success(let values) = reply, values.first?.bool == false, let s { self.setEnabled(on: s) }
                self.sessionAnswered()
            }
        } catch {
            sessionAnswered()
        }
    }

    private func setEnabled(on s: BusConnection) {
        sessionQuestions += 1
        do {
            try s.call(destination: Atspi.launcher, path: "/org/a11y/bus", interface: "org.freedesktop.DBus.Properties",
                       member: "Set", arguments: [.string("org.a11y.Status"), .string("IsEnabled"), .variant(.boolean(true))],
                       autoStart: false) { [weak self] reply in
                guard let self else { return }
                if case .failure(let error) = reply { self.queue.append(.notice(Self.toolkitsOffNotice(error.description))) }
                self.sessionAnswered()
            }
        } catch {
            sessionAnswered()
            queue.append(.notice(Self.toolkitsOffNotice(error.description)))
        }
    }

    /// What to do when toolkit accessibility cannot be turned on.
    static func toolkitsOffNotice(_ why: String) -> String {
        "cannot turn toolkit accessibility on (org.a11y.Status.IsEnabled: \(why)): GTK 3 applications are followed "
            + "anyway; for the others run 'gsettings set org.gnome.desktop.interface toolkit-accessibility true', or start "
            + "Firefox with GNOME_ACCESSIBILITY=1, Qt applications with QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1, Chromium and "
            + "Electron with --force-renderer-accessibility"
    }

    /// Connected: subscribe, register the events with the registry.
    func attach(_ c: BusConnection, now: Double) {
        launcherWatch = nil
        do {
            slots = try Atspi.matchRules.map { rule throws(BusError) in
                try c.subscribe(rule) { [weak self] signal in self?.handle(signal) }
            }
            try registerEvents(on: c)
        } catch {
            slots = []
            return fail(error.description, now: now)
        }
        a11y = c
        wasConnected = true
        enableToolkitAccessibility()
        if outage { queue.append(.notice("auto-show: the accessibility bus is back")) }
        outage = false
        backoff.reset()
    }

    func registerEvents(on c: BusConnection) throws(BusError) {
        registered = 0
        for event in Atspi.focusEvents {
            // at-spi2-core 2.46: RegisterEvent(s event, as properties, s app_bus_name); older: (s).
            try c.call(destination: Atspi.registry, path: Atspi.registryPath, interface: Atspi.registry,
                       member: "RegisterEvent", arguments: [.string(event), .strings([]), .string("")]) { [weak self, weak c] reply in
                switch reply {
                case .success: self?.registeredOne(on: c)
                case .failure(.remote(_, let name, _)) where name.hasSuffix("InvalidArgs"):
                    try? c?.call(destination: Atspi.registry, path: Atspi.registryPath, interface: Atspi.registry,
                                 member: "RegisterEvent", arguments: [.string(event)]) { [weak self] reply in
                        if case .success = reply { self?.registeredOne(on: c) }
                    }
                case .failure(let error):
                    self?.queue.append(.notice("auto-show: the accessibility registry refused \(event): \(error.description)"))
                }
            }
        }
    }

    /// The registry confirmed one registration; with the last one, the present focus is looked for.
    private func registeredOne(on c: BusConnection?) {
        registered += 1
        if registered == Atspi.focusEvents.count, let c { findPresentFocus(on: c) }
    }

    func fail(_ why: String, now: Double) {
        if !outage { queue.append(.notice("auto-show is off for now: \(why)")) }
        outage = true
        retryAt = options.startsBus || wasConnected ? backoff.nextAttempt(after: now) : nil
    }

    func lose(now: Double) {
        a11y = nil
        slots = []
        launcherWatch = nil
        session = nil
        pids = [:]
        current = nil
        currentFacts = nil
        askAgain = nil
        query = nil
        queue.append(.trackingLost)
        queue.append(.notice("lost the accessibility bus: auto-show pauses until it is back"))
        outage = true
        retryAt = backoff.nextAttempt(after: now)
    }
}

/// The password watch's way onto the accessibility bus (`Options.startsBus` false): it never
/// starts the bus. It watches the session bus for the launcher's name first, then asks for the
/// address without auto-start; a launcher that is not running is awaited (no deadline, no retry),
/// and the first application that starts it (every GTK application does) brings the tracker on.
extension FocusTracker {
    /// Watches for the launcher on `s`, then asks where the bus is.
    func join(_ s: BusConnection, now: Double) {
        do {
            launcherWatch = try s.subscribe(Atspi.launcherOwnerRule) { [weak self, weak s] signal in
                guard Atspi.launcherStarted(signal), let self, let s, self.a11y == nil else { return }
                self.sessionQuestions += 1
                do { try self.askAddress(s, now: now) } catch { self.sessionAnswered() }
            }
            sessionQuestions = 1
            try askAddress(s, now: now)
        } catch {
            launcherWatch = nil
            session = nil
            fail(error.description, now: now)
        }
    }
}

/// The focus that was there before the tracker could hear of it. A field focused before the
/// keyboard started sends no focus event, so once the registry has confirmed the registrations
/// the tracker asks each application on the bus for its FOCUSED object (AT-SPI's Collection
/// interface, one question per application, as a screen reader finds the focus when it starts)
/// and asks about the first one found, unless a focus event came first.
///
/// An application that joins later sends nothing until the registry has told it who listens
/// (at-spi2-atk installs its event hooks only then, after Embed and GetRegisteredEvents), and a
/// window the window manager focuses as it maps (GTK gives its first entry the focus) can take
/// its focus before that: the event is never sent, and a tap on that entry changes nothing. So
/// for each application the registry announces, the tracker registers a probe event and, once
/// the registry has answered, asks that application for its focused object. The registry sends
/// every application the probe's EventListenerRegistered before its answer, so the application
/// reads it, and sends events from then on, before it reads the question: a focus taken earlier
/// is in the answer, a later one comes as an event. The probe is deregistered at once.
extension FocusTracker {
    /// Asks the registry for the applications, then each of them for its focused object.
    func findPresentFocus(on c: BusConnection) {
        let t = options.queryTimeout
        try? c.call(destination: Atspi.registry, path: Atspi.rootPath, interface: "org.a11y.atspi.Accessible",
                    member: "GetChildren", timeout: t) { [weak self, weak c] reply in
            guard let self, let c, case .success(let values) = reply else { return }
            for app in Atspi.references(values) where app.busName != c.uniqueName {
                try? c.call(destination: app.busName, path: Atspi.rootPath, interface: "org.a11y.atspi.Collection",
                            member: "GetMatches", arguments: Atspi.focusedMatch, timeout: t) { [weak self] reply in
                    guard let self, case .success(let values) = reply, let found = Atspi.references(values).first,
                          self.current == nil, self.query == nil else { return }
                    self.ask(about: found)
                }
            }
        }
    }

    /// Registers and deregisters the probe, then asks the application `app`, which the registry
    /// has just announced, for its focused object; asks about it unless a focus came meanwhile or
    /// the focus followed is already one of `app`'s: its events come, so there is nothing to catch
    /// up on, and the first FOCUSED object of its tree could only repeat them or, where that is
    /// not the field, contradict them.
    func findFocus(ofJoined app: String, on c: BusConnection) {
        guard app != c.uniqueName else { return }
        let t = options.queryTimeout
        // Answered or refused (a registry without the probe's signature): the question goes anyway.
        try? c.call(destination: Atspi.registry, path: Atspi.registryPath, interface: Atspi.registry, member: "RegisterEvent",
                    arguments: [.string(Atspi.probeEvent), .strings([]), .string("")], timeout: t) { [weak self, weak c] _ in
            guard let self, let c else { return }
            try? c.call(destination: Atspi.registry, path: Atspi.registryPath, interface: Atspi.registry,
                        member: "DeregisterEvent", arguments: [.string(Atspi.probeEvent)], timeout: t) { _ in }
            let asked = self.generation
            try? c.call(destination: app, path: Atspi.rootPath, interface: "org.a11y.atspi.Collection",
                        member: "GetMatches", arguments: Atspi.focusedMatch, timeout: t) { [weak self] reply in
                guard let self, case .success(let values) = reply, let found = Atspi.references(values).first,
                      self.generation == asked, self.current?.busName != app, self.query?.id.busName != app else { return }
                self.ask(about: found)
            }
        }
    }
}
