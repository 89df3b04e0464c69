import CX11

/// Keeps a floating keyboard above a full-screen application (kiosks).
///
/// Measured under openbox: a focused full-screen window goes into a layer above every
/// `_NET_WM_STATE_ABOVE` window, and a raise request does not cross layers. Window managers
/// do keep a transient above its parent, so while the active window is full screen the keyboard
/// declares itself transient for it (WM_TRANSIENT_FOR) and drops that again when it is not.
/// Driven by PropertyNotify on the root (`_NET_ACTIVE_WINDOW`) and on the active window
/// (`_NET_WM_STATE`): no polling. Without a window manager, a keyboard fully covered by another
/// window raises itself (a plain XRaiseWindow; the focus is never touched).
struct KeepAboveFullscreen {
    /// The active window whose properties we watch.
    private var watched: Window = 0
    /// The events this connection selected on `watched` before we added ours (nil: ours are
    /// not added yet). The active window can be one of our own (a gone window's id, reused).
    private var watchedMaskBefore: Int?
    /// The window we are currently transient for.
    private(set) var transientFor: Window?

    /// What we select on the active window.
    private static let watchedEvents = PropertyChangeMask | StructureNotifyMask

    /// Starts watching the root window's `_NET_ACTIVE_WINDOW`.
    mutating func start(connection: XConnection, keyboard: Window) {
        connection.selectRootEvents(PropertyChangeMask)
        update(connection: connection, keyboard: keyboard)
    }

    /// Whether a PropertyNotify concerns us.
    func isRelevant(window: Window, atom: Atom, connection: XConnection) -> Bool {
        (window == connection.root && atom == connection.atoms.netActiveWindow)
            || (window == watched && watched != 0 && atom == connection.atoms.netWMState)
    }

    /// Whether an UnmapNotify or DestroyNotify is about the watched window (openbox leaves
    /// `_NET_ACTIVE_WINDOW` naming a window that is gone, so its going is watched directly).
    func isWatched(_ window: Window) -> Bool { watched != 0 && window == watched }

    /// Re-reads the active window and its state; sets or clears WM_TRANSIENT_FOR. Errors about
    /// the other window (it may be gone already) are expected and dropped.
    mutating func update(connection: XConnection, keyboard: Window) {
        connection.trappingErrors { updateTrapped(connection: connection, keyboard: keyboard) }
    }

    private mutating func updateTrapped(connection: XConnection, keyboard: Window) {
        let display = connection.display
        let atoms = connection.atoms
        let reader = PropertyReader(display: display)
        let active = Window(reader.values(atoms.netActiveWindow, of: connection.root, type: Atom(XA_WINDOW)).first ?? 0)
        if active != watched {
            if watched != 0, let before = watchedMaskBefore { XSelectInput(display, watched, before) }
            watched = active == keyboard ? 0 : active
            watchedMaskBefore = nil
        }
        var target: Window?
        if watched != 0, let attributes = watchedAttributes(display), attributes.map_state == IsViewable {
            let states = reader.values(atoms.netWMState, of: watched, type: Atom(XA_ATOM))
            if states.contains(Int(atoms.netWMStateFullscreen)) { target = watched }
        }
        guard target != transientFor else { return }
        transientFor = target
        WindowProperties(display: display, window: keyboard, atoms: atoms).setTransient(for: target)
        if target != nil { XRaiseWindow(display, keyboard) }
    }

    /// The watched window's attributes, read after our events are selected on it (nil: it does
    /// not exist). They are selected whenever they are missing, not only when the active window
    /// changes: `_NET_ACTIVE_WINDOW` can name a window that is gone, and the X server gives its
    /// id to the next client's window, which then has none of our events.
    private mutating func watchedAttributes(_ display: OpaquePointer) -> XWindowAttributes? {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, watched, &attributes) != 0 else { return nil }
        let mask = attributes.your_event_mask
        guard mask & Self.watchedEvents != Self.watchedEvents else { return attributes }
        // Missing: a new window under this id, or the first look at it. What it had is ours to
        // give back (0 for another client's window).
        watchedMaskBefore = mask
        XSelectInput(display, watched, mask | Self.watchedEvents)
        // Read again, now that nothing that happens to it can be missed.
        guard XGetWindowAttributes(display, watched, &attributes) != 0 else { return nil }
        return attributes
    }
}
