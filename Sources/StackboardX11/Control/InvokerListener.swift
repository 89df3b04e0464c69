import CX11
import StackboardCore

/// matchbox's show/hide protocol, as the GTK input-method module of `matchbox-keyboard-im` and
/// kiosk applications speak it: a ClientMessage `_MB_IM_INVOKER_COMMAND` (or
/// `_MTP_IM_INVOKER_COMMAND`) sent to the root window with SubstructureRedirect|SubstructureNotify,
/// `data.l[0]` 1 show, 2 hide, 3 toggle. Only a client that selects SubstructureNotify on the
/// root receives it, so the listener selects that; the map, configure and destroy news of every
/// other top-level window that then arrives is used up here, unseen by the rest of the program.
public final class InvokerListener {
    private let root: Window
    private let types: Set<Atom>

    /// Selects SubstructureNotify on the root window of `connection`.
    public init(connection: XConnection) {
        root = connection.root
        types = Set(InvokerCommand.messageTypes.map { XInternAtom(connection.display, $0, 0) })
        connection.selectRootEvents(SubstructureNotifyMask)
    }

    /// Looks at one event: nil when it is not the listener's; else the command it carried
    /// (nil inside for a root substructure event or an unknown code, both used up).
    private func take(_ e: XEvent) -> InvokerCommand?? {
        switch e.type {
        case ClientMessage where e.xclient.window == root && types.contains(e.xclient.message_type):
            return .some(InvokerCommand(code: e.xclient.data.l.0))
        case MapNotify where e.xmap.event == root, UnmapNotify where e.xunmap.event == root,
             ConfigureNotify where e.xconfigure.event == root, DestroyNotify where e.xdestroywindow.event == root,
             CreateNotify where e.xcreatewindow.parent == root, ReparentNotify where e.xreparent.event == root,
             GravityNotify where e.xgravity.event == root, CirculateNotify where e.xcirculate.event == root:
            return .some(nil)
        default:
            return nil
        }
    }
}

extension InvokerListener: XEventHandler {
    /// The root's events (its ClientMessages and its children's structure news).
    public var routes: [XEventRoute] { [.window(UInt(root))] }

    /// Reports a command as `.invoked`; uses up the root's substructure news.
    public func handle(_ event: XEventRef, in batch: inout XEventBatch) -> Bool {
        guard let command = take(event.pointer.pointee) else { return false }
        if let command { batch.append(.invoked(command)) }
        return true
    }
}
