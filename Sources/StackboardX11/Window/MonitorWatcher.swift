import CX11
import StackboardCore

/// Where the display's monitors come from.
public enum MonitorSource: String, Equatable, Sendable {
    /// RandR 1.5 monitors (`XRRGetMonitors`): outputs, and those made with `xrandr --setmonitor`.
    case randr = "RandR 1.5"
    /// Xinerama heads (a server without RandR 1.5).
    case xinerama = "Xinerama"
    /// Neither: the whole screen is one monitor.
    case screen
}

/// The display's monitors, and the news that they changed: RandR's RRScreenChangeNotify (a new
/// screen size: a resolution, a rotation) and RRNotify (CRTCs and outputs: monitors plugged in
/// or out), and the root window's ConfigureNotify (what a server sends when `xrandr
/// --setmonitor` or `--delmonitor` changes the monitors, and with every new screen size).
///
/// Add it to the pump, which reports `.monitorsChanged`; read `layout()` after a change (once
/// per turn: one change comes as several events).
public final class MonitorWatcher {
    private let connection: XConnection
    /// The window whose ConfigureNotify is reported as `.windowConfigured` (the keyboard's; 0: none).
    public var watchedWindow: UInt = 0
    /// RandR's first event code (nil: no RandR).
    private let randrEventBase: Int32?
    /// Where the monitors come from.
    public let source: MonitorSource

    /// Asks for RandR's screen, CRTC and output news on the root window, and the root's own
    /// ConfigureNotify. Without RandR 1.5 the monitors are Xinerama's heads, else the screen.
    public init(connection: XConnection) {
        self.connection = connection
        let display = connection.display
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        var major: Int32 = 0, minor: Int32 = 0
        if XRRQueryExtension(display, &eventBase, &errorBase) != 0, XRRQueryVersion(display, &major, &minor) != 0 {
            randrEventBase = eventBase
            XRRSelectInput(display, connection.root, Int32(RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask | RROutputChangeNotifyMask))
        } else {
            randrEventBase = nil
        }
        if randrEventBase != nil, major > 1 || (major == 1 && minor >= 5) {
            source = .randr
        } else if XineramaIsActive(display) != 0 {
            source = .xinerama
        } else {
            source = .screen
        }
        connection.selectRootEvents(StructureNotifyMask)
    }


    /// The monitors now, on the screen's size now (asked of the server: Xlib's copy is behind
    /// until the screen's own news has come).
    public func layout() -> MonitorLayout {
        let screen = rootSize() ?? connection.screenSize
        switch source {
        case .randr: return MonitorLayout(screen: screen, monitors: randrMonitors())
        case .xinerama: return MonitorLayout(screen: screen, monitors: xineramaHeads())
        case .screen: return MonitorLayout(screen: screen, monitors: [])
        }
    }

    /// The active window's frame in root pixels (`_NET_ACTIVE_WINDOW`; nil: none).
    public func activeWindowFrame() -> Rect? { connection.activeWindowFrame() }

    private func rootSize() -> Size? {
        var root: Window = 0
        var x: Int32 = 0, y: Int32 = 0
        var width: UInt32 = 0, height: UInt32 = 0, border: UInt32 = 0, depth: UInt32 = 0
        guard XGetGeometry(connection.display, connection.root, &root, &x, &y, &width, &height, &border, &depth) != 0 else { return nil }
        return Size(width: Int(width), height: Int(height))
    }

    private func randrMonitors() -> [Monitor] {
        let display = connection.display
        var count: Int32 = 0
        guard let list = XRRGetMonitors(display, connection.root, 1 /* active ones */, &count) else { return [] }
        defer { XRRFreeMonitors(list) }
        return (0..<Int(max(0, count))).map { i in
            let m = list[i]
            return Monitor(name: atomName(m.name) ?? "monitor-\(i)",
                           frame: Rect(x: Int(m.x), y: Int(m.y), width: Int(m.width), height: Int(m.height)),
                           isPrimary: m.primary != 0)
        }
    }

    private func xineramaHeads() -> [Monitor] {
        var count: Int32 = 0
        guard let heads = XineramaQueryScreens(connection.display, &count) else { return [] }
        defer { XFree(heads) }
        return (0..<Int(max(0, count))).map { i in
            let h = heads[i]
            return Monitor(name: "xinerama-\(i)", frame: Rect(x: Int(h.x_org), y: Int(h.y_org), width: Int(h.width), height: Int(h.height)),
                           isPrimary: i == 0)
        }
    }

    private func atomName(_ atom: Atom) -> String? {
        guard atom != 0, let name = XGetAtomName(connection.display, atom) else { return nil }
        defer { XFree(name) }
        return String(cString: name)
    }
}

extension MonitorWatcher: XEventHandler {
    /// Every ConfigureNotify (the root's, the watched window's) and RandR's screen and CRTC news.
    public var routes: [XEventRoute] {
        [.type(ConfigureNotify)] + (randrEventBase.map { [.type($0 + RRScreenChangeNotify), .type($0 + RRNotify)] } ?? [])
    }

    /// News about the screen or the monitors is used up as `.monitorsChanged` (Xlib's idea of the
    /// screen size is brought up to date on the way, `XRRUpdateConfiguration`); a ConfigureNotify
    /// of the watched window is `.windowConfigured`, and left for the window.
    public func handle(_ event: XEventRef, in batch: inout XEventBatch) -> Bool {
        let e = event.pointer
        if e.pointee.type == ConfigureNotify {
            let window = e.pointee.xconfigure.window
            if window == connection.root {
                if randrEventBase != nil { XRRUpdateConfiguration(e) }
                batch.append(.monitorsChanged)
                return true
            }
            if watchedWindow != 0 && window == Window(watchedWindow) { batch.append(.windowConfigured) }
            return false
        }
        XRRUpdateConfiguration(e)
        batch.append(.monitorsChanged)
        return true
    }
}

extension XConnection {
    /// The frame (root pixels) of the active window (`_NET_ACTIVE_WINDOW`); nil when there is
    /// none or it is gone.
    public func activeWindowFrame() -> Rect? {
        let reader = PropertyReader(display: display)
        guard let active = reader.values(atoms.netActiveWindow, of: root, type: Atom(XA_WINDOW)).first, active != 0 else { return nil }
        return trappingErrors { () -> Rect? in
            var rootReturn: Window = 0, child: Window = 0
            var x: Int32 = 0, y: Int32 = 0, rootX: Int32 = 0, rootY: Int32 = 0
            var width: UInt32 = 0, height: UInt32 = 0, border: UInt32 = 0, depth: UInt32 = 0
            guard XGetGeometry(display, Window(active), &rootReturn, &x, &y, &width, &height, &border, &depth) != 0,
                  XTranslateCoordinates(display, Window(active), root, 0, 0, &rootX, &rootY, &child) != 0 else { return nil }
            return Rect(x: Int(rootX), y: Int(rootY), width: Int(width), height: Int(height))
        }
    }
}
