import StackboardCore

/// How the keyboard window is placed and stacked.
public enum WindowPlacement: Equatable, Hashable, Sendable {
    /// A floating window kept above the others (also above a full-screen application).
    case floating
    /// A dock window on an edge, with struts so maximized windows end next to it.
    case dock(DockEdge)
}
