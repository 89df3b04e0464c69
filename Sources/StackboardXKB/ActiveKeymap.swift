import StackboardCore

/// The XKB layout the display types with now: the rules names `setxkbmap` left on the root
/// window (`_XKB_RULES_NAMES`) and the core keyboard's effective group.
///
/// To follow it live, the runtime selects PropertyNotify on the root window (setxkbmap rewrites
/// `_XKB_RULES_NAMES`) and XkbStateNotify with XkbGroupStateMask (a group switch), and on either
/// reads again and loads `layoutName` when it changed.
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

    /// The reading of the raw `_XKB_RULES_NAMES` bytes and group (nil when they are not rules names).
    public init?(property: (bytes: [UInt8], group: Int)?) {
        guard let property, let names = XkbRulesNames(property: property.bytes) else { return nil }
        self.init(names: names, group: property.group)
    }

    /// The keyboard name of the active group's layout (`xkb:ru`), if it has one.
    public var layoutName: XkbLayoutName? { names.layoutName(group: group) }
}
