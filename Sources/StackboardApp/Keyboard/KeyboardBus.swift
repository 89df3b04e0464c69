import StackboardBus
import StackboardCore
import StackboardSystem
import StackboardX11
#if canImport(Glibc)
import Glibc
#endif

/// The keyboard's D-Bus side, one source of the loop: the control service on the session bus
/// (always, when there is a bus), the AT-SPI focus tracker (always, when there is an accessibility
/// bus: a password field is never learned from, with or without auto-show; only auto-show starts
/// the bus, the password watch joins one that applications started), and the auto-show policy
/// that turns focus, matchbox messages and physical keys into show and hide.
final class KeyboardBus: LoopSource {
    let service: ControlService
    let tracker: FocusTracker
    private(set) var policy: AutoShowPolicy
    /// Whether the focus is in a password field (followed with or without auto-show).
    private(set) var secureField: SecureFieldWatch
    /// Whether focus changes show and hide the keyboard (`--auto-show`, or the settings panel).
    private var autoShow: Bool
    /// Carries out the decisions and the requests.
    weak var controller: KeyboardController?
    /// Whether the missing session bus is worth a line (only when auto-show needs it).
    private let quietWithoutBus: Bool
    /// The tray icon as a StatusNotifierItem (nil: `--tray off`).
    let tray: TrayService?
    /// Whether a missing tray is said on stderr (`--tray on`; once).
    private var sayNoTray: Bool
    /// Told whether the panel shows the StatusNotifierItem (true), or why not (false and the
    /// reason: the XEmbed tray is tried instead, and `noTray` said when there is none either).
    var onTrayHost: ((_ inPanel: Bool, _ reason: String) -> Void)?

    /// The service on the session bus of `environment` and a focus tracker (the accessibility bus
    /// from the environment, the root window or the session bus). Without `autoShow` the tracker
    /// only tells password fields, says nothing, and never starts the accessibility bus: it joins
    /// it when an application starts it.
    init(environment: [String: String], autoShow: Bool, hideOnPhysicalKeys: Bool, connection: XConnection,
         tray: TrayService?, sayNoTray: Bool) {
        service = ControlService(environment: environment)
        self.tray = tray
        self.sayNoTray = sayNoTray
        tracker = FocusTracker(options: .init(environment: environment,
                                              x11Address: { [connection] in connection.accessibilityBusAddress() },
                                              ownProcess: getpid(), startsBus: autoShow))
        policy = AutoShowPolicy(hideOnPhysicalKeys: hideOnPhysicalKeys, ownProcess: getpid())
        secureField = SecureFieldWatch(ownProcess: getpid())
        self.autoShow = autoShow
        quietWithoutBus = !autoShow && SessionBusAddress.resolve(environment: environment) == nil
    }

    // MARK: LoopSource

    var pollRequests: [PollRequest] { service.pollInterests + tracker.pollInterests + (tray?.pollInterests ?? []) }

    var nextDeadline: Double? {
        [service.nextDeadline, tracker.nextDeadline, policy.nextDeadline, tray?.nextDeadline].compactMap { $0 }.min()
    }

    func dispatch(now: Double) {
        for event in service.service(now: now) {
            switch event {
            case .request(let request): carryOut(request, now: now)
            case .notice(let line): if !quietWithoutBus { printError("stackboard: " + line) }
            }
        }
        for event in tracker.service(now: now) {
            switch event {
            case .focused(let facts):
                focus(.focused(facts), now: now)
                controller?.fieldFocused(facts.isEditable ? facts.fieldKind : nil, now: now)
            case .unfocused(let id):
                focus(.unfocused(id), now: now)
                controller?.fieldFocused(nil, now: now)
            case .applicationGone(let name):
                focus(.applicationGone(busName: name), now: now)
                if tracker.currentFacts == nil { controller?.fieldFocused(nil, now: now) }
            case .trackingLost:
                focus(.trackingLost, now: now)
                controller?.fieldFocused(nil, now: now)
            case .caretMoved:
                controller?.fieldCaretMoved()
            case .notice(let line): if autoShow { printError("stackboard: " + line) }
            }
        }
        for event in tray?.service(now: now) ?? [] {
            switch event {
            case .request(let request): carryOut(request, now: now)
            case .shownInPanel: onTrayHost?(true, "")
            case .noHost(let line):
                if let onTrayHost { onTrayHost(false, line) } else { noTray(line) }
            }
        }
        decide(policy.advance(to: now), now: now)
        // The bus is served after the X events: what its news changed (the bar's words, the
        // shift latched for a field read) is painted now, not at the next X event.
        controller?.runtime.repaint(now: now)
    }

    /// A focus report: the password watch hears it first (so that a show for a password field
    /// finds the keyboard secure already), then auto-show.
    private func focus(_ input: AutoShowInput, now: Double) {
        if secureField.handle(input) { controller?.secureFieldChanged(secureField.isSecure) }
        if autoShow { decide(policy.handle(input, now: now), now: now) }
    }

    // MARK: From the keyboard

    /// Auto-show turned on or off by the settings panel: focus changes show and hide the
    /// keyboard from the next one on. (The accessibility bus is started only by a keyboard started
    /// with auto-show; turned on here, the tracker follows a bus that applications started.)
    func setAutoShow(_ on: Bool) {
        autoShow = on
    }

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

    /// Says once, with `--tray on`, why there is no tray icon.
    func noTray(_ line: String) {
        guard sayNoTray else { return }
        sayNoTray = false
        printError("stackboard: no tray icon: " + line)
    }

    /// What the tray icon or its menu asked for, through the same commands as the control channel.
    private func carryOut(_ request: TrayRequest, now: Double) {
        guard let controller else { return }
        switch request {
        case .show: controller.handle(.show, now: now)
        case .hide: controller.handle(.hide, now: now)
        case .toggle: controller.handle(.toggle, now: now)
        case .settings: controller.openSettings(now: now)
        case .quit: controller.handle(.quit, now: now)
        }
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
        case .setClickType(let type):
            if let problem = controller.chooseClick(type) { return request.fail(problem) }
        case .switched(let number, let pressed):
            guard controller.scan != nil else {
                return request.fail("the keyboard does not scan: start it with --scan (or any --scan-* option)")
            }
            controller.handle(.switched(number: number, pressed: pressed), now: now)
        }
        request.done()
    }
}

/// The D-Bus service hears the keyboard's state like the X control channel does.
extension ControlService: KeyboardPublishing {
    func publish(state: String) { setVisible(state == "shown") }
    func publish(layout: String) { setLayout(layout) }
}

/// The tray menu's first item says whether it shows or hides the keyboard.
extension TrayService: KeyboardPublishing {
    func publish(state: String) { setKeyboardShown(state == "shown") }
    func publish(layout: String) {}
}

/// Publishes to several places (the X control channel and D-Bus).
final class PublisherFanOut: KeyboardPublishing {
    var targets: [KeyboardPublishing]
    init(_ targets: [KeyboardPublishing]) { self.targets = targets }
    func publish(state: String) { for t in targets { t.publish(state: state) } }
    func publish(layout: String) { for t in targets { t.publish(layout: layout) } }
}
