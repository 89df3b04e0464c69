import CX11
import StackboardCore

extension KeyboardWindow: XEventHandler {
    /// The window's own events, the exposes of its popups, and the property, unmap and destroy
    /// news of the windows it keeps above (`KeepAboveFullscreen`) and of the root.
    public var routes: [XEventRoute] {
        [.window(windowID), .type(Expose), .type(PropertyNotify), .type(UnmapNotify), .type(DestroyNotify)]
    }

    /// Answers exposes (from the back buffer, once the batch is read), resizes of the back
    /// buffer and window-manager chores; reports `.resized`, `.shown`, `.hidden`, `.closeRequested`.
    public func handle(_ event: XEventRef, in batch: inout XEventBatch) -> Bool {
        guard !isDestroyed else { return false }
        return handle(&event.pointer.pointee, in: &batch)
    }

    /// After the batch: a new back buffer after a resize (`.resized` says to repaint), or the
    /// exposed areas copied from the one painted.
    public func finishBatch(_ batch: inout XEventBatch) {
        defer { (exposed, newSize) = ([], nil) }
        guard !isDestroyed else { return }
        let display = connection.display
        if let newSize, newSize != buffer.size {
            if let fresh = try? BackBuffer(display: display, owner: connection, window: windowID, screen: connection.screen, size: newSize) {
                clearStartBackground()
                buffer = fresh
                bufferIsPainted = false
            }
        } else if bufferIsPainted, !exposed.isEmpty {
            buffer.copy(exposed, to: windowID, gc: gc)
        }
        if !exposed.isEmpty { clearStartBackground() }
    }

    private func handle(_ event: inout XEvent, in batch: inout XEventBatch) -> Bool {
        switch event.type {
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
            configured(event.xconfigure, in: &batch)
        case MapNotify where event.xmap.window == windowID:
            isMapped = true
            mapRetry = nil
            replacing = false
            if !statesAsserted {
                // Some window managers read _NET_WM_STATE only from client messages once mapped.
                properties.requestStates(wantedStates, root: connection.root)
                statesAsserted = true
            }
            batch.append(.shown)
        case UnmapNotify where event.xunmap.window == windowID:
            isMapped = false
            popup?.hide()
            previewPopup?.hide()
            // An unmap to change the placement hides nothing (a finger dragging the window goes on).
            input.windowUnmapped(cancelTouches: !replacing, in: &batch)
            if !replacing { batch.append(.hidden) }
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
            batch.append(.closeRequested)
        case DestroyNotify where keepAbove.isWatched(event.xdestroywindow.window),
             UnmapNotify where keepAbove.isWatched(event.xunmap.window):
            keepAbove.update(connection: connection, keyboard: windowID)
            deiconifyIfWanted()
        case ClientMessage where event.xclient.window == windowID:
            let c = event.xclient
            if c.message_type == connection.atoms.wmProtocols, Atom(c.data.l.0) == connection.atoms.wmDeleteWindow {
                batch.append(.closeRequested)
            }
        default:
            return false
        }
        return true
    }

    private func configured(_ c: XConfigureEvent, in batch: inout XEventBatch) {
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
        if case .resized? = batch.last { batch.removeLast() }
        batch.append(.resized(size))
    }
}
