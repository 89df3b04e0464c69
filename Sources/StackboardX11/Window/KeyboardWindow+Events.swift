import CX11
import StackboardCore

extension KeyboardWindow {
    /// Handles every event already queued (without blocking) and returns what the application
    /// must act on. Each event goes to `route` first (the application's router: the injector,
    /// the control channel, touch input, entry input): it returns nil when the event is not
    /// theirs, else the window events it made (often none). The window handles the rest: exposes
    /// are answered from the back buffer; after a resize the back buffer is new and `.resized`
    /// says to repaint; hover motion is coalesced per batch (pressed motion is not: a swipe needs
    /// every point of its path).
    public func nextEvents(route: (UnsafeMutablePointer<XEvent>) -> [WindowEvent]?) -> [WindowEvent] {
        var out: [WindowEvent] = []
        var exposed: [Rect] = []
        var newSize: Size?
        let display = connection.display
        presses.removeAll(keepingCapacity: true)
        while !isDestroyed, XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            // The key a release types goes out before anything else is looked at.
            if releaseTrigger != nil, event.type == ButtonRelease, event.xbutton.window == windowID,
               pointer.endsPress(button: event.xbutton.button) {
                fireReleaseTrigger(pointer: PointerTranslator.corePointer, at: Point(x: Int(event.xbutton.x), y: Int(event.xbutton.y)))
            }
            if let routed = route(&event) {
                out += routed
                continue
            }
            handle(&event, into: &out, exposed: &exposed, newSize: &newSize)
        }
        guard !isDestroyed else { return out }
        if let newSize, newSize != buffer.size {
            if let fresh = try? BackBuffer(display: display, owner: connection, window: windowID, screen: connection.screen, size: newSize) {
                clearBufferBackground()
                buffer = fresh
                bufferIsPainted = false
            }
        } else if bufferIsPainted, !exposed.isEmpty {
            buffer.copy(exposed, to: windowID, gc: gc)
        }
        if !exposed.isEmpty { clearBufferBackground() }
        return out
    }

    private func handle(_ event: inout XEvent, into out: inout [WindowEvent], exposed: inout [Rect], newSize: inout Size?) {
        switch event.type {
        case ButtonPress where event.xbutton.window == windowID:
            if let e = pointer.press(button: event.xbutton.button, x: event.xbutton.x, y: event.xbutton.y) {
                presses.append(OwnPress(time: event.xbutton.time, afterLeaving: leftSincePress))
                leftSincePress = false
                out.append(.rootPosition(pointer: PointerTranslator.corePointer, Point(x: Int(event.xbutton.x_root), y: Int(event.xbutton.y_root))))
                out.append(.input(e))
            }
        case MotionNotify where event.xmotion.window == windowID:
            if let e = pointer.motion(state: event.xmotion.state, x: event.xmotion.x, y: event.xmotion.y,
                                      trackHover: tracksHover) {
                if case .input(.hover)? = out.last, case .hover = e { out.removeLast() }
                if case .move = e {
                    out.append(.rootPosition(pointer: PointerTranslator.corePointer, Point(x: Int(event.xmotion.x_root), y: Int(event.xmotion.y_root))))
                }
                out.append(.input(e))
            }
        case EnterNotify where event.xcrossing.window == windowID:
            pointerInside = true
        case LeaveNotify where event.xcrossing.window == windowID:
            pointerInside = false
            // Not a window manager's grab of the press (openbox's, replayed to the window at once).
            if event.xcrossing.mode == NotifyNormal { leftSincePress = true }
            if tracksHover, !pointer.isDown { out.append(.input(.leave)) }
        case ButtonRelease where event.xbutton.window == windowID:
            if let e = pointer.release(button: event.xbutton.button, x: event.xbutton.x, y: event.xbutton.y) {
                out.append(.rootPosition(pointer: PointerTranslator.corePointer, Point(x: Int(event.xbutton.x_root), y: Int(event.xbutton.y_root))))
                out.append(.input(e))
            }
        case KeyPress where event.xkey.window == connection.root, KeyRelease where event.xkey.window == connection.root:
            // Only the scan switch's grab delivers keys here (the window never has the focus).
            if let e = pointer.switchKey(event.xkey.keycode, down: event.type == KeyPress) {
                if case .switchPress = e { presses.append(OwnPress(time: nil)) }
                out.append(.input(e))
            }
        case Expose:
            let e = event.xexpose
            let rect = Rect(x: Int(e.x), y: Int(e.y), width: Int(e.width), height: Int(e.height))
            if e.window == windowID {
                exposed.append(rect)
            } else if let popup, e.window == popup.id {
                popup.expose(rect)
            } else if let previewPopup, e.window == previewPopup.id {
                previewPopup.expose(rect)
            }
        case ConfigureNotify where event.xconfigure.window == windowID:
            configured(event.xconfigure, into: &out, newSize: &newSize)
        case MapNotify where event.xmap.window == windowID:
            isMapped = true
            mapRetry = nil
            replacing = false
            if !statesAsserted {
                // Some window managers read _NET_WM_STATE only from client messages once mapped.
                properties.requestStates(wantedStates, root: connection.root)
                statesAsserted = true
            }
            out.append(.shown)
        case UnmapNotify where event.xunmap.window == windowID:
            isMapped = false
            pointerInside = false
            leftSincePress = true
            popup?.hide()
            previewPopup?.hide()
            if let e = pointer.cancel() { out.append(.input(e)) }
            // The application cancels its touches too; an unmap to change the placement hides nothing.
            if !replacing { out.append(.hidden) }
        case VisibilityNotify where event.xvisibility.window == windowID:
            if event.xvisibility.state == VisibilityFullyObscured, placement == .floating {
                XRaiseWindow(connection.display, windowID)
            }
        case PropertyNotify:
            let p = event.xproperty
            if keepAbove.isRelevant(window: p.window, atom: p.atom, connection: connection) {
                keepAbove.update(connection: connection, keyboard: windowID)
                deiconifyIfWanted()
            } else if p.window == windowID, p.atom == connection.atoms.wmState {
                deiconifyIfWanted()
            }
        case DestroyNotify where event.xdestroywindow.window == windowID:
            isDestroyed = true
            out.append(.closeRequested)
        case DestroyNotify where keepAbove.isWatched(event.xdestroywindow.window),
             UnmapNotify where keepAbove.isWatched(event.xunmap.window):
            keepAbove.update(connection: connection, keyboard: windowID)
            deiconifyIfWanted()
        case ClientMessage where event.xclient.window == windowID:
            let c = event.xclient
            if c.message_type == connection.atoms.wmProtocols, Atom(c.data.l.0) == connection.atoms.wmDeleteWindow {
                out.append(.closeRequested)
            }
        default:
            break
        }
    }

    private func configured(_ c: XConfigureEvent, into out: inout [WindowEvent], newSize: inout Size?) {
        let size = Size(width: max(1, Int(c.width)), height: max(1, Int(c.height)))
        if case .dock(let edge) = placement {
            var rootX: Int32 = 0, rootY: Int32 = 0
            var child: Window = 0
            XTranslateCoordinates(connection.display, windowID, connection.root, 0, 0, &rootX, &rootY, &child)
            updateStruts(edge: edge, frame: Rect(x: Int(rootX), y: Int(rootY), width: size.width, height: size.height))
        }
        guard size != self.size else { return }
        self.size = size
        newSize = size
        if case .resized? = out.last { out.removeLast() }
        out.append(.resized(size))
    }
}

extension KeyboardWindow {
    /// The next press of the batch read last (`presses`); time nil when none is left.
    public func takePress() -> OwnPress {
        presses.isEmpty ? OwnPress(time: nil) : presses.removeFirst()
    }

    /// Notes the server time of a press that came another way (a finger's TouchBegin, which
    /// the window's router translated), in order with the batch's other presses.
    public func notePressTime(_ time: UInt) {
        presses.append(OwnPress(time: time))
    }
}
