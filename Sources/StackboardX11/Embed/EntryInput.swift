import CX11

/// What the entry window's own input produced, besides pointer events: keys typed on a
/// physical keyboard (`WindowRole.entry`) and the XEmbed conversation (`WindowRole.plug`).
public enum EntryInput: Equatable, Hashable, Sendable {
    /// A key typed on a physical keyboard.
    case typed(TypedKey)
    /// The embedder sent XEMBED_EMBEDDED_NOTIFY: the plug is in its socket (the embedder's window id).
    case embedded(embedder: UInt)
    /// The embedder offered the focus (XEMBED_FOCUS_IN) and got it straight back (XEMBED_FOCUS_NEXT).
    case focusPassedOn
    /// The embedder went away: the plug was reparented back to the root window (its save-set at
    /// work when the embedder's connection closed). A destroyed plug comes as `.closeRequested`.
    case embedderGone
}

/// Takes the events of the entry and plug roles that the window does not know: key presses,
/// XEmbed client messages, reparenting, and the end of the embedder's windows, and reports them
/// as `.entry`. Answers FOCUS_IN itself. Add it to the pump before the window.
public final class EntryInputCollector {
    private let connection: XConnection
    private let window: Window
    private let role: WindowRole
    private let atoms: XEmbedAtoms
    /// The window we are a child of now.
    private var parent: Window
    /// The embedder named by EMBEDDED_NOTIFY (where FOCUS_NEXT goes).
    private var embedder: Window?
    /// The embedder's windows whose destruction means the embedder went away.
    private var watched: Set<Window> = []
    /// Set once `.embedderGone` was reported.
    private var gone = false
    /// Collected from the event being handled.
    private var pending: [EntryInput] = []

    /// Collects the input of `window` (an entry window or a plug, by `role`) on `connection`.
    public init(connection: XConnection, window: UInt, role: WindowRole) {
        self.connection = connection
        self.window = Window(window)
        self.role = role
        self.parent = connection.root
        self.atoms = XEmbedAtoms(display: connection.display)
    }

    /// Whether the plug is in an embedder right now.
    public var isEmbedded: Bool { parent != connection.root && !gone }

    private func take(_ event: inout XEvent) -> Bool {
        if role == .plug, watched.contains(event.xany.window) {
            // Our selection on the embedder's window: only its end matters.
            if event.type == DestroyNotify, event.xdestroywindow.window == event.xany.window { embedderGone() }
            return true
        }
        switch event.type {
        case KeyPress where role == .entry && event.xkey.window == window:
            if let key = TypedKey(keyPress: &event.xkey) { pending.append(.typed(key)) }
            return true
        case ReparentNotify where role == .plug && event.xreparent.window == window:
            let wasEmbedded = isEmbedded
            parent = event.xreparent.parent
            if parent == connection.root {
                if wasEmbedded { embedderGone() }
            } else if !gone {
                watch(parent)
            }
            return true
        case ClientMessage where role == .plug && event.xclient.window == window && event.xclient.message_type == atoms.message:
            xembed(event.xclient)
            return true
        default:
            return false
        }
    }

    private func embedderGone() {
        guard !gone else { return }
        gone = true
        pending.append(.embedderGone)
    }

    /// Asks to hear when `other` (a window of the embedder) is destroyed. A window that is
    /// already gone is an error the X server reports at once; it is trapped and means gone.
    private func watch(_ other: Window) {
        guard other != connection.root, other != window, !watched.contains(other) else { return }
        let display = connection.display
        var attributes = XWindowAttributes()
        let alive = connection.trappingErrors { () -> Bool in
            XSelectInput(display, other, StructureNotifyMask)
            return XGetWindowAttributes(display, other, &attributes) != 0
        }
        if alive { watched.insert(other) } else { embedderGone() }
    }

    private func xembed(_ message: XClientMessageEvent) {
        switch message.data.l.1 {
        case XEmbed.embeddedNotify:
            let from = Window(UInt(bitPattern: message.data.l.3))
            let embedder = from != 0 ? from : parent
            self.embedder = embedder
            watch(embedder)
            pending.append(.embedded(embedder: UInt(embedder)))
        case XEmbed.focusIn:
            // Never hold the key focus: hand it straight on to the embedder's next widget.
            send(XEmbed.focusNext, time: Time(UInt(bitPattern: message.data.l.0)))
            pending.append(.focusPassedOn)
        default:
            break // activation, modality, focus out: nothing to do for a keypad
        }
    }

    /// Sends an XEmbed message to the embedder (as the specification says: no event mask, so
    /// it goes to the client that created the embedder's window).
    private func send(_ code: Int, time: Time) {
        let target = embedder ?? parent
        guard target != connection.root, !gone else { return }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = target
        event.xclient.message_type = atoms.message
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(bitPattern: UInt(time))
        event.xclient.data.l.1 = code
        event.xclient.data.l.2 = 0
        event.xclient.data.l.3 = 0
        event.xclient.data.l.4 = 0
        connection.trappingErrors { _ = XSendEvent(connection.display, target, 0, NoEventMask, &event) }
    }
}

extension EntryInputCollector: XEventHandler {
    /// The window's events; for a plug, the structure news of every window too (the embedder's
    /// windows it watches change as it is embedded).
    public var routes: [XEventRoute] {
        let structure = [DestroyNotify, UnmapNotify, MapNotify, ConfigureNotify, ReparentNotify, GravityNotify, CirculateNotify]
        return [.window(UInt(window))] + (role == .plug ? structure.map { .type($0) } : [])
    }

    /// Reports what the event said as `.entry`; true when it was ours (the window must not see it).
    public func handle(_ event: XEventRef, in batch: inout XEventBatch) -> Bool {
        let taken = take(&event.pointer.pointee)
        for news in pending { batch.append(.entry(news)) }
        pending.removeAll()
        return taken
    }
}
