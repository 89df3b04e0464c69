import Foundation
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A private D-Bus session bus (`dbus-daemon --session` on a socket in the X session's folder) and,
/// when asked, at-spi2-core's accessibility bus launcher on it, for one test. Everything it starts
/// belongs to the X session and is killed with it.
final class BusSession: @unchecked Sendable {
    let x: XSession
    /// `unix:path=DIR/bus`.
    let address: String
    private(set) var daemon: Child
    private(set) var launcher: Child?

    private let activation: Bool

    /// Starts the session bus (and the accessibility bus launcher unless `accessibility` is false).
    /// Without `activation` the bus starts no services (no at-spi-bus-launcher on demand).
    init(x: XSession, accessibility: Bool = true, activation: Bool = true) throws {
        self.x = x
        self.activation = activation
        address = "unix:path=\(x.dir)/bus"
        daemon = try BusSession.startDaemon(x: x, address: address, activation: activation)
        if accessibility { try startAccessibility() }
    }

    private static func startDaemon(x: XSession, address: String, activation: Bool) throws -> Child {
        var config = ["--session"]
        if !activation {
            let file = x.dir + "/session-no-activation.conf"
            let xml = "<busconfig><type>session</type><listen>unix:tmpdir=/tmp</listen><auth>EXTERNAL</auth>"
                + "<policy context=\"default\"><allow send_destination=\"*\" eavesdrop=\"true\"/>"
                + "<allow eavesdrop=\"true\"/><allow own=\"*\"/></policy></busconfig>"
            try xml.write(toFile: file, atomically: true, encoding: .utf8)
            config = ["--config-file=\(file)"]
        }
        let d = try x.spawn("dbus-daemon", config + ["--nofork", "--nopidfile", "--address=\(address)", "--print-address=1"])
        try d.waitUntil(timeout: 20, "dbus-daemon on \(address)") {
            d.stdout.contains("unix:")
        }
        return d
    }

    /// The environment of a client of this bus (and of the X server): no outside bus leaks in.
    var environment: [String: String] {
        var env = x.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        env["AT_SPI_BUS_ADDRESS"] = nil
        env["NO_AT_BRIDGE"] = nil
        env["GTK_MODULES"] = nil
        return env
    }

    /// Starts `at-spi-bus-launcher --launch-immediately` and waits until org.a11y.Bus answers.
    func startAccessibility() throws {
        let l = try x.spawn("/usr/libexec/at-spi-bus-launcher", ["--launch-immediately"], env: environment)
        launcher = l
        try l.waitUntil(timeout: 20, "the accessibility bus (at-spi-bus-launcher)") {
            self.accessibilityAddress() != nil
        }
    }

    /// The accessibility bus's address, nil while there is none.
    func accessibilityAddress() -> String? {
        let r = x.run("gdbus", ["call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
                                "--method", "org.a11y.Bus.GetAddress"], env: environment, timeout: 10)
        guard r.status == 0, let start = r.stdout.firstIndex(of: "'"), let end = r.stdout.lastIndex(of: "'"),
              start < end else { return nil }
        return String(r.stdout[r.stdout.index(after: start)..<end])
    }

    /// Kills the launcher and the accessibility bus daemon it started (its process group, and
    /// any accessibility dbus-daemon of this display that left the group).
    func killAccessibility() {
        launcher?.signal(SIGKILL)
        _ = launcher?.wait(timeout: 10)
        launcher = nil
        for pid in FaultSupport.pids(named: "dbus-daemon", display: x.display) {
            let command = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
            if command.contains("accessibility") { kill(pid, SIGKILL) }
        }
    }

    /// Kills the session bus daemon.
    func killDaemon() {
        daemon.signal(SIGKILL)
        _ = daemon.wait(timeout: 10)
    }

    /// Starts a new session bus daemon on the same address.
    func restartDaemon() throws {
        unlink(String(address.dropFirst("unix:path=".count)))
        daemon = try BusSession.startDaemon(x: x, address: address, activation: activation)
    }
}
