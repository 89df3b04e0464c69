/// A language the settings panel offers: its code, its name in the user's language, and the
/// layout that turning it on adds to the keyboard's languages.
public struct PanelLanguage: Equatable, Sendable {
    /// The language code (`de`).
    public var code: String
    /// Its name as shown (`German`, `Deutsch` under a German locale).
    public var name: String
    /// The layout it types with (`xkb:de`; `qwerty` for English).
    public var layout: String

    /// A language with every property given.
    public init(code: String, name: String, layout: String) {
        self.code = code
        self.name = name
        self.layout = layout
    }
}

/// One choice of a stepper that goes through names (a layout, a theme): the value written, and
/// how it is shown.
public struct PanelChoice: Equatable, Sendable {
    /// The value written to config.json (`xkb:us(dvorak)`).
    public var value: String
    /// What the panel shows (`English (Dvorak)`).
    public var label: String

    /// A choice of `value` shown as `label`.
    public init(value: String, label: String) {
        self.value = value
        self.label = label
    }
}

/// The settings panel as layers of a layout: pages of large controls, made from the settings in
/// effect, so that each control shows its value and its keys carry the change they make
/// (`Action.setting`). Pure; the host makes it again after every change.
///
/// A page is rows of controls above a row of tabs (one per page, the page shown lit, and the
/// way back to the keys). A control is one of:
/// - a toggle: one key `Sound: on`, lit when on, a tap turns it over;
/// - a stepper: `−` or `◀`, the value (`Size: 125 %`), `+` or `▶`; the value key does what the
///   last does (a tap, a dwell or one scan pick goes on to the next value). Numbers stop at their
///   ends; names go round.
/// Rows are the scanning groups, and the first row of a page is its most used control.
///
/// Layers: `settings` (look: layout, languages, theme, size), `settings:sound` (sound, volume,
/// key preview, suggestions), `settings:words` (correction, capitals, learning, auto-show, the
/// summon button),
/// `settings:access` (scan time, scanning, dwell), the languages in pages of
/// `languageRows` × `languageColumns` (`settings:languages`, `settings:languages:2`, ...), and
/// the questions `settings:forget` and `settings:scan-off`. The PIN pad is `pinLayer`.
public struct SettingsPanel: Sendable {
    /// The settings in effect (the keyboard's: the command line over config.json).
    public var values: SettingValues
    /// The name of the layout shown (its layout stepper's value).
    public var layout: String
    /// What the layout stepper goes through: the layouts of the shown layout's language.
    public var layoutChoices: [PanelChoice]
    /// The keyboard's languages (layout names, in order): the `languages` setting, else the
    /// layouts it cycles through.
    public var chosen: [String]
    /// The language of each chosen layout that has one (`qwerty` → `en`).
    public var languageOf: [String: String]
    /// Every language offered, in the order shown (by name).
    public var languages: [PanelLanguage]
    /// The theme in effect.
    public var theme: String
    /// The themes offered.
    public var themes: [String]
    /// Whether words can be learned at all (not in a plug): the learning controls are shown.
    public var learningOffered = true
    /// A problem to show above the controls (config.json not saved).
    public var notice: String?
    /// The layer the close key goes back to (the layout's first).
    public var back: String
    /// The texts.
    public var text = SettingsPanelText()

    /// A panel with every input given.
    public init(values: SettingValues, layout: String, layoutChoices: [PanelChoice], chosen: [String],
                languageOf: [String: String], languages: [PanelLanguage], theme: String, themes: [String], back: String) {
        self.values = values
        self.layout = layout
        self.layoutChoices = layoutChoices
        self.chosen = chosen
        self.languageOf = languageOf
        self.languages = languages
        self.theme = theme
        self.themes = themes
        self.back = back
    }

    // MARK: Names

    /// The first page: what ⚙ opens.
    public static let entryLayer = "settings"
    /// The page of sound and keys.
    public static let soundLayer = "settings:sound"
    /// The page of words.
    public static let wordsLayer = "settings:words"
    /// The page of dwell and scanning.
    public static let accessLayer = "settings:access"
    /// The first page of languages (then `settings:languages:2`...).
    public static let languagesLayer = "settings:languages"
    /// The question before forgetting the learned words.
    public static let forgetLayer = "settings:forget"
    /// The question before scanning is turned off (the switch may be all its user has).
    public static let scanOffLayer = "settings:scan-off"
    /// The PIN pad.
    public static let pinLayer = "settings:pin"
    /// Languages per row and rows per page.
    public static let languageColumns = 5, languageRows = 4

    /// Whether `name` is a layer of the panel (or its PIN pad).
    public static func isPanelLayer(_ name: String) -> Bool { name == entryLayer || name.hasPrefix(entryLayer + ":") }

    // MARK: Steps

    /// The sizes (`scale`) the size stepper goes through.
    public static let scales: [Double] = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3]
    /// The volumes.
    public static let volumes = Array(stride(from: 0, through: 100, by: 10))
    /// The suggestion bar's slots (0: no bar).
    public static let suggestionCounts = [0, 1, 2, 3, 4, 5]
    /// Dwell times in ms (0: off).
    public static let dwellTimes = [0, 500, 800, 1000, 1500, 2000, 3000]
    /// Scan times in ms.
    public static let scanTimes = [500, 750, 1000, 1500, 2000, 3000, 5000, 10_000]

    // MARK: Layers

    /// Every layer of the panel (not the PIN pad).
    public func layers() -> [Layer] {
        [lookPage(), soundPage(), wordsPage(), accessPage()] + languagePages() + [forgetPage(), scanOffPage()]
    }

    /// `layout` with the panel's layers in place of any it had.
    public func adding(to layout: Layout) -> Layout {
        var withPanel = layout
        withPanel.layers = layout.layers.filter { !Self.isPanelLayer($0.name) } + layers()
        return withPanel
    }

    func lookPage() -> Layer {
        let names = chosen.map { name in languageOf[name].map { code in languages.first { $0.code == code }?.name ?? code } ?? name }
        var shown: [String] = []
        for name in names where !shown.contains(name) { shown.append(name) }
        return page(Self.entryLayer, [
            layoutStepper(),
            row([Key(label: text.languages(shown), action: .layer(Self.languagesLayer), style: .function)]),
            nameStepper(.theme, choices: themes.map { PanelChoice(value: $0, label: $0) }, current: theme, label: text.theme),
            numberStepper(.scale, Self.scales, current: values.double(.scale), label: { text.size(Int(($0 * 100).rounded())) },
                          value: { .double($0) }),
        ])
    }

    func soundPage() -> Layer {
        let sound = values.bool(.sound)
        return page(Self.soundLayer, [
            row([toggle(.sound, text.sound(sound), on: sound), toggle(.keyPreview, text.keyPreview(values.bool(.keyPreview)),
                                                                      on: values.bool(.keyPreview))]),
            numberStepper(.volume, Self.volumes.map(Double.init), current: Double(values.int(.volume)),
                          label: { text.volume(Int($0)) }, value: { .int(Int($0)) }),
            numberStepper(.suggestions, Self.suggestionCounts.map(Double.init), current: Double(values.int(.suggestions)),
                          label: { text.suggestions(Int($0)) }, value: { .int(Int($0)) }),
        ])
    }

    func wordsPage() -> Layer {
        let learn = values.bool(.learn)
        var rows = [row([toggle(.autocorrect, text.correction(values.bool(.autocorrect)), on: values.bool(.autocorrect)),
                         toggle(.autocapitalize, text.capitals(values.bool(.autocapitalize)), on: values.bool(.autocapitalize))])]
        if learningOffered {
            rows.append(row([toggle(.learn, text.learning(learn), on: learn),
                             Key(label: text.forget, action: .layer(Self.forgetLayer), style: .function)]))
        }
        rows.append(row([toggle(.autoShow, text.autoShow(values.bool(.autoShow)), on: values.bool(.autoShow)),
                         toggle(.summonButton, text.summonButton(values.bool(.summonButton)), on: values.bool(.summonButton))]))
        return page(Self.wordsLayer, rows)
    }

    func accessPage() -> Layer {
        let timing = KeyTiming(values)
        let scanning = timing.scan != nil
        // On: ask first, for the switch may be the only way its user has to work the keyboard.
        let scanToggle = scanning
            ? Key(label: text.scanning(true), action: .layer(Self.scanOffLayer), style: .accent)
            : toggle(.scan, text.scanning(false), on: false)
        // A scan time in the file turns scanning on unless it says otherwise: it says, each time.
        return page(Self.accessLayer, [
            numberStepper(.scanInterval, Self.scanTimes.map(Double.init), current: Double(values.int(.scanInterval)),
                          label: { text.scanSpeed(Int($0)) }, value: { .int(Int($0)) }, with: [SettingEdit(.scan, .bool(scanning))]),
            row([scanToggle]),
            numberStepper(.dwell, Self.dwellTimes.map(Double.init), current: Double(values.int(.dwell)),
                          label: { text.dwell(Int($0)) }, value: { .int(Int($0)) }),
        ])
    }

    /// The languages, `languageColumns` × `languageRows` a page, those on lit: a tap turns one on
    /// (its layout joins the keyboard's languages) or off (the last one stays on).
    func languagePages() -> [Layer] {
        let perPage = Self.languageColumns * Self.languageRows
        let count = max(1, (languages.count + perPage - 1) / perPage)
        let names = (1...count).map { $0 == 1 ? Self.languagesLayer : Self.languagesLayer + ":\($0)" }
        return names.enumerated().map { i, name in
            let shown = languages.dropFirst(i * perPage).prefix(perPage)
            var rows: [Stack] = []
            for r in 0..<Self.languageRows {
                var keys = shown.dropFirst(r * Self.languageColumns).prefix(Self.languageColumns).map(languageKey)
                guard !keys.isEmpty || r == 0 else { break }
                keys += Array(repeating: Self.spacer, count: Self.languageColumns - keys.count)
                rows.append(Stack(axis: .horizontal, items: keys.map(StackItem.key)))
            }
            let nav = [Key(label: text.languagesDone, action: .layer(Self.entryLayer), style: .accent),
                       Key(label: text.previous, action: .layer(names[(i + count - 1) % count]), style: .function),
                       Key(label: text.page(i + 1, of: count) + " " + text.next, action: .layer(names[(i + 1) % count]),
                           style: .function)]
            rows.append(Stack(axis: .horizontal, items: nav.map(StackItem.key)))
            return Layer(name: name, root: Stack(axis: .vertical, items: noticeRow + rows.map(StackItem.stack)))
        }
    }

    func forgetPage() -> Layer {
        question(Self.forgetLayer, [Key(label: text.forgetCancel, action: .layer(Self.wordsLayer), style: .function),
                                    Key(label: text.forgetConfirm, action: .setting(.forgetLearned), style: .accent)])
    }

    func scanOffPage() -> Layer {
        question(Self.scanOffLayer, [Key(label: text.scanOffCancel, action: .layer(Self.accessLayer), style: .function),
                                     Key(label: text.scanOffConfirm, action: change([SettingEdit(.scan, .bool(false))]),
                                         style: .accent)])
    }

    // MARK: The languages

    /// The keyboard's languages with `code` turned over (nil: nothing changes, the last one on
    /// cannot be turned off): off takes out every layout of that language, on adds `layout`.
    public static func toggling(_ language: PanelLanguage, in chosen: [String], languageOf: [String: String]) -> [String]? {
        let on = chosen.filter { languageOf[$0] == language.code }
        if on.isEmpty { return chosen + [language.layout] }
        let rest = chosen.filter { languageOf[$0] != language.code }
        return rest.isEmpty ? nil : rest
    }

    func languageKey(_ language: PanelLanguage) -> Key {
        let on = chosen.contains { languageOf[$0] == language.code }
        guard let list = Self.toggling(language, in: chosen, languageOf: languageOf) else {
            return Key(label: text.chosenLanguage(language.name), action: change([]), style: .accent)
        }
        return Key(label: on ? text.chosenLanguage(language.name) : language.name, action: change(languagesEdits(list)),
                   style: on ? .accent : .normal)
    }

    /// The edits that make `list` the keyboard's languages; the layout shown first follows when
    /// it is not among them any more.
    func languagesEdits(_ list: [String]) -> [SettingEdit] {
        var edits = [SettingEdit(.languages, .names(list))]
        let given = values.given(.layout)?.string
        if let head = list.first, !list.contains(layout) || given.map({ !list.contains($0) }) == true {
            edits.append(SettingEdit(.layout, .string(head)))
        }
        return edits
    }

    /// `◀ Layout: English (US) ▶`: the layouts of the shown layout's language. With languages
    /// set, the chosen layout takes the shown one's place among them.
    func layoutStepper() -> Stack {
        let choices = layoutChoices.isEmpty ? [PanelChoice(value: layout, label: layout)] : layoutChoices
        let index = choices.firstIndex { $0.value == layout }
        let current = index.map { choices[$0].label } ?? layout
        func edits(_ choice: PanelChoice) -> [SettingEdit] {
            guard choice.value != layout else { return [] }
            guard let list = values.names(.languages), !list.isEmpty else { return [SettingEdit(.layout, .string(choice.value))] }
            var replaced = list.map { $0 == layout ? choice.value : $0 }
            if !replaced.contains(choice.value) { replaced.insert(choice.value, at: 0) }
            var unique: [String] = []
            for name in replaced where !unique.contains(name) { unique.append(name) }
            return [SettingEdit(.languages, .names(unique)), SettingEdit(.layout, .string(choice.value))]
        }
        let before = choices[((index ?? 0) + choices.count - 1) % choices.count]
        let after = choices[((index ?? -1) + 1) % choices.count]
        return stepper(less: Key(label: text.previous, action: change(edits(before)), style: .function),
                       value: Key(label: text.layout(current), action: change(edits(after))),
                       more: Key(label: text.next, action: change(edits(after)), style: .function))
    }

    // MARK: Controls

    /// A key that turns a `.bool` setting over.
    func toggle(_ setting: Setting, _ label: String, on: Bool) -> Key {
        Key(label: label, action: change([SettingEdit(setting, .bool(!on))]), style: on ? .accent : .normal)
    }

    /// `◀ value ▶` through `choices`, going round.
    func nameStepper(_ setting: Setting, choices: [PanelChoice], current: String, label: (String) -> String) -> Stack {
        let list = choices.isEmpty ? [PanelChoice(value: current, label: current)] : choices
        let index = list.firstIndex { $0.value == current }
        let before = list[((index ?? 0) + list.count - 1) % list.count]
        let after = list[((index ?? -1) + 1) % list.count]
        func set(_ choice: PanelChoice) -> Action { change(choice.value == current ? [] : [SettingEdit(setting, .string(choice.value))]) }
        return stepper(less: Key(label: text.previous, action: set(before), style: .function),
                       value: Key(label: label(index.map { list[$0].label } ?? current), action: set(after)),
                       more: Key(label: text.next, action: set(after), style: .function))
    }

    /// `− value +` through `steps`, stopping at the ends (a value between steps goes to the
    /// nearest step on that side); each step writes `others` too.
    func numberStepper(_ setting: Setting, _ steps: [Double], current: Double, label: (Double) -> String,
                       value: (Double) -> SettingValue, with others: [SettingEdit] = []) -> Stack {
        let down = steps.last { $0 < current - 1e-9 }, up = steps.first { $0 > current + 1e-9 }
        func set(_ step: Double?) -> Action { change(step.map { [SettingEdit(setting, value($0))] + others } ?? []) }
        return stepper(less: Key(label: text.less, action: set(down), style: .function),
                       value: Key(label: label(current), action: set(up)),
                       more: Key(label: text.more, action: set(up), style: .function))
    }

    func stepper(less: Key, value: Key, more: Key) -> Stack {
        var middle = value
        middle.weight = 3
        return Stack(axis: .horizontal, distribution: .proportional, items: [.key(less), .key(middle), .key(more)])
    }

    func row(_ keys: [Key]) -> Stack { Stack(axis: .horizontal, items: keys.map(StackItem.key)) }

    func change(_ edits: [SettingEdit]) -> Action { .setting(.change(edits)) }

    /// The tabs: a key per page (the page shown lit) and the way back to the keys.
    func tabs(current: String) -> Stack {
        let pages = [(Self.entryLayer, text.lookTab), (Self.soundLayer, text.soundTab), (Self.wordsLayer, text.wordsTab),
                     (Self.accessLayer, text.accessTab)]
        let keys = pages.map { Key(label: $0.1, action: .layer($0.0), style: $0.0 == current ? .accent : .function) }
            + [Key(label: text.close, action: .layer(back), style: .function)]
        return row(keys)
    }

    /// A page: the notice (if any), its rows of controls, the tabs.
    func page(_ name: String, _ rows: [Stack]) -> Layer {
        Layer(name: name, root: Stack(axis: .vertical, items: noticeRow + (rows + [tabs(current: name)]).map(StackItem.stack)))
    }

    /// A question: its two answers in one row, above the tabs.
    func question(_ name: String, _ answers: [Key]) -> Layer {
        page(name, [row(answers)])
    }

    /// The notice as a row of its own (a tap does nothing).
    var noticeRow: [StackItem] {
        notice.map { [.key(Key(label: text.notSaved($0), action: change([]), style: .function))] } ?? []
    }

    static let spacer = Key(label: "", action: .text(""), style: .blank)
}
