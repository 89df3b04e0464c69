import Testing
@testable import StackboardCore

/// The settings panel as layers: its pages, what each control shows and carries, the languages,
/// its size for a finger and its rows for scanning; who may open it; the keys that open it.
@Suite struct SettingsPanelTests {
    static let languages = [PanelLanguage(code: "en", name: "English", layout: "qwerty"),
                            PanelLanguage(code: "de", name: "German", layout: "xkb:de"),
                            PanelLanguage(code: "ru", name: "Russian", layout: "xkb:ru")]

    static func panel(_ values: [Setting: SettingValue] = [:], config: [Setting: SettingValue] = [:],
                      chosen: [String] = ["qwerty"], layout: String = "qwerty") -> SettingsPanel {
        SettingsPanel(values: SettingValues(command: .keyboard, commandLine: values, config: Config(values: config)), layout: layout,
                      layoutChoices: [PanelChoice(value: "qwerty", label: "qwerty"), PanelChoice(value: "xkb:us", label: "English (US)"),
                                      PanelChoice(value: "xkb:us(dvorak)", label: "English (Dvorak)")],
                      chosen: chosen, languageOf: ["qwerty": "en", "xkb:de": "de", "xkb:ru": "ru", "xkb:us": "en"],
                      languages: languages, theme: "light", themes: ["dark", "high-contrast", "light"], back: "letters")
    }

    static func keys(_ layer: Layer) -> [Key] { layer.root.keys }

    static func layer(_ name: String, of panel: SettingsPanel) throws -> Layer {
        try #require(panel.layers().first { $0.name == name }, "no layer \(name)")
    }

    /// The edits of the key labelled `label` of `layer`.
    static func edits(_ label: String, in layer: Layer) throws -> [SettingEdit] {
        let key = try #require(layer.root.keys.first { $0.label == label }, "no key \(label) in \(layer.name)")
        guard case .setting(.change(let edits)) = key.action else {
            Issue.record("\(label) is no change: \(key.action)")
            return []
        }
        return edits
    }

    @Test func thePagesAndTheirTabs() {
        let layers = Self.panel().layers()
        #expect(layers.map(\.name) == ["settings", "settings:sound", "settings:words", "settings:access", "settings:languages",
                                       "settings:forget", "settings:scan-off"])
        for page in layers.prefix(4) {
            let tabs = Array(Self.keys(page).suffix(5))
            #expect(tabs.map(\.action) == [.layer("settings"), .layer("settings:sound"), .layer("settings:words"),
                                           .layer("settings:access"), .layer("letters")])
            #expect(tabs.filter { $0.style == .accent }.map(\.action) == [.layer(page.name)], "the page's own tab is lit")
        }
        #expect(layers.allSatisfy { SettingsPanel.isPanelLayer($0.name) })
        #expect(!SettingsPanel.isPanelLayer("letters") && !SettingsPanel.isPanelLayer("settingsx"))
    }

    @Test func togglesShowTheirValueAndTurnItOver() throws {
        let sound = try Self.layer("settings:sound", of: Self.panel([.sound: .bool(false)]))
        let key = try #require(Self.keys(sound).first { $0.label == "Sound: off" })
        #expect(key.style == .normal && key.action == .setting(.change([SettingEdit(.sound, .bool(true))])))
        let on = try Self.layer("settings:sound", of: Self.panel())
        #expect(try Self.edits("Sound: on", in: on) == [SettingEdit(.sound, .bool(false))])
        #expect(Self.keys(on).first { $0.label == "Sound: on" }?.style == .accent)
        #expect(try Self.edits("Key preview: on", in: on) == [SettingEdit(.keyPreview, .bool(false))])
        let words = try Self.layer("settings:words", of: Self.panel(config: [.autoShow: .bool(true)]))
        #expect(try Self.edits("Correction: on", in: words) == [SettingEdit(.autocorrect, .bool(false))])
        #expect(try Self.edits("Capitals: on", in: words) == [SettingEdit(.autocapitalize, .bool(false))])
        #expect(try Self.edits("Learning: on", in: words) == [SettingEdit(.learn, .bool(false))])
        #expect(try Self.edits("Auto-show: on", in: words) == [SettingEdit(.autoShow, .bool(false))])
        #expect(Self.keys(words).contains { $0.action == .layer(SettingsPanel.forgetLayer) })
    }

    @Test func numbersStepAndStopAtTheirEnds() throws {
        let look = try Self.layer("settings", of: Self.panel())
        #expect(try Self.edits("+", in: look) == [SettingEdit(.scale, .double(1.25))])
        #expect(try Self.edits("−", in: look) == [SettingEdit(.scale, .double(0.75))])
        #expect(try Self.edits("Size: 100 %", in: look) == [SettingEdit(.scale, .double(1.25))], "the value key goes on")
        let biggest = try Self.layer("settings", of: Self.panel([.scale: .double(3)]))
        #expect(try Self.edits("+", in: biggest).isEmpty)
        #expect(try Self.edits("Size: 300 %", in: biggest).isEmpty)
        // A value between the steps goes to the nearest on each side.
        let between = try Self.layer("settings", of: Self.panel(config: [.scale: .double(1.1)]))
        #expect(try Self.edits("+", in: between) == [SettingEdit(.scale, .double(1.25))])
        #expect(try Self.edits("−", in: between) == [SettingEdit(.scale, .double(1))])
        let access = try Self.layer("settings:access", of: Self.panel())
        #expect(Self.keys(access).first?.label == "−" && Self.keys(access)[1].label == "Scan time: 1 s")
        // A scan time alone in the file would turn scanning on: whether it is on goes with it.
        #expect(try Self.edits("Scan time: 1 s", in: access) == [SettingEdit(.scanInterval, .int(1500)), SettingEdit(.scan, .bool(false))])
        #expect(try Self.edits("Dwell: off", in: access) == [SettingEdit(.dwell, .int(500))])
        let sound = try Self.layer("settings:sound", of: Self.panel())
        #expect(try Self.edits("Volume: 60 %", in: sound) == [SettingEdit(.volume, .int(70))])
        #expect(try Self.edits("Suggestions: 3", in: sound) == [SettingEdit(.suggestions, .int(4))])
        let none = try Self.layer("settings:sound", of: Self.panel([.suggestions: .int(0)]))
        #expect(try Self.edits("−", in: none).first == SettingEdit(.volume, .int(50)))
        #expect(Self.keys(none).contains { $0.label == "Suggestions: off" })
    }

    @Test func namesGoRound() throws {
        let look = try Self.layer("settings", of: Self.panel())
        let theme = Self.keys(look).filter { if case .setting(.change(let e)) = $0.action { e.first?.setting == .theme } else { false } }
        #expect(theme.map(\.label) == ["◀", "Theme: light", "▶"])
        #expect(theme.map(\.action) == [.setting(.change([SettingEdit(.theme, .string("high-contrast"))])),
                                        .setting(.change([SettingEdit(.theme, .string("dark"))])),
                                        .setting(.change([SettingEdit(.theme, .string("dark"))]))])
        #expect(Self.keys(look).contains { $0.label == "Layout: qwerty" })
        #expect(try Self.edits("Layout: qwerty", in: look) == [SettingEdit(.layout, .string("xkb:us"))])
        // With languages set, the layout chosen takes the place of the one shown among them.
        let set = try Self.layer("settings", of: Self.panel(config: [.languages: .names(["qwerty", "xkb:de"])], chosen: ["qwerty", "xkb:de"]))
        #expect(try Self.edits("Layout: qwerty", in: set) == [SettingEdit(.languages, .names(["xkb:us", "xkb:de"])),
                                                             SettingEdit(.layout, .string("xkb:us"))])
    }

    @Test func languagesTurnOnAndOffAndTheLastStays() throws {
        #expect(SettingsPanel.toggling(Self.languages[1], in: ["qwerty"], languageOf: ["qwerty": "en"]) == ["qwerty", "xkb:de"])
        #expect(SettingsPanel.toggling(Self.languages[0], in: ["qwerty", "xkb:us", "xkb:de"], languageOf: ["qwerty": "en", "xkb:us": "en", "xkb:de": "de"])
                == ["xkb:de"])
        #expect(SettingsPanel.toggling(Self.languages[0], in: ["qwerty"], languageOf: ["qwerty": "en"]) == nil)
        let page = try Self.layer("settings:languages", of: Self.panel())
        #expect(Self.keys(page).prefix(3).map(\.label) == ["✓ English", "German", "Russian"])
        #expect(try Self.edits("✓ English", in: page).isEmpty, "the only language stays")
        #expect(try Self.edits("German", in: page) == [SettingEdit(.languages, .names(["qwerty", "xkb:de"]))])
        // English off: the layout shown first follows.
        let three = try Self.layer("settings:languages", of: Self.panel(config: [.languages: .names(["qwerty", "xkb:de", "xkb:ru"])],
                                                                         chosen: ["qwerty", "xkb:de", "xkb:ru"]))
        #expect(try Self.edits("✓ English", in: three) == [SettingEdit(.languages, .names(["xkb:de", "xkb:ru"])),
                                                            SettingEdit(.layout, .string("xkb:de"))])
        let look = try Self.layer("settings", of: Self.panel(chosen: ["qwerty", "xkb:de", "xkb:ru"]))
        #expect(Self.keys(look).contains { $0.label == "Languages: English, German, Russian ▸" })
    }

    @Test func languagesComeInPages() {
        var panel = Self.panel()
        panel.languages = (0..<45).map { PanelLanguage(code: "l\($0)", name: "Language \($0)", layout: "xkb:l\($0)") }
        let pages = panel.layers().filter { $0.name.hasPrefix(SettingsPanel.languagesLayer) }
        #expect(pages.map(\.name) == ["settings:languages", "settings:languages:2", "settings:languages:3"])
        let perPage = SettingsPanel.languageColumns * SettingsPanel.languageRows
        #expect(pages.map { $0.root.keys.filter { $0.style != .blank && $0.label.hasPrefix("Language") }.count } == [perPage, perPage, 45 - 2 * perPage])
        let nav = pages[0].root.keys.suffix(3)
        #expect(nav.map(\.action) == [.layer("settings"), .layer("settings:languages:3"), .layer("settings:languages:2")])
    }

    @Test func everyControlIsLargeEnoughForAFingerAndScannedByRows() {
        let layers = Self.panel().layers()
        for layer in layers {
            // The keyboard's own size on a 1280x800 screen: a third of the height.
            let geometry = KeyboardGeometry(layout: Layout(name: "p", description: "", layers: [layer]), layer: layer,
                                            size: Size(width: 1280, height: 267))
            for placed in geometry.keys where placed.key.style != .blank {
                #expect(placed.frame.height >= 40 && placed.frame.width >= 100, "\(layer.name) \(placed.key.label): \(placed.frame)")
            }
            let rows = layer.scanRows()
            #expect(rows.count == layer.root.items.count, "a row of controls is a scanning group")
        }
    }

    @Test func scanningOffIsAskedFirst() throws {
        let on = try Self.layer("settings:access", of: Self.panel([.scan: .bool(true)]))
        let key = try #require(Self.keys(on).first { $0.label == "Scanning: on" })
        #expect(key.action == .layer(SettingsPanel.scanOffLayer))
        let off = try Self.layer("settings:access", of: Self.panel())
        #expect(try Self.edits("Scanning: off", in: off) == [SettingEdit(.scan, .bool(true))])
        let question = try Self.layer(SettingsPanel.scanOffLayer, of: Self.panel([.scan: .bool(true)]))
        #expect(try Self.edits("Turn scanning off", in: question) == [SettingEdit(.scan, .bool(false))])
        let forget = try Self.layer(SettingsPanel.forgetLayer, of: Self.panel())
        #expect(Self.keys(forget).contains { $0.action == .setting(.forgetLearned) })
    }

    @Test func aNoticeSaysWhatWasNotSaved() throws {
        var panel = Self.panel()
        panel.notice = "config.json: line 1"
        let look = try Self.layer("settings", of: panel)
        #expect(Self.keys(look).first?.label == "⚠ Not saved: config.json: line 1")
        #expect(Self.keys(look).first?.action == .setting(.change([])))
    }

    @Test func theTextsAreOneTable() {
        let german = SettingsPanelText(translate: { $0 == "Sound" ? "Ton" : ($0 == "on" ? "an" : $0) })
        #expect(german.sound(true) == "Ton: an")
        #expect(SettingsPanelText().seconds(800) == "0.8 s" && SettingsPanelText().seconds(10_000) == "10 s")
        #expect(SettingsPanelText().seconds(750) == "750 ms")
    }

    // MARK: Who may open it

    @Test func theLockAndThePin() {
        func access(_ config: [Setting: SettingValue], plug: Bool = false) -> (SettingsAccess, ConfigProblem?) {
            let got = SettingsAccess.from(SettingValues(command: .keyboard, config: Config(values: config)), plug: plug, file: "c.json")
            return (got.access, got.problem)
        }
        var open = access([:]).0
        #expect(open.offered && open.open() == .show)
        var locked = access([.settingsPanel: .string("locked")]).0
        #expect(!locked.offered && locked.open() == .nothing)
        #expect(!access([:], plug: true).0.offered, "never in a plug")
        var pin = access([.settingsPin: .string("2468")]).0
        #expect(pin.open() == .askPin && pin.pinLength == 4)
        #expect(pin.digit(2) == .askPin && pin.digit(4) == .askPin && pin.digit(6) == .askPin)
        #expect(pin.digit(9) == .askPin && pin.wrong && pin.entered.isEmpty)
        #expect(pin.pinPad(back: "letters").root.keys.first?.label == "Wrong PIN, again: ○ ○ ○ ○")
        for d in [2, 4, 6] { _ = pin.digit(d) }
        #expect(pin.pinPad(back: "letters").root.keys.first?.label == "PIN: ● ● ● ○")
        #expect(pin.digit(8) == .show)
        let bad = access([.settingsPin: .string("12ab")])
        #expect(!bad.0.offered && bad.1?.key == "settings-pin", "a PIN that is no PIN locks, and says so")
    }

    @Test func theKeysThatOpenThePanelFollowTheLock() {
        let layout = Layout(name: "k", description: "", layers: [Layer(name: "letters", root: Stack(axis: .horizontal, items: [
            .key(Key(label: "a", action: .text("a"))), .key(Key(label: "⚙", action: .settings)), .key(Key(label: "✥", action: .move)),
        ]))])
        let offered = SettingsAccess(lock: .open).keyed(layout)
        #expect(offered.layers[0].root.keys.map(\.label) == ["a", "⚙", "✥"])
        #expect(offered.layers[0].root.keys[2].alternates.map(\.action) == [.settings])
        #expect(offered.opensSettings && SettingsAccess(lock: .open).keyed(offered) == offered)
        let locked = SettingsAccess(lock: .locked).keyed(offered)
        #expect(locked.layers[0].root.keys.map(\.label) == ["a", "✥"])
        #expect(locked.layers[0].root.keys[1].alternates.isEmpty && !locked.opensSettings)
    }
}

/// The state machine's part: ⚙ and the panel's keys hand their command on; the grip's long press.
@Suite struct StateSettingsTests {
    static let layout = Layout(name: "s", description: "", layers: [Layer(name: "main", root: Stack(axis: .vertical, items: [
        StateFixtures.row([Key(label: "⚙", action: .settings), Key(label: "✥", action: .move, alternates: [Key(label: "⚙", action: .settings)]),
                           Key(label: "big", action: .setting(.change([SettingEdit(.scale, .double(2))])))]),
        StateFixtures.row([StateFixtures.text("a"), StateFixtures.text("b")]),
    ]))])

    @Test func theGearAndTheControlsHandTheirCommandsOn() {
        var rig = Rig(layout: Self.layout)
        #expect(rig.tap("⚙").contains(.openSettings))
        #expect(rig.tap("big").contains(.settings(.change([SettingEdit(.scale, .double(2))]))))
        #expect(!KeyboardState.mayRepeat(.settings))
    }

    @Test func holdingTheGripStillOpensThePanelAndDraggingItDoesNot() {
        var rig = Rig(layout: Self.layout)
        _ = rig.state.setWindowControl(.floating)
        _ = rig.press("✥")
        #expect(rig.advance(to: 0.6).contains(.openSettings))
        #expect(rig.state.alternates == nil, "no popup")
        rig.now = 0.7
        #expect(rig.release("✥").isEmpty, "the release does nothing more")
        // A drag hands the pointer over before the long press.
        var drag = Rig(layout: Self.layout)
        _ = drag.state.setWindowControl(.floating)
        _ = drag.press("✥")
        let grip = drag.center("✥")
        #expect(drag.handle(.move(pointer: 1, to: Point(x: grip.x + 40, y: grip.y))).contains { if case .dragWindow = $0 { true } else { false } })
        #expect(!drag.advance(to: 1).contains(.openSettings))
    }

    @Test func scanningCanBeTurnedOnAndOffWhileRunningAndAScanPickFiresAControl() {
        var rig = Rig(layout: Self.layout)
        #expect(rig.state.nextDeadline == nil)
        var config = rig.state.config
        config.timing.scan = ScanConfig(interval: 2, loops: 3)
        _ = rig.state.setConfig(config)
        #expect(rig.state.nextDeadline == nil, "scanning's timer is not the state's")
        #expect(rig.handle(.pick(key: 0)).contains(.openSettings), "⚙")
        config.timing.scan = nil
        config.mode = .entry
        _ = rig.state.setConfig(config)
        #expect(rig.state.config.mode == .typing, "the mode stays")
    }

    @Test func aControlFiredByDwellDoesNotFireAgainWhenThePanelIsMadeAgain() {
        var config = KeyboardConfig()
        config.timing.dwell = 0.5
        var rig = Rig(config: config, layout: Self.layout)
        _ = rig.hover("big")
        #expect(rig.advance(to: 0.6).contains(.settings(.change([SettingEdit(.scale, .double(2))]))))
        // The host writes the change and shows the panel again, its config and layers new.
        config.timing.dwell = 0.8
        _ = rig.state.setConfig(config)
        _ = rig.state.setLayout(Self.layout, showing: "main")
        rig.now = 0.7
        _ = rig.hover("big")
        #expect(!rig.advance(to: 3).contains { if case .settings = $0 { true } else { false } }, "still on the key: no second fire")
    }

    @Test func aLayoutMadeAgainStaysOnItsPage() {
        var rig = Rig(layout: StateFixtures.standard)
        _ = rig.state.switchLayer(to: "symbols")
        _ = rig.state.setLayout(StateFixtures.standard, showing: "symbols")
        #expect(rig.state.layerName == "symbols")
        _ = rig.state.setLayout(StateFixtures.standard, showing: "gone")
        #expect(rig.state.layerName == "letters")
    }
}
