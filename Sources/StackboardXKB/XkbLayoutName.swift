import StackboardCore
/// The name of a keyboard made from an XKB layout: `xkb:LAYOUT` or `xkb:LAYOUT(VARIANT)`
/// (`xkb:de`, `xkb:fr(bepo)`, `xkb:in(deva)`), as xkb-data's rules name layouts and variants.
public struct XkbLayoutName: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// What every such layout name starts with.
    public static let scheme = "xkb:"

    /// The XKB layout (`fr`).
    public var layout: String
    /// The variant (`bepo`), nil for the layout's basic variant.
    public var variant: String?

    /// The layout `layout` with `variant` (nil or empty: the basic variant).
    public init(layout: String, variant: String? = nil) {
        self.layout = layout
        self.variant = (variant?.isEmpty ?? true) ? nil : variant
    }

    /// Parses `xkb:LAYOUT[(VARIANT)]`; nil when `name` does not start with `xkb:` or is not of
    /// that shape (names are ASCII letters, digits, `_`, `-`, `+` and `.`).
    public init?(_ name: String) {
        guard name.hasPrefix(Self.scheme) else { return nil }
        self.init(rules: String(name.dropFirst(Self.scheme.count)))
    }

    /// Parses `LAYOUT[(VARIANT)]` as the rules write it (`fr(bepo)`).
    public init?(rules text: String) {
        var layout = Substring(text)
        var variant: Substring?
        if let open = text.firstIndex(of: "(") {
            guard text.hasSuffix(")") else { return nil }
            layout = text[..<open]
            variant = text[text.index(after: open)..<text.index(before: text.endIndex)]
            guard let v = variant, !v.isEmpty, Self.isNamePart(v) else { return nil }
        }
        guard !layout.isEmpty, Self.isNamePart(layout) else { return nil }
        self.init(layout: String(layout), variant: variant.map(String.init))
    }

    /// `fr(bepo)` or `fr`: the name as the rules write it.
    public var rulesName: String { variant.map { "\(layout)(\($0))" } ?? layout }

    /// `xkb:fr(bepo)`.
    public var description: String { Self.scheme + rulesName }

    /// Orders by layout, the basic variant before the others, then by variant.
    public static func < (a: XkbLayoutName, b: XkbLayoutName) -> Bool {
        if a.layout != b.layout { return a.layout < b.layout }
        return (a.variant ?? "") < (b.variant ?? "")
    }

    private static func isNamePart(_ part: Substring) -> Bool {
        part.unicodeScalars.allSatisfy { s in
            s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || "_-+.".unicodeScalars.contains(s))
        }
    }
}
