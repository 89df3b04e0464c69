import Foundation
import StackboardBus
import StackboardCore
import Testing

/// The D-Bus control service on a private session bus, called with gdbus and dbus-send as scripts do.
@Suite struct BusControlTests {
    /// A loop serving a new control service, once the service owns both its names. A call made
    /// before then goes wrong in a way that looks like the service's fault: a call to
    /// org.onboard.Onboard makes dbus-daemon start the real Onboard (Debian's Onboard package
    /// installs a D-Bus activation file), which finds the name taken and calls Show on its owner,
    /// so one Show too many arrives later.
    func serviceLoop(_ bus: BusSession) throws -> SourceLoop {
        let loop = SourceLoop(control: ControlService(environment: bus.environment, backoff: Backoff(initial: 0.1, maximum: 1)))
        for name in [ControlService.busName, ControlService.onboardBusName] {
            let wait = try call(bus, loop, "gdbus", ["wait", "--session", "--timeout", "20", name])
            try #require(wait.poll() == 0, "the control service never owned \(name): \(wait.stderr) \(loop.notices)")
        }
        return loop
    }

    /// Runs `tool` in the background while the loop serves, so that the call gets its answer.
    func call(_ bus: BusSession, _ loop: SourceLoop, _ tool: String, _ args: [String],
              answer: ((ControlRequest) -> Void)? = nil) throws -> Child {
        let child = try bus.x.spawn(tool, args, env: bus.environment)
        var answered = loop.requests.count
        loop.run(timeout: 20) {
            while answered < loop.requests.count { answer?(loop.requests[answered]); answered += 1 }
            return child.poll() != nil
        }
        return child
    }

    func gdbus(_ object: String, _ method: String, _ args: [String] = [], dest: String = ControlService.busName) -> [String] {
        ["call", "--session", "--dest", dest, "--object-path", object, "--method", method] + args
    }

    @Test func stackboardsInterfaceCarriesShowHideToggleAndSetLayout() throws {
        let x = try XSession(wm: .none)
        defer { x.close() }
        let bus = try BusSession(x: x, accessibility: false)
        let loop = try serviceLoop(bus)
        let path = ControlService.objectPath
        for m in ["Show", "Hide", "Toggle"] {
            let c = try call(bus, loop, "gdbus", gdbus(path, "org.stackboard.Keyboard." + m))
            #expect(c.poll() == 0, "\(m): \(c.stderr)")
        }
        #expect(loop.requests.map(\.command) == [.show, .hide, .toggle])

        let ok = try call(bus, loop, "gdbus", gdbus(path, "org.stackboard.Keyboard.SetLayout", ["numeric"])) { $0.done() }
        #expect(ok.poll() == 0, "\(ok.stderr)")
        let bad = try call(bus, loop, "gdbus", gdbus(path, "org.stackboard.Keyboard.SetLayout", ["nope"])) {
            $0.fail("no layout named 'nope': see 'stackboard layouts'")
        }
        #expect(bad.poll() != 0)
        #expect(bad.stderr.contains("no layout named 'nope'"), "\(bad.stderr)")
        #expect(loop.requests.last?.command == .setLayout("nope"))

        let click = try call(bus, loop, "gdbus", gdbus(path, "org.stackboard.Keyboard.SetClickType", ["right"])) { $0.done() }
        #expect(click.poll() == 0, "\(click.stderr)")
        #expect(loop.requests.last?.command == .setClickType(.right))
        let noType = try call(bus, loop, "gdbus", gdbus(path, "org.stackboard.Keyboard.SetClickType", ["sideways"]))
        #expect(noType.poll() != 0 && noType.stderr.contains("not a click type"), "\(noType.stderr)")

        let press = try call(bus, loop, "gdbus", gdbus(path, "org.stackboard.Keyboard.Switch", ["2", "true"])) { $0.done() }
        #expect(press.poll() == 0, "\(press.stderr)")
        #expect(loop.requests.last?.command == .switched(number: 2, pressed: true))
        let noSwitch = try call(bus, loop, "gdbus", gdbus(path, "org.stackboard.Keyboard.Switch", ["9", "true"]))
        #expect(noSwitch.poll() != 0 && noSwitch.stderr.contains("from 1 to 5"), "\(noSwitch.stderr)")

        let wrong = try call(bus, loop, "gdbus", gdbus(path, "org.stackboard.Keyboard.Frobnicate"))
        #expect(wrong.poll() != 0 && wrong.stderr.contains("UnknownMethod"), "\(wrong.stderr)")
        #expect(loop.notices.isEmpty, "\(loop.notices)")
    }

    @Test func visibleIsAPropertyWithPropertiesChanged() throws {
        let x = try XSession(wm: .none)
        defer { x.close() }
        let bus = try BusSession(x: x, accessibility: false)
        let loop = try serviceLoop(bus)
        loop.run(timeout: 10) { !(loop.control?.pollInterests.isEmpty ?? true) }
        let monitor = try bus.x.spawn("dbus-monitor", ["--session", "type='signal',member='PropertiesChanged'"], env: bus.environment)
        try x.waitUntil(timeout: 10, "dbus-monitor") { monitor.stdout.contains("NameAcquired") }
        loop.control?.setVisible(true)
        loop.control?.setLayout("qwerty")
        loop.run(timeout: 10) { monitor.stdout.contains("Layout") && monitor.stdout.contains("org.onboard.Onboard.Keyboard") }
        #expect(monitor.stdout.contains("string \"Visible\""), "\(monitor.stdout)")
        #expect(monitor.stdout.contains("path=/org/onboard/Onboard/Keyboard"), "\(monitor.stdout)")

        let get = try call(bus, loop, "gdbus", gdbus(ControlService.objectPath, "org.freedesktop.DBus.Properties.Get",
                                                      ["org.stackboard.Keyboard", "Visible"]))
        #expect(get.stdout.contains("<true>"), "\(get.stdout + get.stderr)")
        let all = try call(bus, loop, "gdbus", gdbus(ControlService.objectPath, "org.freedesktop.DBus.Properties.GetAll",
                                                      ["org.stackboard.Keyboard"]))
        #expect(all.stdout.contains("'Layout': <'qwerty'>"), "\(all.stdout + all.stderr)")
        let set = try call(bus, loop, "gdbus", gdbus(ControlService.objectPath, "org.freedesktop.DBus.Properties.Set",
                                                      ["org.stackboard.Keyboard", "Visible", "<false>"]))
        #expect(set.poll() != 0 && set.stderr.contains("read-only"), "\(set.stderr)")
    }

    @Test func onboardsInterfaceWorksForOnboardScripts() throws {
        let x = try XSession(wm: .none)
        defer { x.close() }
        let bus = try BusSession(x: x, accessibility: false)
        let loop = try serviceLoop(bus)
        let path = ControlService.onboardPath
        // The lines Onboard's users put in their desktop shortcuts and scripts.
        // Each call is checked as it is answered.
        for (m, command) in [("Show", ControlServiceCommand.show), ("Hide", .hide), ("ToggleVisible", .toggle)] {
            let before = loop.requests.count
            let c = try call(bus, loop, "dbus-send", ["--session", "--type=method_call", "--print-reply",
                                                       "--dest=org.onboard.Onboard", path, "org.onboard.Onboard.Keyboard." + m])
            #expect(c.poll() == 0, "\(m): \(c.stderr)")
            #expect(loop.requests.dropFirst(before).map(\.command) == [command], "\(m): notices \(loop.notices)")
        }
        let before = loop.requests.count
        let fire = try call(bus, loop, "dbus-send", ["--session", "--type=method_call", "--dest=org.onboard.Onboard",
                                                      path, "org.onboard.Onboard.Keyboard.Show"])
        #expect(fire.poll() == 0)
        loop.run(timeout: 10) { loop.requests.count > before }
        #expect(loop.requests.dropFirst(before).map(\.command) == [.show], "notices \(loop.notices)")

        let pause = try call(bus, loop, "gdbus", gdbus(path, "org.freedesktop.DBus.Properties.Set",
                                                        ["org.onboard.Onboard.Keyboard", "AutoShowPaused", "<true>"],
                                                        dest: ControlService.onboardBusName))
        #expect(pause.poll() == 0, "\(pause.stderr)")
        #expect(loop.requests.last?.command == .setAutoShowPaused(true))
        let introspect = try call(bus, loop, "gdbus", ["introspect", "--session", "--dest", "org.onboard.Onboard",
                                                        "--object-path", path])
        #expect(introspect.stdout.contains("ToggleVisible();"), "\(introspect.stdout + introspect.stderr)")
    }

    @Test func aSecondServiceOnTheSameBusSaysTheNameIsTaken() throws {
        let x = try XSession(wm: .none)
        defer { x.close() }
        let bus = try BusSession(x: x, accessibility: false)
        let first = try serviceLoop(bus) // holds both names until the end
        defer { withExtendedLifetime(first) {} }
        let second = SourceLoop(control: ControlService(environment: bus.environment, backoff: Backoff(initial: 0.1, maximum: 1)))
        second.run(timeout: 10) { second.notices.count >= 2 }
        #expect(second.notices.contains { $0.contains("org.stackboard.Keyboard is owned by another program") }, "\(second.notices)")
        #expect(second.notices.contains { $0.contains("org.onboard.Onboard") }, "\(second.notices)")
    }
}
