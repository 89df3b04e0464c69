import StackboardCore
/// The rules and names a display's keymap was made from: the root window's `_XKB_RULES_NAMES`
/// property (rules, model, layouts, variants, options as NUL-terminated strings, what
/// `setxkbmap` writes), read with the current group to know which layout is active.
public struct XkbRulesNames: Equatable, Hashable, Sendable {
    /// The rules file (`evdev`).
    public var rules: String
    /// The keyboard model (`pc105`).
    public var model: String
    /// The layouts, one per group (`us`, `ru`).
    public var layouts: [String]
    /// The variants, one per group (empty strings for the basic variants).
    public var variants: [String]
    /// The XKB options (`grp:alt_shift_toggle`).
    public var options: String

    /// Names with every property given.
    public init(rules: String, model: String, layouts: [String], variants: [String], options: String) {
        self.rules = rules
        self.model = model
        self.layouts = layouts
        self.variants = variants
        self.options = options
    }

    /// Parses the property's bytes: up to five NUL-terminated strings (missing ones are empty);
    /// the layout and variant lists are comma-separated. Nil when there is no layout at all.
    public init?(property bytes: [UInt8]) {
        var fields = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        while fields.count < 5 { fields.append("") }
        let layouts = fields[2].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard layouts.contains(where: { !$0.isEmpty }) else { return nil }
        self.init(rules: fields[0], model: fields[1], layouts: layouts,
                  variants: fields[3].split(separator: ",", omittingEmptySubsequences: false).map(String.init),
                  options: fields[4])
    }

    /// The layout of group `group` (0-based; XKB wraps groups beyond the last to the first), as
    /// a keyboard name (`xkb:ru`, `xkb:de(nodeadkeys)`); nil when that group has no layout.
    public func layoutName(group: Int) -> XkbLayoutName? {
        guard !layouts.isEmpty else { return nil }
        let index = ((group % layouts.count) + layouts.count) % layouts.count
        let layout = layouts[index]
        guard !layout.isEmpty else { return nil }
        let variant = variants.indices.contains(index) ? variants[index] : ""
        return XkbLayoutName(layout: layout, variant: variant)
    }
}
