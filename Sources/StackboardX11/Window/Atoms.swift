import CX11
import StackboardCore
#if canImport(Glibc)
import Glibc
#endif

/// The atoms the keyboard window uses, interned in one round trip.
package struct Atoms {
    package let wmProtocols: Atom
    package let wmDeleteWindow: Atom
    package let wmState: Atom
    package let utf8String: Atom
    package let netWMName: Atom
    package let netWMPid: Atom
    package let netWMDesktop: Atom
    package let netWMWindowType: Atom
    package let netWMWindowTypeUtility: Atom
    package let netWMWindowTypeDock: Atom
    package let netWMState: Atom
    package let netWMStateAbove: Atom
    package let netWMStateSticky: Atom
    package let netWMStateSkipTaskbar: Atom
    package let netWMStateSkipPager: Atom
    package let netWMStateFullscreen: Atom
    package let netWMStrut: Atom
    package let netWMStrutPartial: Atom
    package let netActiveWindow: Atom
    package let motifWMHints: Atom

    private static let names = [
        "WM_PROTOCOLS", "WM_DELETE_WINDOW", "WM_STATE", "UTF8_STRING", "_NET_WM_NAME", "_NET_WM_PID", "_NET_WM_DESKTOP",
        "_NET_WM_WINDOW_TYPE", "_NET_WM_WINDOW_TYPE_UTILITY", "_NET_WM_WINDOW_TYPE_DOCK",
        "_NET_WM_STATE", "_NET_WM_STATE_ABOVE", "_NET_WM_STATE_STICKY", "_NET_WM_STATE_SKIP_TASKBAR",
        "_NET_WM_STATE_SKIP_PAGER", "_NET_WM_STATE_FULLSCREEN", "_NET_WM_STRUT", "_NET_WM_STRUT_PARTIAL",
        "_NET_ACTIVE_WINDOW", "_MOTIF_WM_HINTS",
    ]

    /// Atoms other parts of the keyboard intern by name at start (the control channel, the
    /// matchbox invoker): interned here too, in the same round trip, so that Xlib's atom cache
    /// answers their `XInternAtom` calls without one round trip each before the window maps.
    private static func alsoInterned(screen: Int32) -> [String] {
        [ControlAtomName.selection(screen: screen), ControlAtomName.message, ControlAtomName.layoutRequest,
         ControlAtomName.state, ControlAtomName.layout, "MANAGER", "_NET_WM_WINDOW_TYPE_NORMAL"] + InvokerCommand.messageTypes
    }

    /// Interns every atom with `XInternAtoms`.
    init(display: OpaquePointer) {
        let all = Self.names + Self.alsoInterned(screen: XDefaultScreen(display))
        var cNames = all.map { strdup($0) }
        defer { cNames.forEach { free($0) } }
        var values = [Atom](repeating: 0, count: all.count)
        _ = XInternAtoms(display, &cNames, Int32(cNames.count), 0, &values)
        var next = values.makeIterator()
        func take() -> Atom { next.next() ?? 0 }
        wmProtocols = take(); wmDeleteWindow = take(); wmState = take(); utf8String = take()
        netWMName = take(); netWMPid = take(); netWMDesktop = take(); netWMWindowType = take(); netWMWindowTypeUtility = take()
        netWMWindowTypeDock = take(); netWMState = take(); netWMStateAbove = take(); netWMStateSticky = take()
        netWMStateSkipTaskbar = take(); netWMStateSkipPager = take(); netWMStateFullscreen = take()
        netWMStrut = take(); netWMStrutPartial = take(); netActiveWindow = take(); motifWMHints = take()
    }
}
