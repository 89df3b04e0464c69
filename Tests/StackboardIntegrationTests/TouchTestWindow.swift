import CX11
import Foundation
import StackboardCore
@testable import StackboardX11
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A managed X window with a `TouchInput` on it, in the test process: what the keyboard window
/// will do, minus the keyboard. Records what `translate` gives back.
final class TouchTestWindow {
    /// A core pointer event as the window's handlers would see it (after `translate` rewrote
    /// an XI2 mouse event).
    struct CoreEvent: Equatable, CustomStringConvertible {
        var type: Int32
        var x: Int
        var y: Int
        var button: UInt32 = 0
        var state: UInt32 = 0
        var description: String {
            let name = [ButtonPress: "ButtonPress", ButtonRelease: "ButtonRelease", MotionNotify: "MotionNotify"][type] ?? "\(type)"
            return "\(name)(\(x),\(y) button \(button) state 0x\(String(state, radix: 16)))"
        }
    }

    let display: OpaquePointer
    let window: Window
    let input: TouchInput
    /// The window's top-left corner on the screen.
    private(set) var origin = (x: 0, y: 0)
    /// Touch events translated so far.
    private(set) var events: [InputEvent] = []
    /// Core pointer events handed back so far.
    private(set) var core: [CoreEvent] = []
    /// How many events `translate` took as its own but turned into nothing (emulated pointer
    /// events, hierarchy changes that ended no touch, events of unknown touches).
    private(set) var ignored = 0

    /// Opens `display`, maps a `width`x`height` window and waits until it is ready for touches:
    /// viewable at that size, managed by the window manager if one runs, and the window the
    /// server finds under its corners and centre (a fixed wait here once let the first touches
    /// miss a window the WM had taken for its probe and shown at 10x10; see WindowManagerProbe). The
    /// window selects core pointer events as the keyboard window does: button presses and
    /// releases and motion while button 1 is down, and with `hover` all motion (then also
    /// `selectPointerEvents(true)`, as the keyboard does for dwell).
    init(display name: String, hover: Bool, width: Int = 800, height: Int = 400, timeout: Double = 10) throws {
        guard let display = XOpenDisplay(name) else { throw XSession.Failure(description: "cannot open display \(name)") }
        self.display = display
        let root = XDefaultRootWindow(display)
        window = XCreateSimpleWindow(display, root, 100, 100, UInt32(width), UInt32(height), 0, 0, 0xffffff)
        XSelectInput(display, window, ExposureMask | StructureNotifyMask | ButtonPressMask | ButtonReleaseMask
                     | (hover ? PointerMotionMask : Button1MotionMask))
        XStoreName(display, window, "touch-test")
        do {
            input = try TouchInput(display: display, window: UInt(window))
        } catch {
            XCloseDisplay(display)
            throw XSession.Failure(description: "TouchInput: \(error.description)")
        }
        input.selectPointerEvents(hover)
        XMapRaised(display, window)
        XSync(display, 0)
        // Where a touch at its corners or centre would go is this window: then its origin is final.
        var ready = (x: 0, y: 0)
        let managed = WindowManagerProbe.isRunning(display)
        let placed = Wait.until(timeout: timeout) {
            var attributes = XWindowAttributes()
            XGetWindowAttributes(display, window, &attributes)
            guard attributes.map_state == IsViewable, Int(attributes.width) == width, Int(attributes.height) == height,
                  !managed || WindowManagerProbe.managedWindows(display).contains(window) else { return false }
            var x: Int32 = 0, y: Int32 = 0
            var child: Window = 0
            XTranslateCoordinates(display, window, root, 0, 0, &x, &y, &child)
            ready = (Int(x), Int(y))
            return [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1), (width / 2, height / 2)]
                .allSatisfy { topWindow(atX: ready.x + $0.0, y: ready.y + $0.1) == window }
        }
        guard placed else {
            throw XSession.Failure(description: "the \(width)x\(height) test window on \(name) was not viewable, managed and on top within \(timeout) s")
        }
        origin = ready
        drain(now: 0)
    }

    deinit {
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }

    /// The deepest mapped window at root point (`x`, `y`): where the server sends a touch there.
    private func topWindow(atX x: Int, y: Int) -> Window {
        let root = XDefaultRootWindow(display)
        var current = root
        while true {
            var wx: Int32 = 0, wy: Int32 = 0
            var child: Window = 0
            guard XTranslateCoordinates(display, root, current, Int32(x), Int32(y), &wx, &wy, &child) != 0, child != 0 else {
                return current
            }
            current = child
        }
    }

    /// The screen position of window point (`x`, `y`).
    func screen(_ x: Int, _ y: Int) -> (x: Int, y: Int) { (origin.x + x, origin.y + y) }

    /// Handles events until `done` holds for the touch events translated since the call (or
    /// `timeout` passes); `now` is the time handed to `translate`. Returns those events.
    @discardableResult
    func collect(now: Double, timeout: Double = 5, until done: ([InputEvent]) -> Bool) -> [InputEvent] {
        let start = events.count
        let deadline = Date().addingTimeInterval(timeout)
        var pfd = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
        while !done(Array(events[start...])) && Date() < deadline {
            if drain(now: now) == 0 { _ = poll(&pfd, 1, 20) }
        }
        return Array(events[start...])
    }

    /// Makes a round trip to the server (XSync), then handles every event: everything the
    /// server sent this window before the call is handled then. For "nothing more arrived".
    @discardableResult
    func roundTrip(now: Double) -> Int {
        XSync(display, 0)
        return drain(now: now)
    }

    /// Handles every event that is already there; returns how many.
    @discardableResult
    func drain(now: Double) -> Int {
        var count = 0
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            count += 1
            if let translated = input.translate(&event, in: XEventBatch(now: now, display: display)) {
                if translated.isEmpty { ignored += 1 }
                events += translated
                continue
            }
            switch event.type {
            case ButtonPress, ButtonRelease:
                let b = event.xbutton
                core.append(CoreEvent(type: b.type, x: Int(b.x), y: Int(b.y), button: b.button, state: b.state))
            case MotionNotify:
                let m = event.xmotion
                core.append(CoreEvent(type: m.type, x: Int(m.x), y: Int(m.y), state: m.state))
            default:
                break
            }
        }
        return count
    }
}
