import StackboardCore
/// One XKB layout or variant as xkb-data's rules (`evdev.xml`) describe it.
public struct XkbLayoutInfo: Equatable, Hashable, Sendable {
    /// Its name (`xkb:fr(bepo)`).
    public var name: XkbLayoutName
    /// The short label the rules give (`fr`), if any.
    public var shortDescription: String?
    /// What it is (`French (BEPO)`).
    public var description: String
    /// The ISO 639-2 codes of the languages it is for (`fre`), a variant's own or its layout's.
    public var languages: [String]
    /// Whether it comes from `evdev.extras.xml` (layouts the rules list as exotic).
    public var isExtra: Bool

    /// An entry with every property given.
    public init(name: XkbLayoutName, shortDescription: String? = nil, description: String,
                languages: [String] = [], isExtra: Bool = false) {
        self.name = name
        self.shortDescription = shortDescription
        self.description = description
        self.languages = languages
        self.isExtra = isExtra
    }

    /// The language code for the layout's `language` field: the first language, as ISO 639-1
    /// when it has a two-letter code (`fre` → `fr`); nil when the rules name none.
    public var language: String? { languages.first.map(LanguageCode.preferred) }
}

/// Every XKB layout and variant the rules list, looked up by name, with did-you-mean messages.
public struct XkbRegistry: Equatable, Sendable {
    /// The entries in the rules' order: each layout, then its variants.
    public let layouts: [XkbLayoutInfo]
    private let index: [XkbLayoutName: Int]

    /// A registry of `layouts` (a later duplicate of a name is ignored).
    public init(layouts: [XkbLayoutInfo]) {
        var kept: [XkbLayoutInfo] = []
        var index: [XkbLayoutName: Int] = [:]
        for info in layouts where index[info.name] == nil {
            index[info.name] = kept.count
            kept.append(info)
        }
        self.layouts = kept
        self.index = index
    }

    /// The registry of the rules files' contents: `evdev.xml` and, if given, `evdev.extras.xml`.
    public init(rules: [UInt8], extras: [UInt8]? = nil) {
        self.init(layouts: XkbRulesXML.layouts(in: rules, extra: false)
                  + (extras.map { XkbRulesXML.layouts(in: $0, extra: true) } ?? []))
    }

    /// The entry for `name`, if the rules list it.
    public func info(_ name: XkbLayoutName) -> XkbLayoutInfo? { index[name].map { layouts[$0] } }

    /// Why `requested` (an `xkb:` name as the user wrote it) is not a layout, with a did-you-mean:
    /// a close name, a layout whose description is the word given (`xkb:german` → `xkb:de`), or
    /// the variants of the layout when only the variant is wrong.
    public func unknownLayoutMessage(_ requested: String) -> String {
        let listing = "'stackboard layouts --xkb' lists them all"
        guard let name = XkbLayoutName(requested) else {
            return "\(JSONValue.quote(requested)) is not an XKB layout name; write xkb:LAYOUT or xkb:LAYOUT(VARIANT), for example xkb:de or xkb:fr(bepo) (\(listing))"
        }
        let wanted = name.rulesName.lowercased()
        if let exact = layouts.first(where: { $0.name.rulesName.lowercased() == wanted || $0.description.lowercased() == wanted }) {
            return "no XKB layout named \(JSONValue.quote(requested)); did you mean \(JSONValue.quote(exact.name.description)) (\(exact.description))? (\(listing))"
        }
        if let variant = name.variant, info(XkbLayoutName(layout: name.layout)) != nil {
            let variants = layouts.compactMap { $0.name.layout == name.layout ? $0.name.variant : nil }
            let guess = Suggestion.closest(to: variant, in: variants)
                .map { "; did you mean \(JSONValue.quote(XkbLayoutName(layout: name.layout, variant: $0).description))?" } ?? "."
            return "XKB layout \(name.layout) has no variant \(JSONValue.quote(variant))\(guess)"
                + " Its variants: \(variants.isEmpty ? "none" : variants.joined(separator: ", "))."
        }
        var hint = "."
        if let guess = Suggestion.closest(to: name.rulesName, in: layouts.map(\.name.rulesName)) {
            hint = "; did you mean \(JSONValue.quote(Self.scheme + guess))?"
        } else {
            let basic = layouts.filter { $0.name.variant == nil }
            if let described = Suggestion.closest(to: wanted, in: basic.map { $0.description.lowercased() }),
               let info = basic.first(where: { $0.description.lowercased() == described }) {
                hint = "; did you mean \(JSONValue.quote(info.name.description)) (\(info.description))?"
            }
        }
        return "no XKB layout named \(JSONValue.quote(requested))\(hint) (\(listing))"
    }

    private static let scheme = XkbLayoutName.scheme
}
