import Foundation
import StackboardCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// An `XSession` on Xorg with a real touchscreen and a physical keyboard, for one test: the
/// `dummy` video driver (a screen in memory) and two `inputtest` input devices, a touch device
/// that plays the touches a test sends through `touchscreen` and a keyboard that presses the
/// keys it sends through `keyboard`. Openbox manages the screen. Xvfb has no touch device,
/// and XTest cannot fake touches (docs/x11-facts.md, item 16). Everything else (spawn, run,
/// readiness, cleanup) is the one `XSession` core.
///
/// Runs `Xorg -config <generated> -configdir <empty> -seat seat1 -displayfd`: a seat other
/// than seat0 takes no virtual terminal, so several can run at once. Needs root (Xorg refuses
/// a -config path outside its search path otherwise) and both drivers installed; see
/// `unavailableReason`.
final class XorgTouchSession: XSession, @unchecked Sendable {
    /// The screen size (the touch axes span exactly this).
    let screen: (width: Int, height: Int)
    /// The touchscreen: one connection to the driver for the whole session (a disconnect makes
    /// that Xorg spin at 100% CPU, so it is closed only after Xorg is gone).
    let touchscreen: InputTestDevice
    /// The physical keyboard (a slave keyboard of its own, as a USB keyboard is; kept
    /// connected for the same reason).
    let keyboard: InputTestDevice

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

    /// Starts Xorg, connects to the touchscreen and the keyboard (which proves both are on), then openbox,
    /// and waits until openbox manages windows. `modes` are more screen sizes `xrandr -s` can
    /// switch to (the screen starts at `width`x`height`).
    init(width: Int = 1280, height: Int = 800, modes: [Size] = [], windowManager: Bool = true) throws {
        screen = (width, height)
        let dir = try XSession.makeTempDir(prefix: "stackboard-touch")
        let socket = dir + "/touch.sock"
        touchscreen = InputTestDevice(socketPath: socket, width: width, height: height)
        keyboard = InputTestDevice(socketPath: Self.keyboardSocket(beside: socket), width: width, height: height)
        let all = [Size(width: width, height: height)] + modes
        try super.init(server: .xorgTouch(modes: all, socket: socket), wm: .none, dir: dir)
        try touchscreen.connect()
        try keyboard.connect()
        if windowManager { try startWindowManager(.openbox) }
    }

    /// Stops every process, then Xorg, then closes the device sockets.
    override func close() {
        super.close()
        touchscreen.close()
        keyboard.close()
    }

    /// The keyboard's socket: `keys.sock` in the touchscreen socket's folder.
    static func keyboardSocket(beside socket: String) -> String {
        (socket as NSString).deletingLastPathComponent + "/keys.sock"
    }

    /// The xorg.conf: a dummy screen of the first of `modes` (the others for `xrandr -s`, within
    /// a virtual screen that holds them all), the inputtest touchscreen on `socket` and the
    /// inputtest keyboard on `keys.sock` beside it, nothing hot-plugged.
    static func config(modes: [Size], socket: String) -> String {
        // CVT-like modes; the dummy driver accepts any timings within the monitor ranges.
        let modelines = modes.map { mode -> String in
            let hTotal = mode.width + mode.width / 4, vTotal = mode.height + 30
            let clock = Double(hTotal * vTotal * 60) / 1_000_000
            let (w, h) = (mode.width, mode.height)
            let timings = "\(w) \(w + 16) \(w + 32) \(hTotal) \(h) \(h + 3) \(h + 6) \(vTotal)"
            return "    Modeline \"\(w)x\(h)\" \(String(format: "%.2f", clock)) " + timings
        }.joined(separator: "\n")
        let names = modes.map { "\"\($0.width)x\($0.height)\"" }.joined(separator: " ")
        let virtual = "\(modes.map(\.width).max() ?? 1280) \(modes.map(\.height).max() ?? 800)"
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
        \(modelines)
        EndSection
        Section "Screen"
            Identifier "screen"
            Device "dummy"
            Monitor "monitor"
            DefaultDepth 24
            SubSection "Display"
                Depth 24
                Modes \(names)
                Virtual \(virtual)
            EndSubSection
        EndSection
        Section "InputDevice"
            Identifier "touchscreen"
            Driver "inputtest"
            Option "DeviceType" "Touch"
            Option "TouchCount" "10"
            Option "SocketPath" "\(socket)"
        EndSection
        Section "InputDevice"
            Identifier "keyboard"
            Driver "inputtest"
            Option "DeviceType" "Keyboard"
            Option "SocketPath" "\(keyboardSocket(beside: socket))"
        EndSection
        Section "ServerLayout"
            Identifier "layout"
            Screen "screen"
            InputDevice "touchscreen"
            InputDevice "keyboard"
        EndSection

        """
    }
}

extension XServerCommand {
    /// Xorg on a seat of its own with the dummy screen (its first mode at start) and the
    /// inputtest touchscreen on `socket` (`XorgTouchSession.config`), its config and log in the
    /// session folder.
    static func xorgTouch(modes: [Size], socket: String) -> XServerCommand {
        XServerCommand(program: "/usr/bin/Xorg", name: "Xorg", arguments: { dir in
            try FileManager.default.createDirectory(atPath: dir + "/xorg.conf.d", withIntermediateDirectories: true)
            // Xorg logs an error for an empty config directory; a comment keeps its log clean.
            try "# intentionally empty: no system snippets\n".write(toFile: dir + "/xorg.conf.d/00-none.conf", atomically: true, encoding: .utf8)
            try XorgTouchSession.config(modes: modes, socket: socket)
                .write(toFile: dir + "/xorg.conf", atomically: true, encoding: .utf8)
            return ["-config", dir + "/xorg.conf", "-configdir", dir + "/xorg.conf.d", "-seat", "seat1",
                    "-noreset", "-nolisten", "tcp", "-logfile", dir + "/Xorg.log"]
        }, failureDetail: { dir, server in
            let log = (try? String(contentsOfFile: dir + "/Xorg.log", encoding: .utf8)) ?? server.stderr
            return log.split(separator: "\n").filter { $0.contains("(EE)") }.suffix(8).joined(separator: "\n")
        }, stopGrace: 3)
    }
}
