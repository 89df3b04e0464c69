import CX11
import StackboardCore

extension KeyboardWindow {
    /// Whether a window manager that moves and resizes windows for their clients runs: a valid
    /// `_NET_SUPPORTING_WM_CHECK` window, and `_NET_WM_MOVERESIZE` in `_NET_SUPPORTED`.
    public var windowManagerMovesWindows: Bool {
        let display = connection.display
        let reader = PropertyReader(display: display)
        let check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", 0)
        var supported = false
        connection.trappingErrors {
            guard let wm = reader.values(check, of: connection.root, type: Atom(XA_WINDOW)).first, wm != 0,
                  reader.values(check, of: Window(wm), type: Atom(XA_WINDOW)).first == wm else { return }
            let list = reader.values(XInternAtom(display, "_NET_SUPPORTED", 0), of: connection.root, type: Atom(XA_ATOM))
            supported = list.contains(Int(XInternAtom(display, "_NET_WM_MOVERESIZE", 0)))
        }
        return supported
    }

    /// Hands a drag to the window manager (`_NET_WM_MOVERESIZE`): the pointer's grab is let go
    /// and the window manager follows it from `root` (root pixels) until the button goes up.
    /// The core pointer's press is forgotten (its release goes to the window manager).
    public func beginWindowManagerDrag(_ kind: WindowDragKind, at root: Point) {
        guard !isDestroyed else { return }
        let display = connection.display
        forgetPointer(PointerTranslator.corePointer)
        XUngrabPointer(display, UInt(CurrentTime))
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = windowID
        event.xclient.message_type = XInternAtom(display, "_NET_WM_MOVERESIZE", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = root.x
        event.xclient.data.l.1 = root.y
        event.xclient.data.l.2 = Self.moveResizeDirection(kind)
        event.xclient.data.l.3 = Int(Button1)
        event.xclient.data.l.4 = 1 // source: a normal application
        XSendEvent(display, connection.root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        connection.flush()
    }

    /// The `_NET_WM_MOVERESIZE` direction of a drag.
    static func moveResizeDirection(_ kind: WindowDragKind) -> Int {
        switch kind {
        case .move: return 8
        case .resize(.topLeft): return 0
        case .resize(.topRight): return 2
        case .resize(.bottomRight): return 4
        case .resize(.bottomLeft): return 6
        }
    }

    /// Forgets that pointer `id` is down on the window (the core pointer: its release will not
    /// come to the window, a window manager took it).
    public func forgetPointer(_ id: Int) {
        if id == PointerTranslator.corePointer { _ = input.pointer.cancel() }
    }

    /// Whether a button of the core pointer is down now (a round trip).
    public var pointerButtonDown: Bool {
        var root: Window = 0, child: Window = 0
        var rootX: Int32 = 0, rootY: Int32 = 0, x: Int32 = 0, y: Int32 = 0
        var mask: UInt32 = 0
        XQueryPointer(connection.display, connection.root, &root, &child, &rootX, &rootY, &x, &y, &mask)
        let buttons = UInt32(Button1Mask | Button2Mask | Button3Mask | Button4Mask | Button5Mask)
        return mask & buttons != 0
    }

    /// The window's frame in root pixels now (a round trip; nil once the window is gone).
    public func rootFrame() -> Rect? {
        guard !isDestroyed else { return nil }
        var rootX: Int32 = 0, rootY: Int32 = 0
        var child: Window = 0
        guard XTranslateCoordinates(connection.display, windowID, connection.root, 0, 0, &rootX, &rootY, &child) != 0 else {
            return nil
        }
        return Rect(x: Int(rootX), y: Int(rootY), width: size.width, height: size.height)
    }

    /// The smallest size a user may resize the window to (WM_NORMAL_HINTS; the keyboard's own
    /// resizing keeps to it too).
    public func setMinimumSize(_ minimum: Size, frame: Rect) {
        guard !isDestroyed, configuration.role == .keyboard, minimum != minimumSize else { return }
        minimumSize = minimum
        properties.setNormalHints(frame: frame, userSpecified: true, minimum: minimum)
    }

    /// Docks the window on an edge or floats it again, at `frame` (root pixels). A window
    /// manager reads the window type only when it starts managing a window: a mapped window is
    /// unmapped and mapped again around the change (that unmap is not reported as `.hidden`).
    public func setPlacement(_ new: WindowPlacement, frame: Rect, remap: Bool) {
        guard !isDestroyed, configuration.role == .keyboard else { return }
        guard new != placement else { return move(to: frame) }
        let display = connection.display
        let mapped = isMapped && wantShown
        if mapped && remap {
            replacing = true
            XUnmapWindow(display, windowID)
        }
        placement = new
        setPlacementProperties(frame: frame)
        properties.setNormalHints(frame: frame, userSpecified: true, minimum: minimumSize)
        XMoveResizeWindow(display, windowID, Int32(frame.x), Int32(frame.y), UInt32(max(1, frame.width)), UInt32(max(1, frame.height)))
        if mapped && remap {
            setStatesBeforeMap()
            XMapWindow(display, windowID)
        }
        if new == .floating, wantShown { keepAbove.start(connection: connection, keyboard: windowID) }
        connection.flush()
    }
}
