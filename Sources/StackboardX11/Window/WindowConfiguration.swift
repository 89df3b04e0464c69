import StackboardCore

/// Where the keyboard window goes and what it says about itself to the window manager.
public struct WindowConfiguration: Equatable, Sendable {
    /// Position and size in root coordinates.
    public var frame: Rect
    /// Floating (kept above) or docked on an edge (with struts).
    public var placement: WindowPlacement
    /// True when the user gave the geometry (USPosition/USSize), false for our default.
    public var userSpecifiedGeometry: Bool
    /// WM_NAME and _NET_WM_NAME.
    public var title: String
    /// WM_CLASS instance name.
    public var instanceName: String
    /// WM_CLASS class name.
    public var className: String
    /// The on-screen keyboard, an entry dialog, or an XEmbed plug.
    public var role: WindowRole

    /// A configuration; the names default to Stackboard's, the role to the keyboard's.
    public init(frame: Rect, placement: WindowPlacement, userSpecifiedGeometry: Bool,
                title: String = "Stackboard", instanceName: String = "stackboard", className: String = "Stackboard",
                role: WindowRole = .keyboard) {
        self.frame = frame
        self.placement = placement
        self.userSpecifiedGeometry = userSpecifiedGeometry
        self.title = title
        self.instanceName = instanceName
        self.className = className
        self.role = role
    }
}

/// What the window is for: how it treats the focus and what it tells the window manager.
public enum WindowRole: Equatable, Hashable, Sendable {
    /// The on-screen keyboard: never takes the focus; floats above other windows or docks.
    case keyboard
    /// `stackboard entry`'s window: an application of its own that may take the focus
    /// (WM_HINTS input True) and reads a physical keyboard (`takeEntryInput`).
    case entry
    /// An XEmbed plug (`--xid`): `_XEMBED_INFO` and no window-manager hints besides input
    /// False; mapped by its embedder, never focused (`takeEntryInput` reports the embedding).
    case plug
}
