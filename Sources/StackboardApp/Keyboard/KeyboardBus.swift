import StackboardBus
import StackboardCore
import StackboardSystem
import StackboardX11
#if canImport(Glibc)
import Glibc
#endif

/// The keyboard's D-Bus side, one source of the loop: the control service on the session bus
/// (always, when there is a bus), the AT-SPI focus tracker (with auto-show), and the auto-show
/// policy that turns focus, matchbox messages and physical keys into show and hide.
final class KeyboardBus: LoopSource {
    let service: ControlService
    let tracker: FocusTracker?
    private(set) var policy: AutoShowPolicy
    /// Carries out the decisions and the requests.
    weak var controller: KeyboardController?
    /// Whether the missing session bus is worth a line (only when auto-show needs it).
    private let quietWithoutBus: Bool

    /// The service on the session bus of `environment`; with `autoShow`, a focus tracker too
    /// (the accessibility bus from the environment, the root window or the session bus).
    init(environment: [String: String], autoShow: Bool, hideOnPhysicalKeys: Bool, connection: XConnection) {
        service = ControlService(environment: environment)
        tracker = autoShow ? FocusTracker(options: .init(environment: environment,
                                                         x11Address: { [connection] in connection.accessibilityBusAddress() },
                                                         ownProcess: getpid())) : nil
        policy = AutoShowPolicy(hideOnPhysicalKeys: hideOnPhysicalKeys, ownProcess: getpid())
        quietWithoutBus = !autoShow && SessionBusAddress.resolve(environment: environment) == nil
    }

    // MARK: LoopSource

    var pollRequests: [PollRequest] { service.pollInterests + (tracker?.pollInterests ?? []) }

    var nextDeadline: Double? {
        [service.nextDeadline, tracker?.nextDeadline, policy.nextDeadline].compactMap { $0 }.min()
    }

    func dispatch(now: Double) {
        for event in service.service(now: now) {
            switch event {
            case .request(let request): carryOut(request, now: now)
            case .notice(let line): if !quietWithoutBus { printError("stackboard: " + line) }
            }
        }
        if let tracker {
            for event in tracker.service(now: now) {
                switch event {
                case .focused(let facts): decide(policy.handle(.focused(facts), now: now), now: now)
                case .unfocused(let id): decide(policy.handle(.unfocused(id), now: now), now: now)
                case .applicationGone(let name): decide(policy.handle(.applicationGone(busName: name), now: now), now: now)
                case .trackingLost: decide(policy.handle(.trackingLost, now: now), now: now)
                case .notice(let line): printError("stackboard: " + line)
                }
            }
        }
        decide(policy.advance(to: now), now: now)
    }

    // MARK: From the keyboard

    /// A matchbox `_MB_IM_INVOKER_COMMAND`.
    func invoked(_ command: InvokerCommand, now: Double) {
        decide(policy.handle(.invoker(command), now: now), now: now)
    }

    /// A physical keyboard typed (XInput source device `device`).
    func physicalKey(device: Int, now: Double) {
        decide(policy.handle(.physicalKey(device: device), now: now), now: now)
    }

    /// The user showed or hid the keyboard by command (the CLI, D-Bus, a signal).
    func commanded(visible: Bool, now: Double) {
        decide(policy.handle(.commanded(visible: visible), now: now), now: now)
    }

    private func decide(_ decisions: [AutoShowDecision], now: Double) {
        for decision in decisions { controller?.autoShow(decision, now: now) }
    }

    private func carryOut(_ request: ControlRequest, now: Double) {
        guard let controller else { return request.fail("the keyboard is shutting down") }
        switch request.command {
        case .show: controller.handle(.show, now: now)
        case .hide: controller.handle(.hide, now: now)
        case .toggle: controller.handle(.toggle, now: now)
        case .setLayout(let name):
            if let problem = controller.switchLayout(named: name, now: now) { return request.fail(problem) }
        case .setAutoShowPaused(let paused):
            decide(policy.handle(.paused(paused), now: now), now: now)
            service.setAutoShowPaused(paused)
        }
        request.done()
    }
}

/// The D-Bus service hears the keyboard's state like the X control channel does.
extension ControlService: KeyboardPublishing {
    func publish(state: String) { setVisible(state == "shown") }
    func publish(layout: String) { setLayout(layout) }
}

/// Publishes to several places (the X control channel and D-Bus).
final class PublisherFanOut: KeyboardPublishing {
    let targets: [KeyboardPublishing]
    init(_ targets: [KeyboardPublishing]) { self.targets = targets }
    func publish(state: String) { for t in targets { t.publish(state: state) } }
    func publish(layout: String) { for t in targets { t.publish(layout: layout) } }
}
