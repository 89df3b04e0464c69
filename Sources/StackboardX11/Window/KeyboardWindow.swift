import CCairoPango
import CX11
import StackboardCore

/// The keyboard's top-level window: never takes the focus (WM_HINTS input False, no
/// WM_TAKE_FOCUS, no XSetInputFocus, no grabs), floats above other windows or docks with
/// struts, and is painted through an off-screen back buffer (no flicker).
///
/// Paint into `surface`, then `present` the rectangles that changed. Added to the pump (after
/// its `input`), it answers exposes, resizes of the back buffer and window-manager chores itself
/// and reports `.resized`, `.shown`, `.hidden` and `.closeRequested`.
public final class KeyboardWindow {
    /// The connection the window lives on.
    public let connection: XConnection
    /// The X window id.
    public let windowID: UInt
    /// The configuration it was made with.
    public let configuration: WindowConfiguration
    /// The current size in pixels.
    public internal(set) var size: Size
    /// Whether the window is mapped (visible) right now.
    public internal(set) var isMapped = false
    /// Floating or docked now (it starts as the configuration says; `setPlacement` changes it).
    public internal(set) var placement: WindowPlacement
    /// The smallest size the window manager lets a user resize the window to.
    public internal(set) var minimumSize = Size(width: 60, height: 40)
    /// The window is unmapped only to be mapped again with a new placement: that unmap hides nothing.
    var replacing = false

    var buffer: BackBuffer {
        didSet { bufferGeneration += 1 }
    }
    /// Counts back buffers: a new one (after a resize) means a new surface to paint on.
    public private(set) var bufferGeneration = 0
    /// Whether `buffer` holds a complete frame (exposes copy from it only then).
    var bufferIsPainted = false
    /// Whether the window has a background of its own (the back buffer, or the keyboard's colour)
    /// until the first Expose.
    var hasStartBackground = false
    let gc: GC
    /// The pointer and the fingers on the window: one input stream (add it to the pump before
    /// the window).
    public let input: WindowInput
    var keepAbove = KeepAboveFullscreen()
    var popup: PopupWindow?
    /// The key preview's popup (WM_CLASS instance `stackboard-preview`), made when first shown.
    var previewPopup: PopupWindow?
    var statesAsserted = false
    /// Someone destroyed the window: nothing may be done with it any more.
    var isDestroyed = false
    /// Whether the keyboard should be visible (`show` until `hide`).
    var wantShown = false
    /// Whether motion without a button is reported as `.hover` (for dwell).
    public var tracksHover: Bool { input.tracksHover }
    /// The areas exposed in the batch being read (copied from the back buffer once it is read).
    var exposed: [Rect] = []
    /// The size a ConfigureNotify of the batch being read gave (a new back buffer once it is read).
    var newSize: Size?
    var lastStruts: DockStruts?
    /// The keyboard's monitor (a dock's struts reserve space there; popups stay on it) and the
    /// monitors around it (nil: the whole screen).
    var onMonitor: (monitor: Monitor, layout: MonitorLayout)?
    /// While a map request has not been answered with a MapNotify: when to ask again, and how
    /// many more times (a window manager that is just starting can drop a MapRequest).
    var mapRetry: (at: Double, left: Int)?

    /// Creates the window with every property set; it is not mapped yet (call `show`).
    public init(connection: XConnection, configuration: WindowConfiguration) throws(WindowError) {
        let display = connection.display
        let frame = configuration.frame
        let size = Size(width: max(1, frame.width), height: max(1, frame.height))
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = 0 // None: exposed areas keep their pixels until we copy
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = Self.eventMask(for: configuration.role)
        let id = XCreateWindow(display, connection.root, Int32(frame.x), Int32(frame.y),
                               UInt32(size.width), UInt32(size.height), 0, 0 /* CopyFromParent */,
                               UInt32(InputOutput), nil, UInt(CWBackPixmap | CWBitGravity | CWEventMask), &attributes)
        guard id != 0 else { throw WindowError(description: "cannot create the keyboard window on '\(connection.name)'") }
        (gc, buffer) = try makeCopyTarget(connection, window: id, size: size, what: "the keyboard window")
        self.connection = connection
        self.windowID = id
        self.configuration = configuration
        self.placement = configuration.placement
        self.size = size
        input = WindowInput(connection: connection, window: id)
        setProperties()
    }

    var properties: WindowProperties {
        WindowProperties(display: connection.display, window: windowID, atoms: connection.atoms)
    }

    /// The _NET_WM_STATE atoms the keyboard asks for.
    var wantedStates: [Atom] {
        let a = connection.atoms
        switch configuration.role {
        case .keyboard: return [a.netWMStateAbove, a.netWMStateSticky, a.netWMStateSkipTaskbar, a.netWMStateSkipPager]
        case .entry: return [a.netWMStateAbove]
        case .plug: return []
        }
    }

    private func setProperties() {
        switch configuration.role {
        case .keyboard: setKeyboardProperties()
        case .entry: setEntryProperties()
        case .plug: setPlugProperties()
        }
    }

    private func setKeyboardProperties() {
        setIdentity()
        let p = properties
        p.setNoInputHints()
        p.setDeleteProtocolOnly()
        p.setNormalHints(frame: configuration.frame, userSpecified: configuration.userSpecifiedGeometry,
                         minimum: minimumSize)
        p.setUndecorated()
        setPlacementProperties(frame: configuration.frame)
        p.setStates(wantedStates)
        p.setAllDesktops()
    }

    /// Sets _NET_WM_STATE (and, for the keyboard, _NET_WM_DESKTOP) again before the window is
    /// mapped from withdrawn: the window manager deletes both when it is withdrawn (EWMH), so a
    /// keyboard shown again after a hide would lose "above", "all desktops" and "not in the task
    /// bar". The MapNotify asks for the states once more, for window managers that read them only
    /// from messages.
    func setStatesBeforeMap() {
        guard configuration.role != .plug else { return }
        properties.setStates(wantedStates)
        if configuration.role == .keyboard { properties.setAllDesktops() }
        statesAsserted = false
    }

    /// The window type (and the struts of a dock) of the current placement.
    func setPlacementProperties(frame: Rect) {
        let a = connection.atoms
        switch placement {
        case .floating:
            properties.setWindowType(a.netWMWindowTypeUtility)
            properties.deleteStruts()
            lastStruts = nil
        case .dock(let edge):
            properties.setWindowType(a.netWMWindowTypeDock)
            updateStruts(edge: edge, frame: frame)
        }
    }

    /// Sets the struts of a docked window at `frame` (root coordinates) when they changed.
    func updateStruts(edge: DockEdge, frame: Rect) {
        let struts = onMonitor.map { DockStruts(edge: edge, frame: frame, monitor: $0.monitor, in: $0.layout) }
            ?? DockStruts(edge: edge, frame: frame, screen: connection.screenSize)
        guard struts != lastStruts else { return }
        lastStruts = struts
        properties.setStruts(struts)
    }

    /// Maps the window again when the window manager iconified it while it should be shown and
    /// is not tied to another window: undecorated and out of the task bar, an iconified keyboard
    /// could not be brought back by the user. (openbox iconifies transients with their parent;
    /// see KeepAboveFullscreen.)
    func deiconifyIfWanted() {
        guard configuration.role == .keyboard, wantShown, keepAbove.transientFor == nil, !isDestroyed else { return }
        let state = PropertyReader(display: connection.display).values(connection.atoms.wmState, of: windowID,
                                                                        type: connection.atoms.wmState)
        if state.first == 3 /* IconicState */ { XMapWindow(connection.display, windowID) }
    }

    /// Reports pointer motion without a button as `.hover` and leaving the window as `.leave`
    /// (dwell clicking needs them). Off by default: then motion is only selected while button 1
    /// is down, so a pointer passing over the keyboard wakes nothing. With touch, the window's
    /// pointer events come as XI2 events then, so that the motion emulated from a finger is
    /// dropped (call it after `input.startTouch`).
    public func setHoverTracking(_ on: Bool) {
        guard on != tracksHover, !isDestroyed else { return }
        input.setHoverTracking(on)
        var attributes = XSetWindowAttributes()
        attributes.event_mask = Self.eventMask(for: configuration.role) | (on ? PointerMotionMask | LeaveWindowMask : 0)
        XChangeWindowAttributes(connection.display, windowID, UInt(CWEventMask), &attributes)
    }

    static let eventMask = ExposureMask | StructureNotifyMask | VisibilityChangeMask | PropertyChangeMask
        | ButtonPressMask | ButtonReleaseMask | Button1MotionMask

    /// The events a window of `role` selects: the entry window also reads the keyboard; the
    /// keyboard follows whether the pointer is over it (`pointerInside`).
    static func eventMask(for role: WindowRole) -> Int {
        role == .entry ? eventMask | KeyPressMask : eventMask | EnterWindowMask | LeaveWindowMask
    }

    /// Maps the window (and, floating, starts keeping it above full-screen windows). `now` is
    /// the caller's monotonic time in seconds: if no MapNotify comes, `nextDeadline` asks to be
    /// woken to map again (a window manager that is starting up can drop the request).
    public func show(now: Double) {
        guard !isDestroyed else { return }
        wantShown = true
        if !isMapped { setStatesBeforeMap() }
        XMapWindow(connection.display, windowID)
        if !isMapped { mapRetry = (now + Self.mapRetryInterval, Self.mapRetries) }
        if placement == .floating {
            keepAbove.start(connection: connection, keyboard: windowID)
        }
    }

    static let mapRetryInterval = 1.0
    static let mapRetries = 10

    /// When the pump must call `advance` next (nil: only when events arrive).
    public var nextDeadline: Double? { mapRetry?.at }

    /// Does what is due at `batch.now`: maps again if the last map request went unanswered.
    public func advance(_ batch: inout XEventBatch) {
        let now = batch.now
        guard let retry = mapRetry, retry.at <= now, !isDestroyed else { return }
        if isMapped || retry.left <= 0 {
            mapRetry = nil
            return
        }
        XMapWindow(connection.display, windowID)
        mapRetry = (now + Self.mapRetryInterval, retry.left - 1)
    }

    /// Moves (and resizes) the window to `frame` in root coordinates: a floating keyboard that
    /// gets out of a field's way. The window manager may adjust it; a resize comes back as
    /// `.resized`.
    public func move(to frame: Rect) {
        guard !isDestroyed, frame.width > 0, frame.height > 0 else { return }
        XMoveResizeWindow(connection.display, windowID, Int32(frame.x), Int32(frame.y), UInt32(frame.width), UInt32(frame.height))
    }

    /// Unmaps the window and the popup. A press in progress is cancelled when the unmap arrives.
    public func hide() {
        guard !isDestroyed else { return }
        mapRetry = nil
        wantShown = false
        popup?.hide()
        previewPopup?.hide()
        XUnmapWindow(connection.display, windowID)
    }

    /// A new reference (the caller owns it: hand it to `CairoSurface(taking:)`) to the cairo
    /// surface (`cairo_surface_t *`) of the back buffer, `size` pixels. Paint there, then
    /// `present`. After a `.resized` event (`bufferGeneration` changes) it is a dead surface:
    /// take the new one.
    public func retainedSurface() -> OpaquePointer {
        cairo_surface_reference(buffer.surface)
    }

    /// Copies these rectangles of the back buffer to the window.
    public func present(_ rects: [Rect]) {
        guard !isDestroyed, !rects.isEmpty else { return }
        buffer.copy(rects, to: windowID, gc: gc)
    }

    /// Copies the whole back buffer to the window (after a full repaint).
    public func presentAll() {
        bufferIsPainted = true
        present([Rect(size: size)])
    }

    /// Whether anything can still be drawn (the server is there and the window not destroyed;
    /// at the end of a run, `XEventPump.noticeDestruction` looks once more).
    public var isUsable: Bool { !isDestroyed }

    /// Sets (or with nil, clears) what the next release does first (`WindowInput`). Refused
    /// (false) while a scan switch key is grabbed: the keyboard's own keys must then get past
    /// the grab.
    public func setReleaseTrigger(_ trigger: ReleaseTrigger?) -> Bool {
        input.setReleaseTrigger(trigger)
    }

    deinit {
        popup = nil
        previewPopup = nil
        XFreeGC(connection.display, gc)
        if !isDestroyed { XDestroyWindow(connection.display, windowID) }
        connection.flush()
    }
}

extension KeyboardWindow {
    /// Puts the window at `frame` (root pixels) on `monitor` of `layout`: a dock's struts are
    /// those of that monitor (set now, also when the frame stays the same but the screen around
    /// it changed), then the window moves. The resize comes back as `.resized`.
    public func place(_ frame: Rect, on monitor: Monitor, in layout: MonitorLayout) {
        guard !isDestroyed else { return }
        onMonitor = (monitor, layout)
        if case .dock(let edge) = placement { updateStruts(edge: edge, frame: frame) }
        move(to: frame)
    }

    /// Where popups (alternates, previews) must stay, root pixels: the keyboard's monitor, else
    /// the screen.
    var popupBounds: Rect { onMonitor?.monitor.frame ?? Rect(size: connection.screenSize) }

}

extension KeyboardWindow {
    /// Shows the alternates popup at `frame` in this window's coordinates (it may reach above
    /// the window's top edge; it is moved to stay on the keyboard's monitor), painted by `paint` on a cairo
    /// surface of the frame's size. `paint` gets a new reference it owns (for `CairoSurface(taking:)`).
    public func showPopup(frame: Rect, paint: (OpaquePointer, Size) -> Void) throws(WindowError) {
        guard !isDestroyed else { return }
        if popup == nil { popup = try PopupWindow(connection: connection) }
        try popup?.show(frame: onScreen(frame), paint: paint)
    }

    /// Hides the alternates popup.
    public func hidePopup() {
        popup?.hide()
    }

    /// Shows the key preview at `frame` in this window's coordinates, kept on the keyboard's monitor
    /// like the alternates, in a popup of its own (WM_CLASS instance `stackboard-preview`).
    public func showPreview(frame: Rect, paint: (OpaquePointer, Size) -> Void) throws(WindowError) {
        guard !isDestroyed else { return }
        if previewPopup == nil {
            previewPopup = try PopupWindow(connection: connection, instance: "stackboard-preview", purpose: "the key preview")
        }
        try previewPopup?.show(frame: onScreen(frame), paint: paint)
    }

    /// Hides the key preview.
    public func hidePreview() {
        previewPopup?.hide()
    }

    /// `frame` (this window's coordinates) in root coordinates, moved (and cut) to lie on the keyboard's monitor.
    private func onScreen(_ frame: Rect) -> Rect {
        var rootX: Int32 = 0, rootY: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(connection.display, windowID, connection.root, Int32(frame.x), Int32(frame.y), &rootX, &rootY, &child)
        let screen = popupBounds
        let width = min(frame.width, screen.width), height = min(frame.height, screen.height)
        let x = min(max(screen.x, Int(rootX)), screen.maxX - width)
        let y = min(max(screen.y, Int(rootY)), screen.maxY - height)
        return Rect(x: x, y: y, width: width, height: height)
    }
}

extension KeyboardWindow {
    /// What the window of every role says about itself, for window managers and tools such as
    /// xwininfo: its title, WM_CLASS and process (`_NET_WM_PID`, WM_CLIENT_MACHINE).
    func setIdentity() {
        let p = properties
        p.setTitle(configuration.title)
        p.setClass(instance: configuration.instanceName, className: configuration.className)
        p.setProcess()
    }

    /// The entry window: an ordinary application window (decorated, in the task bar) that the
    /// window manager may focus, kept above other windows, closed with WM_DELETE_WINDOW.
    func setEntryProperties() {
        setIdentity()
        let p = properties
        p.setInputHint(true, withState: true)
        p.setDeleteProtocolOnly()
        p.setNormalHints(frame: configuration.frame, userSpecified: configuration.userSpecifiedGeometry,
                         minimum: Size(width: 60, height: 60))
        p.setWindowType(p.atom("_NET_WM_WINDOW_TYPE_NORMAL"))
        p.setStates(wantedStates)
    }

    /// The XEmbed plug: `_XEMBED_INFO` = [0, XEMBED_MAPPED], WM_HINTS input False (never
    /// focused, even if it ever ends up a top-level window), names for tools such as xwininfo,
    /// and nothing else for a window manager: no type, state, struts or protocols.
    func setPlugProperties() {
        setIdentity()
        properties.setInputHint(false, withState: false)
        XEmbed.setInfo(display: connection.display, window: windowID)
    }
}
