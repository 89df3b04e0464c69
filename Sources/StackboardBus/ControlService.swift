import StackboardCore
import StackboardSystem

/// What a D-Bus caller asked the keyboard to do.
public enum ControlServiceCommand: Equatable, Sendable {
    /// `Show` (both interfaces).
    case show
    /// `Hide` (both interfaces).
    case hide
    /// `Toggle`, Onboard's `ToggleVisible`.
    case toggle
    /// `SetLayout(s)`: the layout's name or file path; answer with `done()` or `fail(_:)`.
    case setLayout(String)
    /// Onboard's `AutoShowPaused` property set.
    case setAutoShowPaused(Bool)
    /// `SetClickType(s)`: what the next dwell click does; answer with `done()` or `fail(_:)`.
    case setClickType(ClickType)
    /// `Switch(u number, b pressed)`: scan switch `number` (1 to 5) went down or up.
    case switched(number: Int, pressed: Bool)
}

/// One request from the bus. `setLayout` waits for the runtime's answer; the others were answered
/// when they arrived (they cannot fail).
public final class ControlRequest {
    /// What was asked.
    public let command: ControlServiceCommand
    private let call: IncomingCall?
    init(_ command: ControlServiceCommand, call: IncomingCall? = nil) { self.command = command; self.call = call }
    /// The request was carried out.
    public func done() { call?.reply() }
    /// It could not be: `message` says why and what to do (the caller sees it as the D-Bus error
    /// `org.stackboard.Keyboard.Error.Failed`).
    public func fail(_ message: String) { call?.fail(name: "org.stackboard.Keyboard.Error.Failed", message: message) }
}

/// What the control service reports to the runtime.
public enum ControlServiceEvent {
    /// A command to carry out.
    case request(ControlRequest)
    /// One line for stderr (the bus is missing, lost or back, a name is taken).
    case notice(String)
}

/// Stackboard's D-Bus control on the session bus, as a poll-loop source: the name
/// `org.stackboard.Keyboard` at `/org/stackboard/Keyboard` (Show, Hide, Toggle, SetLayout, SetClickType, Switch; Visible and
/// Layout properties with PropertiesChanged), and Onboard's `org.onboard.Onboard` at
/// `/org/onboard/Onboard/Keyboard` (Show, Hide, ToggleVisible; Visible, AutoShowPaused) so that
/// scripts written for Onboard work. The runtime owns it: it carries out the requests `service`
/// returns and tells it the keyboard's state (`setVisible`, `setLayout`, `setAutoShowPaused`).
/// Without a session bus it says so once and stays idle; a lost bus is tried again with a backoff.
public final class ControlService {
    /// Stackboard's bus name, object path and interface.
    public static let busName = "org.stackboard.Keyboard"
    /// Where Stackboard's object is.
    public static let objectPath = "/org/stackboard/Keyboard"
    /// Onboard's bus name.
    public static let onboardBusName = "org.onboard.Onboard"
    /// Where Onboard's object is.
    public static let onboardPath = "/org/onboard/Onboard/Keyboard"

    /// `org.stackboard.Keyboard`.
    public static let stackboardInterface = BusInterface(name: "org.stackboard.Keyboard", methods: [
        .init("Show"), .init("Hide"), .init("Toggle"), .init("SetLayout", inputs: [("name", "s")]),
        .init("SetClickType", inputs: [("type", "s")]), .init("Switch", inputs: [("number", "u"), ("pressed", "b")]),
    ], properties: [.init("Visible", type: "b"), .init("Layout", type: "s")])
    /// `org.onboard.Onboard.Keyboard`, as Onboard 1.4 has it.
    public static let onboardInterface = BusInterface(name: "org.onboard.Onboard.Keyboard", methods: [
        .init("Show"), .init("Hide"), .init("ToggleVisible"),
    ], properties: [.init("Visible", type: "b"), .init("AutoShowPaused", type: "b", writable: true)])

    private let environment: [String: String]
    private let offerOnboard: Bool
    private var backoff: Backoff
    private var connection: BusConnection?
    private var objects: [BusObject] = []
    private var retryAt: Double? = 0 // the first service() connects
    private var outage = false
    private var queue: [ControlServiceEvent] = []
    private var visible = false
    private var layout = ""
    private var autoShowPaused = false

    /// A service for the session bus of `environment`; `onboard` also claims Onboard's name.
    public init(environment: [String: String], onboard: Bool = true, backoff: Backoff = Backoff()) {
        self.environment = environment
        self.offerOnboard = onboard
        self.backoff = backoff
    }

    /// What to poll (nothing while disconnected).
    public var pollInterests: [PollRequest] { connection?.pollInterest.map { [$0] } ?? [] }

    /// When `service` is due without input: a reconnection, a queued report, sd-bus's own timers.
    public var nextDeadline: Double? {
        if !queue.isEmpty { return 0 }
        return [retryAt, connection?.nextDeadline].compactMap { $0 }.min()
    }

    /// Connects when due, processes the bus and returns what happened.
    public func service(now: Double) -> [ControlServiceEvent] {
        if connection == nil, let due = retryAt, due <= now { connect(now: now) }
        if let c = connection, !c.process() { lose(now: now) }
        defer { queue.removeAll() }
        return queue
    }

    /// The keyboard was shown or hidden: `Visible` changes on both objects.
    public func setVisible(_ value: Bool) {
        guard value != visible else { return }
        visible = value
        emit(ControlService.stackboardInterface.name, [("Visible", .boolean(value))])
        emit(ControlService.onboardInterface.name, [("Visible", .boolean(value))])
    }

    /// The layout on screen changed.
    public func setLayout(_ name: String) {
        guard name != layout else { return }
        layout = name
        emit(ControlService.stackboardInterface.name, [("Layout", .string(name))])
    }

    /// Auto-show was paused or resumed (by Onboard's property or otherwise).
    public func setAutoShowPaused(_ value: Bool) {
        guard value != autoShowPaused else { return }
        autoShowPaused = value
        emit(ControlService.onboardInterface.name, [("AutoShowPaused", .boolean(value))])
    }

    private func emit(_ interface: String, _ changes: [(String, BusValue)]) {
        for object in objects where object.interfaces.contains(where: { $0.name == interface }) {
            try? object.propertiesChanged(interface: interface, changes)
        }
    }

    private func connect(now: Double) {
        retryAt = nil
        let c: BusConnection
        do { c = try BusConnection.session(environment: environment) } catch {
            if error == .noSessionBus {
                queue.append(.notice("D-Bus control is off: \(error.description); 'stackboard show/hide/toggle' still work"))
                return // nothing to wait for: no address will appear by itself
            }
            if !outage { queue.append(.notice("D-Bus control is off for now: \(error.description)")) }
            outage = true
            retryAt = backoff.nextAttempt(after: now)
            return
        }
        do {
            objects = [try exportStackboard(on: c)]
            if offerOnboard { objects.append(try exportOnboard(on: c)) }
            try claim(ControlService.busName, on: c, what: "D-Bus control goes to that program")
            if offerOnboard {
                try claim(ControlService.onboardBusName, on: c, what: "Onboard's interface is left to it (Onboard itself?)")
            }
        } catch {
            objects = []
            queue.append(.notice("D-Bus control is off for now: \(error.description)"))
            outage = true
            retryAt = backoff.nextAttempt(after: now)
            return
        }
        if outage { queue.append(.notice("D-Bus control is back on the session bus")) }
        outage = false
        backoff.reset()
        connection = c
    }

    private func lose(now: Double) {
        connection = nil
        objects = []
        queue.append(.notice("lost the session bus: D-Bus control is off until it is back"))
        outage = true
        retryAt = backoff.nextAttempt(after: now)
    }

    private func claim(_ name: String, on c: BusConnection, what: String) throws(BusError) {
        // Flags 4: DBUS_NAME_FLAG_DO_NOT_QUEUE. Replies: 1 primary owner, 2 queued, 3 exists, 4 already owner.
        try c.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                   member: "RequestName", arguments: [.string(name), .uint32(4)]) { [weak self] reply in
            switch reply {
            case .success(let values) where values.first?.integer == 1 || values.first?.integer == 4:
                break
            case .success:
                self?.queue.append(.notice("the D-Bus name \(name) is owned by another program: \(what)"))
            case .failure(let error):
                self?.queue.append(.notice("cannot own the D-Bus name \(name): \(error.description)"))
            }
        }
    }

    private func exportStackboard(on c: BusConnection) throws(BusError) -> BusObject {
        try BusObject(connection: c, path: ControlService.objectPath, interfaces: [ControlService.stackboardInterface],
                      get: { [weak self] _, name in
                          guard let self else { return nil }
                          switch name {
                          case "Visible": return .boolean(self.visible)
                          case "Layout": return .string(self.layout)
                          default: return nil
                          }
                      }, onCall: { [weak self] call in
                          switch call.member {
                          case "Show": self?.request(.show, call)
                          case "Hide": self?.request(.hide, call)
                          case "Toggle": self?.request(.toggle, call)
                          case "SetClickType":
                              let name = call.arguments.first?.string ?? ""
                              guard let type = ClickType(rawValue: name) else {
                                  return call.fail(name: "org.stackboard.Keyboard.Error.Failed",
                                                   message: "'\(name)' is not a click type: give \(ClickType.namesText)")
                              }
                              self?.queue.append(.request(ControlRequest(.setClickType(type), call: call)))
                          case "Switch":
                              let arguments = call.arguments
                              guard arguments.count == 2, case .uint32(let number) = arguments[0], (1...5).contains(number),
                                    case .boolean(let pressed) = arguments[1] else {
                                  return call.fail(name: "org.stackboard.Keyboard.Error.Failed",
                                                   message: "Switch takes a switch number from 1 to 5 and whether it is pressed (ub)")
                              }
                              self?.queue.append(.request(ControlRequest(.switched(number: Int(number), pressed: pressed), call: call)))
                          default:
                              let name = call.arguments.first?.string ?? ""
                              self?.queue.append(.request(ControlRequest(.setLayout(name), call: call)))
                          }
                      })
    }

    private func exportOnboard(on c: BusConnection) throws(BusError) -> BusObject {
        try BusObject(connection: c, path: ControlService.onboardPath, interfaces: [ControlService.onboardInterface],
                      get: { [weak self] _, name in
                          guard let self else { return nil }
                          return name == "Visible" ? .boolean(self.visible) : .boolean(self.autoShowPaused)
                      }, set: { [weak self] _, _, value in
                          guard let self, let paused = value.bool else { return "AutoShowPaused takes a boolean" }
                          self.queue.append(.request(ControlRequest(.setAutoShowPaused(paused))))
                          return nil
                      }, onCall: { [weak self] call in
                          switch call.member {
                          case "Show": self?.request(.show, call)
                          case "Hide": self?.request(.hide, call)
                          default: self?.request(.toggle, call)
                          }
                      })
    }

    private func request(_ command: ControlServiceCommand, _ call: IncomingCall) {
        call.reply()
        queue.append(.request(ControlRequest(command)))
    }
}
