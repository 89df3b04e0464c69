import CX11
import StackboardCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Why the display could not be opened, with a message that says what to do.
public struct XConnectionError: Error, Equatable, CustomStringConvertible {
    /// The display name that was tried (nil: `DISPLAY` was not set).
    public var displayName: String?
    /// One line, without the program name.
    public var description: String {
        guard let name = displayName else {
            return "cannot open a display: DISPLAY is not set. Try DISPLAY=:0, or start one with Xvfb :1 &"
        }
        return "cannot open display '\(name)': is an X server running? Try DISPLAY=:0, or start one with Xvfb :1 &"
    }
}

/// A connection to an X server (a `Display *`), closed in `deinit`.
///
/// Protocol errors are recorded, never fatal (see `takeErrors`). When the server goes away, the
/// program ends with its last words (`whenServerLost`) from inside the Xlib call that found it:
/// nothing after a lost connection runs.
public final class XConnection {
    /// The `Display *`.
    package let display: OpaquePointer
    /// The display's name as Xlib resolved it (`:1`).
    public let name: String
    /// The default screen.
    package let screen: Int32
    /// The default screen's root window.
    package let root: Window
    /// Interned atoms.
    package let atoms: Atoms
    /// The events selected on the root window so far (`selectRootEvents`).
    private var rootEventMask = 0

    /// Opens `displayName`, or `$DISPLAY` when nil. Never falls back to another display.
    public init(displayName: String? = nil) throws(XConnectionError) {
        let requested: String?
        if let given = displayName, !given.isEmpty {
            requested = given
        } else if let env = getenv("DISPLAY"), env.pointee != 0 {
            requested = String(cString: env)
        } else {
            requested = nil
        }
        guard let name = requested else { throw XConnectionError(displayName: nil) }
        XErrorTrap.install()
        guard let display = XOpenDisplay(name) else { throw XConnectionError(displayName: name) }
        self.display = display
        self.name = name
        self.screen = XDefaultScreen(display)
        self.root = XRootWindow(display, screen)
        self.atoms = Atoms(display: display)
    }

    /// What the program does last when any of its X connections finds the server gone: `body`
    /// gets the display's name, does what must not be lost without touching X (learned words
    /// written, its one line on stderr, an entry cancelled) and returns the exit status. Until
    /// it is set, the end is `lostMessage` and status 1.
    public static func whenServerLost(_ body: @escaping (_ name: String) -> Int32) {
        XErrorTrap.install()
        XErrorTrap.lastWords = body
    }

    /// The one line (without `stackboard: `) that says the server called `name` went away and
    /// what the program does about it (`exiting`, `cancelling the entry`).
    public static func lostMessage(name: String, then what: String = "exiting") -> String {
        "lost the connection to the X server '\(name)'; \(what)"
    }

    /// The connection's socket, to `poll` for POLLIN.
    public var fileDescriptor: Int32 { XConnectionNumber(display) }

    /// The X resources the server holds (`RESOURCE_MANAGER`, as Xlib read it when connecting):
    /// `Xft.dpi`, `Xft.antialias` and the like. Nil when there are none.
    public var resourceText: String? {
        guard let text = XResourceManagerString(display) else { return nil }
        return String(cString: text)
    }

    /// The default screen's size in pixels.
    public var screenSize: Size {
        Size(width: Int(XDisplayWidth(display, screen)), height: Int(XDisplayHeight(display, screen)))
    }

    /// Adds `mask` to the events this connection selects on the root window (each part of the
    /// program that watches the root asks for its own events; XSelectInput would replace them).
    package func selectRootEvents(_ mask: Int) {
        guard rootEventMask | mask != rootEventMask else { return }
        rootEventMask |= mask
        XSelectInput(display, root, rootEventMask)
    }

    /// Sends every buffered request to the server.
    public func flush() {
        XFlush(display)
    }

    /// Flushes, then returns how many events are queued (reading what already arrived).
    public func queuedEvents() -> Int {
        return Int(XEventsQueued(display, QueuedAfterFlush))
    }

    /// Waits until the server has processed every request sent so far.
    public func sync() {
        XSync(display, 0)
    }

    /// Runs `body`, which touches other clients' windows (they may vanish at any moment), and
    /// forgets the protocol errors it caused (two round trips; like gdk_x11_display_error_trap).
    func trappingErrors<R>(_ body: () -> R) -> R {
        XSync(display, 0)
        let before = XErrorTrap.count(display)
        let result = body()
        XSync(display, 0)
        XErrorTrap.drop(display, after: before)
        return result
    }

    /// Takes the protocol errors recorded since the last call (and how many were dropped).
    public func takeErrors() -> (errors: [XProtocolError], dropped: Int) { XErrorTrap.take(display) }

    deinit {
        _ = XErrorTrap.take(display)
        XCloseDisplay(display)
    }
}
