import StackboardCore
import StackboardSystem
import StackboardXKB

/// What the settings panel offers, read when it is first shown (never at start): the languages
/// by name (iso-codes, in the user's language), the layouts of each language (the layout files
/// with a ⚙ key, then xkb-data's, described in the user's language by xkb-data's own catalog),
/// the themes.
struct SettingsPanelChoices {
    /// Language names.
    let names: LanguageNames
    /// xkb-data's layouts and variants, those the rules list as exotic left out (empty: none read).
    let xkb: [XkbLayoutInfo]
    /// The layout files that open the panel, with their language, in name order.
    let files: [(name: String, language: String?)]
    /// The themes there are.
    let themes: [String]
    /// xkb-data's own translations of its layouts' descriptions (nil: English).
    var layoutNames: MessageCatalog?

    /// The choices of `catalog`'s layouts and themes, xkb-data's layouts, and iso-codes' names for
    /// the locale of `environment`.
    init(catalog: LayoutCatalog, environment: [String: String], files: any Files) {
        names = LanguageNames.load(environment: environment, files: files)
        xkb = ((try? XkbLayoutProvider(environment: environment).registry())?.layouts ?? []).filter { !$0.isExtra }
        self.files = catalog.names.compactMap { name in
            guard let found = catalog.locate(name), let layout = try? LayoutLoader.load(file: found.path, files: files),
                  layout.opensSettings else { return nil }
            return (name, layout.language)
        }
        themes = ThemeCatalog(layouts: catalog).names
        layoutNames = MessageCatalog.load(domain: "xkeyboard-config", candidates: MessageCatalog.candidates(environment: environment),
                                          files: files)
    }

    /// Choices made of these parts (tests).
    init(names: LanguageNames, xkb: [XkbLayoutInfo], files: [(name: String, language: String?)], themes: [String]) {
        self.names = names
        self.xkb = xkb
        self.files = files
        self.themes = themes
    }

    /// Every language that some layout types, by name: the layout turning it on adds is its
    /// layout file's if one opens the panel (qwerty for English), else xkb-data's layout named
    /// like the language (`de`), else the one whose short name it is, else its first.
    var languages: [PanelLanguage] {
        var codes: [String] = []
        // A code iso-codes does not name (a group of languages xkb-data tags a layout with) is left out.
        for code in files.compactMap(\.language) + xkb.compactMap(\.language) where !codes.contains(code) && names.knows(code) {
            codes.append(code)
        }
        let offered = codes.compactMap { code -> PanelLanguage? in
            guard let layout = defaultLayout(of: code) else { return nil }
            return PanelLanguage(code: code, name: names.name(of: code), layout: layout)
        }
        return offered.sorted { (LanguageNames.sortKey($0.name), $0.code) < (LanguageNames.sortKey($1.name), $1.code) }
    }

    /// The layout that turning `code` on adds.
    func defaultLayout(of code: String) -> String? {
        if let file = files.first(where: { $0.language == code }) { return file.name }
        let layouts = xkb.filter { $0.language == code }
        let plain = layouts.filter { $0.name.variant == nil }
        let chosen = plain.first { $0.name.layout == code } ?? plain.first { $0.shortDescription == code } ?? plain.first ?? layouts.first
        return chosen?.name.description
    }

    /// The layouts of `language` (the layout files' first, then xkb-data's in the rules' order),
    /// for the panel's layout stepper.
    func layouts(of language: String?) -> [PanelChoice] {
        guard let language else { return [] }
        return files.filter { $0.language == language }.map { PanelChoice(value: $0.name, label: $0.name) }
            + xkb.filter { $0.language == language }.map {
                PanelChoice(value: $0.name.description, label: layoutNames?.translate($0.description) ?? $0.description)
            }
    }

    /// The panel for `values` on `shown`, the keyboard cycling through `cycle`, its languages
    /// `languages` (the setting; empty: the cycle's layouts are its languages).
    func panel(values: SettingValues, shown: Layout, cycle: [Layout], languages: [String]) -> SettingsPanel {
        let chosen = languages.isEmpty ? cycle.map(\.name) : languages
        var languageOf: [String: String] = [:]
        for name in chosen {
            languageOf[name] = cycle.first { $0.name == name }?.language ?? language(of: name)
        }
        let theme = values.string(.theme) ?? shown.defaults.theme ?? "light"
        var panel = SettingsPanel(values: values, layout: shown.name, layoutChoices: layouts(of: shown.language), chosen: chosen,
                                  languageOf: languageOf, languages: self.languages, theme: theme, themes: themes,
                                  back: shown.layers.first?.name ?? "")
        panel.text = Self.text
        return panel
    }

    /// The panel's words in the user's language (the keyboard's catalogs, `Localization`).
    static let text = SettingsPanelText(translate: { Localization.text($0) })

    /// `layout` (prepared) as `stackboard keys` and `render` show it: with the ⚙ keys kept or
    /// taken out as the panel's lock says, and the panel's layers (when a layer of it is asked
    /// for: only then are the choices read). Both follow the keyboard's settings: its config.json
    /// with the command's own options over it, so that the controls show what the running
    /// keyboard's show (unless its command line said otherwise).
    static func forCommand(_ layout: Layout, values: SettingValues, catalog: LayoutCatalog, withPanel: Bool) -> Layout {
        let environment = FileSystem.environment()
        let file = CommandConfig(for: .keyboard, environment: environment)
        let keyboard = SettingValues(command: .keyboard, commandLine: values.commandLine.filter { $0.key.spec.commands.contains(.keyboard) },
                                     config: file.config)
        let access = SettingsAccess.from(keyboard, plug: false, file: file.file).access
        let keyed = access.keyed(layout)
        guard withPanel, access.offered, keyed.opensSettings else { return keyed }
        let choices = SettingsPanelChoices(catalog: catalog, environment: environment, files: SystemFiles())
        return choices.panel(values: keyboard, shown: keyed, cycle: [keyed], languages: keyboard.names(.languages) ?? []).adding(to: keyed)
    }

    /// The language of the layout called `name` (a file's, or an `xkb:` layout's), if known.
    func language(of name: String) -> String? {
        if let file = files.first(where: { $0.name == name }) { return file.language }
        guard let xkbName = XkbLayoutName(name) else { return nil }
        return xkb.first { $0.name == xkbName }?.language
    }
}
