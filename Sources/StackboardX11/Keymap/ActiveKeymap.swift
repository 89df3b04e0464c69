import CX11
import StackboardCore

/// The XKB layout the display types with now: the rules names `setxkbmap` left on the root
/// window (`_XKB_RULES_NAMES`) and the core keyboard's effective group.
public struct ActiveXkbLayout: Equatable, Sendable {
    /// The rules, model, layouts, variants and options of the keymap.
    public var names: XkbRulesNames
    /// The effective group (0-based).
    public var group: Int

    /// A reading with every property given.
    public init(names: XkbRulesNames, group: Int) {
        self.names = names
        self.group = group
    }

    /// The keyboard name of the active group's layout (`xkb:ru`), if it has one.
    public var layoutName: XkbLayoutName? { names.layoutName(group: group) }
}

/// Reads the display's active XKB layout.
///
/// To follow it live, the runtime selects PropertyNotify on the root window (setxkbmap rewrites
/// `_XKB_RULES_NAMES`) and XkbStateNotify with XkbGroupStateMask (a group switch), and on either
/// reads again and loads `layoutName` when it changed. Reading is two round trips.
public enum ActiveKeymap {
    /// The rules names and group of `display` (whose root window is `root`); nil when the
    /// server publishes no `_XKB_RULES_NAMES` (some X servers started without rules).
    static func read(display: OpaquePointer, root: Window) -> ActiveXkbLayout? {
        let atom = XInternAtom(display, "_XKB_RULES_NAMES", 1)
        guard atom != 0 else { return nil }
        guard let bytes = PropertyReader(display: display).string(atom, of: root),
              let names = XkbRulesNames(property: bytes) else { return nil }
        var state = XkbStateRec()
        let group = XkbGetState(display, UInt32(XkbUseCoreKbd), &state) == Success ? Int(state.group) : 0
        return ActiveXkbLayout(names: names, group: group)
    }
}

extension XConnection {
    /// The display's active XKB layout and group (see `ActiveKeymap`); nil when the server
    /// publishes no rules names or the connection is lost.
    public func activeXkbLayout() -> ActiveXkbLayout? {
        return ActiveKeymap.read(display: display, root: root)
    }
}
