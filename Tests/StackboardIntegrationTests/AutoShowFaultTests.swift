import Foundation
import StackboardBus
import StackboardCore
import StackboardX11
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Auto-show and D-Bus control when the buses are missing, die or come back, and when the focused
/// application dies.
@Suite struct AutoShowFaultTests {
    @Test func noSessionBusGivesOneNoticeEachAndNoWakeUps() throws {
        let x = try XSession(wm: .none)
        defer { x.close() }
        var env = x.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = nil
        env["AT_SPI_BUS_ADDRESS"] = nil // XDG_RUNTIME_DIR is the session's folder: no bus socket there
        let loop = SourceLoop(tracker: FocusTracker(options: .init(environment: env)),
                              control: ControlService(environment: env))
        loop.run(timeout: 10) { loop.notices.count >= 2 }
        #expect(loop.notices.count == 2, "\(loop.notices)")
        #expect(loop.notices.contains { $0.hasPrefix("auto-show is off: no accessibility bus, no D-Bus session bus") })
        #expect(loop.notices.contains { $0.hasPrefix("D-Bus control is off: no D-Bus session bus") })
        #expect(loop.notices.allSatisfy { $0.contains("dbus-run-session") })
        // Nothing left to wait for: no descriptor, no deadline.
        #expect(loop.nextDeadline == nil)
        #expect(loop.tracker?.pollInterests.isEmpty == true && loop.control?.pollInterests.isEmpty == true)
    }

    @Test func aSessionBusWithoutAccessibilityIsRetriedWithABackoff() throws {
        let x = try XSession(wm: .none)
        defer { x.close() }
        let bus = try BusSession(x: x, accessibility: false, activation: false) // no org.a11y.Bus to start
        let loop = SourceLoop(tracker: FocusTracker(options: .init(environment: bus.environment,
                                                                   backoff: Backoff(initial: 0.2, maximum: 0.4))))
        loop.run(timeout: 20) { !loop.notices.isEmpty }
        #expect(loop.notices.first?.contains("install at-spi2-core") == true, "\(loop.notices)")
        let due = try #require(loop.nextDeadline)
        #expect(due > SourceLoop.now(), "a retry is due at once: a busy loop")
        // Retries go on quietly: still one notice after several attempts.
        let wakes = loop.wakeUps
        loop.run(timeout: 1.5) { false }
        #expect(loop.notices.count == 1, "\(loop.notices)")
        #expect(loop.wakeUps - wakes < 40, "\(loop.wakeUps - wakes) wake-ups in 1.5 s")
    }

    @Test func theAccessibilityBusKilledWhileShownKeepsTheKeyboardAndReconnects() throws {
        let x = try XSession()
        defer { x.close() }
        let bus = try BusSession(x: x)
        let loop = trackerLoop(bus)
        #expect(loop.run(timeout: 20) { loop.tracker?.isListening == true })
        let app = try FocusTarget.start(on: bus)
        app.click("password", on: x)
        #expect(loop.waitForShow(.password) != nil)

        bus.killAccessibility()
        #expect(loop.run(timeout: 20) { loop.focusEvents.contains { $0.0 == .trackingLost } })
        #expect(loop.notices.contains { $0.hasPrefix("lost the accessibility bus") }, "\(loop.notices)")
        #expect(loop.policy.shown, "the keyboard was hidden when the bus died")
        loop.run(timeout: 1) { loop.lastDecision == .hide }
        #expect(loop.lastDecision != .hide)

        // The tracker asks the session bus again, which starts a new launcher (org.a11y.Bus.service).
        #expect(loop.run(timeout: 30) { loop.tracker?.isListening == true }, "never reconnected: \(loop.notices)")
        #expect(loop.notices.contains("auto-show: the accessibility bus is back"), "\(loop.notices)")
        // Applications re-register on the new bus only when restarted: a new window is followed.
        let again = try FocusTarget.start(on: bus)
        again.click("text", on: x)
        #expect(loop.waitForShow(.text) != nil,
                "GTK focused the entry \(again.focusCount("text")) times; \(loop.focusEvents.suffix(4)); \(again.transcript)")
        again.click("button", on: x)
        #expect(loop.waitForHide())
    }

    /// A window the window manager focuses as it maps has its first entry focused before the
    /// registry has told its at-spi2-atk who listens, so no focus event is ever sent for it (and
    /// a tap on that entry changes nothing). Held here by stopping the registry until GTK has
    /// focused the entry; under load the same order comes by itself.
    @Test func aWindowFocusedBeforeTheRegistryAnswersItsApplicationIsFollowed() throws {
        let x = try XSession()
        defer { x.close() }
        let bus = try BusSession(x: x)
        let loop = trackerLoop(bus)
        #expect(loop.run(timeout: 20) { loop.tracker?.isListening == true })
        let registry = FaultSupport.pids(named: "at-spi2-registr", display: x.display)
        try #require(!registry.isEmpty, "no at-spi2-registryd on \(x.display)")
        registry.forEach { kill($0, SIGSTOP) }
        defer { registry.forEach { kill($0, SIGCONT) } }
        let app = try FocusTarget.start(on: bus)
        try x.waitUntil(timeout: 20, "GTK to focus the text entry as the window maps: \(app.transcript)") {
            app.focusCount("text") >= 1
        }
        loop.run(timeout: 0.5) { false } // the tracker reads the bus meanwhile: nothing comes yet
        registry.forEach { kill($0, SIGCONT) }
        #expect(loop.waitForShow(.text) != nil, "\(loop.focusEvents.suffix(4)); \(app.transcript)")
        #expect(app.focusCount("text") == 1, "the entry was focused again: not the case under test")
    }

    @Test func theFocusedApplicationKilledHidesAfterTheGracePeriod() throws {
        let x = try XSession()
        defer { x.close() }
        let bus = try BusSession(x: x)
        let loop = trackerLoop(bus)
        #expect(loop.run(timeout: 20) { loop.tracker?.isListening == true })
        let app = try FocusTarget.start(on: bus)
        app.click("password", on: x)
        #expect(loop.waitForShow(.password) != nil)
        let busName = try #require(loop.lastFacts?.id.busName)
        app.child.signal(SIGKILL)
        #expect(loop.waitForHide(), "\(loop.focusEvents.suffix(4))")
        #expect(loop.focusEvents.contains { $0.0 == .applicationGone(busName: busName) })
    }

    @Test func theSessionBusRestartedBringsDBusControlBack() throws {
        let x = try XSession(wm: .none)
        defer { x.close() }
        let bus = try BusSession(x: x, accessibility: false)
        let loop = SourceLoop(control: ControlService(environment: bus.environment, backoff: Backoff(initial: 0.1, maximum: 0.5)))
        #expect(loop.run(timeout: 10) { !(loop.control?.pollInterests.isEmpty ?? true) })
        bus.killDaemon()
        #expect(loop.run(timeout: 20) { loop.notices.contains { $0.hasPrefix("lost the session bus") } })
        try bus.restartDaemon()
        #expect(loop.run(timeout: 20) { loop.notices.contains("D-Bus control is back on the session bus") }, "\(loop.notices)")
        let show = try bus.x.spawn("gdbus", ["call", "--session", "--dest", ControlService.busName, "--object-path",
                                             ControlService.objectPath, "--method", "org.stackboard.Keyboard.Show"],
                                   env: bus.environment)
        #expect(loop.run(timeout: 20) { loop.requests.last?.command == .show && show.poll() != nil })
        #expect(show.poll() == 0, "\(show.stderr)")
    }
}

/// The root window property at-spi-bus-launcher publishes, read through the keyboard's X connection.
@Suite struct AccessibilityBusPropertyTests {
    @Test func theLaunchersRootPropertyNamesTheBusTheSessionBusNames() throws {
        let x = try XSession(wm: .none)
        defer { x.close() }
        let connection = try XConnection(displayName: x.display)
        #expect(connection.accessibilityBusAddress() == nil)
        let bus = try BusSession(x: x)
        let fromSession = try #require(bus.accessibilityAddress())
        #expect(connection.accessibilityBusAddress() == fromSession)
    }
}
