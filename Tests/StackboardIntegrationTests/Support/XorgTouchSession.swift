import CX11
import Foundation
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A private Xorg with a real touchscreen, for one test: the `dummy` video driver (a screen
/// in memory) and the `inputtest` input driver as a touch device that plays the touches a
/// test sends through `touchscreen`. Openbox manages the screen. Xvfb has no touch device,
/// and XTest cannot fake touches (X11-PITFALLS.md item 17).
///
/// Runs `Xorg -config <generated> -configdir <empty> -seat seat1 -displayfd`: a seat other
/// than seat0 takes no virtual terminal, so several can run at once. Needs root (Xorg refuses
/// a -config path outside its search path otherwise) and both drivers installed; see
/// `unavailableReason`.
final class XorgTouchSession: @unchecked Sendable {
    /// `:N`.
    let display: String
    /// Folder for this session's config, socket and logs.
    let dir: String
    /// The screen size (the touch axes span exactly this).
    let screen: (width: Int, height: Int)
    /// The touchscreen: one connection to the driver for the whole session (a disconnect makes
    /// that Xorg spin at 100% CPU, so it is closed only after Xorg is gone).
    private(set) var touchscreen: InputTestTouchscreen
    private var xorg: Child?
    private var children: [Child] = []
    private let lock = NSLock()

    /// Why no session can be started on this machine, or nil when it can.
    static let unavailableReason: String? = {
        if geteuid() != 0 { return "Xorg with a generated config needs root (tests run as uid \(geteuid()))" }
        let fm = FileManager.default
        guard fm.isExecutableFile(atPath: "/usr/bin/Xorg") else {
            return "Xorg is not installed (apt-get install xserver-xorg-core)"
        }
        for (module, package) in [("drivers/dummy_drv.so", "xserver-xorg-video-dummy"),
                                  ("input/inputtest_drv.so", "xserver-xorg-core (21.1 or newer)")]
        where !fm.fileExists(atPath: "/usr/lib/xorg/modules/" + module) {
            return "Xorg module \(module) is missing (apt-get install \(package))"
        }
        return nil
    }()

    /// Starts Xorg and openbox, connects to the touchscreen, and waits until the WM runs.
    init(width: Int = 1280, height: Int = 800, windowManager: Bool = true) throws {
        screen = (width, height)
        var template = Array((NSTemporaryDirectory() + "/stackboard-touch-XXXXXX").utf8CString)
        guard let p = mkdtemp(&template) else { throw XSession.Failure(description: "mkdtemp failed") }
        dir = String(cString: p)
        let socket = dir + "/touch.sock"
        try FileManager.default.createDirectory(atPath: dir + "/xorg.conf.d", withIntermediateDirectories: true)
        // Xorg logs an error for an empty config directory; a comment keeps its log clean.
        try "# intentionally empty: no system snippets\n".write(toFile: dir + "/xorg.conf.d/00-none.conf", atomically: true, encoding: .utf8)
        try XorgTouchSession.config(width: width, height: height, socket: socket)
            .write(toFile: dir + "/xorg.conf", atomically: true, encoding: .utf8)

        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw XSession.Failure(description: "pipe failed") }
        let server = try Child("/usr/bin/Xorg", ["-config", dir + "/xorg.conf", "-configdir", dir + "/xorg.conf.d",
                                        "-seat", "seat1", "-noreset", "-nolisten", "tcp",
                                        "-logfile", dir + "/Xorg.log", "-displayfd", "3"],
                               environment: ProcessInfo.processInfo.environment, logDir: dir, extraFD: fds[1])
        Glibc.close(fds[1])
        xorg = server
        let number = XorgTouchSession.readLine(fd: fds[0], timeout: 20)
        Glibc.close(fds[0])
        guard let number, Int(number) != nil else {
            server.stop()
            let log = (try? String(contentsOfFile: dir + "/Xorg.log", encoding: .utf8)) ?? server.stderr
            throw XSession.Failure(description: "Xorg did not start: \(log.split(separator: "\n").filter { $0.contains("(EE)") }.suffix(8).joined(separator: "\n"))")
        }
        display = ":" + number
        do {
            touchscreen = try InputTestTouchscreen(socketPath: socket, width: width, height: height)
        } catch {
            server.stop()
            throw error
        }
        if windowManager {
            let wm = try spawn("openbox", [])
            try waitUntil(timeout: 15, "openbox on \(display): \(wm.stderr.suffix(300))") {
                self.run("xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"]).stdout.contains("window id")
            }
            try waitUntilWindowsAreManaged()
        }
    }

    /// The xorg.conf: a dummy screen of `width`x`height` and the inputtest touchscreen, nothing
    /// hot-plugged.
    static func config(width: Int, height: Int, socket: String) -> String {
        // A CVT-like mode; the dummy driver accepts any timings within the monitor ranges.
        let hTotal = width + width / 4, vTotal = height + 30
        let clock = Double(hTotal * vTotal * 60) / 1_000_000
        return """
        Section "ServerFlags"
            Option "AutoAddDevices" "false"
            Option "AutoEnableDevices" "false"
            Option "AutoAddGPU" "false"
            Option "DontVTSwitch" "true"
        EndSection
        Section "Device"
            Identifier "dummy"
            Driver "dummy"
            VideoRam 65536
        EndSection
        Section "Monitor"
            Identifier "monitor"
            HorizSync 5.0 - 1000.0
            VertRefresh 5.0 - 200.0
            Modeline "\(width)x\(height)" \(String(format: "%.2f", clock)) \(width) \(width + 16) \(width + 32) \(hTotal) \(height) \(height + 3) \(height + 6) \(vTotal)
        EndSection
        Section "Screen"
            Identifier "screen"
            Device "dummy"
            Monitor "monitor"
            DefaultDepth 24
            SubSection "Display"
                Depth 24
                Modes "\(width)x\(height)"
                Virtual \(width) \(height)
            EndSubSection
        EndSection
        Section "InputDevice"
            Identifier "touchscreen"
            Driver "inputtest"
            Option "DeviceType" "Touch"
            Option "TouchCount" "10"
            Option "SocketPath" "\(socket)"
        EndSection
        Section "ServerLayout"
            Identifier "layout"
            Screen "screen"
            InputDevice "touchscreen"
        EndSection

        """
    }

    /// The environment for a client of this server.
    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env["HOME"] = dir
        env["XDG_CONFIG_HOME"] = dir + "/config"
        env["XDG_DATA_HOME"] = dir + "/data"
        env["XDG_CACHE_HOME"] = dir + "/cache"
        env["XDG_RUNTIME_DIR"] = dir
        return env
    }

    /// Starts a program on this display; it is killed when the session ends.
    @discardableResult
    func spawn(_ path: String, _ args: [String], env extra: [String: String] = [:]) throws -> Child {
        let child = try Child(path, args, environment: environment.merging(extra) { $1 }, logDir: dir)
        lock.lock(); children.append(child); lock.unlock()
        return child
    }

    /// Runs a program to completion (killed after `timeout` seconds).
    func run(_ path: String, _ args: [String], timeout: Double = 20) -> (status: Int32, stdout: String, stderr: String) {
        guard let child = try? Child(path, args, environment: environment, logDir: dir) else {
            return (127, "", "cannot start \(path)")
        }
        let status = child.wait(timeout: timeout) ?? { child.stop(); return -1 }()
        return (status, child.stdout, child.stderr)
    }

    /// Polls `condition` until it holds; throws with `what` on timeout.
    func waitUntil(timeout: Double, _ what: @autoclosure () -> String, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return }
            usleep(20_000)
        }
        if condition() { return }
        throw XSession.Failure(description: "timed out waiting for \(what())")
    }

    /// Stops every process this session started, then Xorg, then closes the touch socket.
    func close() {
        lock.lock(); let all = children; children.removeAll(); lock.unlock()
        for c in all.reversed() { c.stop(grace: 2) }
        xorg?.stop(grace: 3)
        xorg = nil
        touchscreen.close()
    }

    deinit {
        close()
        if ProcessInfo.processInfo.environment["STACKBOARD_KEEP_TEST_LOGS"] == nil {
            try? FileManager.default.removeItem(atPath: dir)
        }
    }

    /// Openbox (on this Xorg) publishes _NET_SUPPORTING_WM_CHECK a moment before it handles
    /// MapRequests, and a window mapped in between stays unmapped: wait until a probe window
    /// really gets mapped (asking again while it is not).
    private func waitUntilWindowsAreManaged(timeout: Double = 10) throws {
        guard let x = XOpenDisplay(display) else { throw XSession.Failure(description: "cannot open \(display)") }
        defer { XCloseDisplay(x) }
        let probe = XCreateSimpleWindow(x, XDefaultRootWindow(x), 0, 0, 10, 10, 0, 0, 0)
        defer { XDestroyWindow(x, probe); XSync(x, 0) }
        let deadline = Date().addingTimeInterval(timeout)
        var attributes = XWindowAttributes()
        while Date() < deadline {
            XMapWindow(x, probe)
            XSync(x, 0)
            for _ in 0..<10 {
                XGetWindowAttributes(x, probe, &attributes)
                if attributes.map_state == IsViewable { return }
                usleep(20_000)
            }
        }
        throw XSession.Failure(description: "openbox on \(display) does not map windows")
    }

    /// One line from `fd` (the display number Xorg writes with -displayfd), or nil on timeout.
    private static func readLine(fd: Int32, timeout: Double) -> String? {
        var line = ""
        var byte: UInt8 = 0
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard Glibc.poll(&pfd, 1, 100) > 0 else { continue }
            guard read(fd, &byte, 1) == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { return line }
            line.append(Character(UnicodeScalar(byte)))
        }
        return nil
    }
}
