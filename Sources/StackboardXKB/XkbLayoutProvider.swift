import StackboardCore
import StackboardSystem

/// Makes the `xkb:LAYOUT[(VARIANT)]` layouts for a `LayoutCatalog`: looks the name up in
/// xkb-data's rules (`evdev.xml`, `evdev.extras.xml`), compiles it with libxkbcommon (rules
/// evdev, model pc105), reads the levels of the alphanumeric keys and what the dead keys
/// compose, and builds the keyboard with `XkbLayoutBuilder`. Nothing is read before a name is
/// asked for, so the shipped layouts start no slower for it.
public struct XkbLayoutProvider: LayoutProvider {
    /// xkb-data's directory (`$XKB_CONFIG_ROOT`, default `/usr/share/X11/xkb`).
    public var configRoot: String
    /// The Compose table dead keys are resolved with: fixed, so that a layout is the same
    /// whatever the user's locale.
    public var composeLocale: String
    /// libX11's locale directory, where a locale with a Compose table of its own has its
    /// `LOCALE/Compose` (libxkbcommon reads the tables from there).
    public var localeRoot: String

    /// A provider for xkb-data in `configRoot`.
    public init(configRoot: String = "/usr/share/X11/xkb", composeLocale: String = "en_US.UTF-8",
                localeRoot: String = "/usr/share/X11/locale") {
        self.configRoot = configRoot
        self.composeLocale = composeLocale
        self.localeRoot = localeRoot
    }

    /// The provider for an environment: `XKB_CONFIG_ROOT` when set (libxkbcommon reads it too).
    public init(environment: [String: String]) {
        let root = environment["XKB_CONFIG_ROOT"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/usr/share/X11/xkb"
        self.init(configRoot: root)
    }

    /// `xkb`.
    public var id: String { "xkb" }
    /// None: there are hundreds (`stackboard layouts --xkb` lists them).
    public var listedNames: [String] { [] }

    /// Whether `name` starts with `xkb:`.
    public func provides(_ name: String) -> Bool { name.hasPrefix(XkbLayoutName.scheme) }

    /// The keyboard of the XKB layout `name`; an unknown name gets a did-you-mean. A variant
    /// the rules do not list but xkb-data has (`xkb:in(deva)`, the section `in` uses by
    /// default) is made too, described by its layout.
    public func layout(named name: String) throws(LayoutError) -> Layout {
        let registry = try self.registry()
        guard let parsed = XkbLayoutName(name), let layout = registry.info(XkbLayoutName(layout: parsed.layout)) else {
            throw LayoutError(file: "", message: registry.unknownLayoutMessage(name))
        }
        let listed = registry.info(parsed)
        let symbols: XkbLayoutSymbols
        do { symbols = try self.symbols(of: parsed, locales: Self.ownLocales(of: listed ?? layout, name: parsed)) } catch {
            throw listed == nil ? LayoutError(file: "", message: registry.unknownLayoutMessage(name)) : error
        }
        let info = listed ?? XkbLayoutInfo(name: parsed, shortDescription: layout.shortDescription,
                                           description: "\(layout.description) (\(parsed.variant ?? ""))",
                                           languages: layout.languages, isExtra: layout.isExtra)
        return XkbLayoutBuilder(info: info, symbols: symbols).layout()
    }

    /// The keyboard of the rules' entry `info` (no look-up: for going through every layout).
    public func layout(for info: XkbLayoutInfo) throws(LayoutError) -> Layout {
        XkbLayoutBuilder(info: info, symbols: try symbols(of: info.name, locales: Self.ownLocales(of: info, name: info.name))).layout()
    }

    /// Of `locales`, those with a Compose file of their own in `localeRoot` (not
    /// `composeLocale`'s) that begins a sequence with a character of `symbols`: only those are
    /// compiled (`ComposeFile`).
    func ownTables(_ locales: [String], for symbols: XkbLayoutSymbols) -> [String] {
        let files = locales.filter { $0 != composeLocale }.compactMap { locale -> (String, [UInt8])? in
            FileSystem.contents(localeRoot + "/" + locale + "/Compose", limit: 16 << 20).map { (locale, $0) }
        }
        guard !files.isEmpty else { return [] }
        let names = Set(symbols.keys.flatMap(\.levels).compactMap { level -> String? in
            guard case .character(let c)? = level else { return nil }
            return XkbCompose.keysymName(of: c)
        })
        return files.compactMap { locale, bytes in
            ComposeFile.sequenceStarts(in: String(decoding: bytes, as: UTF8.self)).isDisjoint(with: names) ? nil : locale
        }
    }

    /// `symbols` with every character that begins a sequence of `compose` made a dead key.
    static func markingDeadKeys(_ symbols: XkbLayoutSymbols, of compose: XkbCompose) -> XkbLayoutSymbols {
        var marked = symbols
        for (k, key) in symbols.keys.enumerated() {
            for (l, level) in key.levels.enumerated() {
                guard case .character(let c)? = level, compose.beginsSequence(c), let name = XkbCompose.keysymName(of: c) else { continue }
                marked.keys[k].levels[l] = .dead(name)
            }
        }
        return marked
    }

    /// The Compose tables of the layout's own languages in the country it is named for
    /// (`xkb:et`, Amharic: `am_ET.UTF-8`), for dead keys the fixed table does not know.
    static func ownLocales(of info: XkbLayoutInfo, name: XkbLayoutName) -> [String] {
        guard name.layout.count == 2, name.layout.allSatisfy(\.isLetter) else { return [] }
        return info.languages.map { LanguageCode.preferred($0) }.filter { $0.count == 2 }
            .map { "\($0)_\(name.layout.uppercased()).UTF-8" }
    }

    /// Every layout and variant of the rules (`evdev.xml`, then `evdev.extras.xml` if present).
    public func registry() throws(LayoutError) -> XkbRegistry {
        let main = configRoot + "/rules/evdev.xml"
        guard let rules = FileSystem.contents(main, limit: 64 << 20) else {
            throw LayoutError(file: main, message: "cannot read xkb-data's list of layouts; install xkb-data (apt-get install xkb-data) or set XKB_CONFIG_ROOT")
        }
        let extras = FileSystem.contents(configRoot + "/rules/evdev.extras.xml", limit: 64 << 20)
        let registry = XkbRegistry(rules: rules, extras: extras)
        guard !registry.layouts.isEmpty else {
            throw LayoutError(file: main, message: "no layouts in this file; reinstall xkb-data (apt-get install --reinstall xkb-data)")
        }
        return registry
    }

    /// The compiled symbols of `name`'s alphanumeric keys and its dead keys' compositions: from
    /// the fixed Compose table (`composeLocale`), and for a dead key it does not know, from the
    /// first of `locales` (the layout's own tables: `ownTables`) that does. A character that begins
    /// sequences of the first own table that exists is a dead key of that table: xkb:et's vowel
    /// keys are code points (U+FE75) that only its am_ET.UTF-8 table gives a meaning. Levels
    /// that type no readable character are left out (`withoutUnreadableCharacters`).
    public func symbols(of name: XkbLayoutName, locales: [String] = []) throws(LayoutError) -> XkbLayoutSymbols {
        let context = try XkbContext()
        guard let keymap = XkbKeymap(context: context, name: name) else {
            throw LayoutError(file: "", message: "libxkbcommon cannot compile the XKB layout \(name.rulesName) from \(configRoot) (its symbols are missing or broken); try another layout, or reinstall xkb-data")
        }
        var symbols = XkbLayoutSymbols(keys: XkbKeyRows.all.compactMap(keymap.levels(ofKey:)))
        let locales = locales.isEmpty ? [] : ownTables(locales, for: symbols)
        if let own = locales.lazy.compactMap({ XkbCompose(context: context, locale: $0) }).first {
            symbols = Self.markingDeadKeys(symbols, of: own)
        }
        symbols = symbols.withoutUnreadableCharacters()
        let dead = symbols.deadKeys
        guard !dead.isEmpty else { return symbols }
        let bases = symbols.composableBases + [" "]
        for locale in [composeLocale] + locales {
            let unknown = dead.filter { symbols.compositions[$0]?.isEmpty ?? true }
            guard !unknown.isEmpty else { break }
            guard let compose = XkbCompose(context: context, locale: locale) else { continue }
            for name in unknown { symbols.compositions[name] = compose.compositions(dead: name, bases: bases) }
        }
        return symbols
    }
}
