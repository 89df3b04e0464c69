import StackboardCore
import StackboardSystem

/// The keyboard's side of the settings panel: it opens the panel (or its PIN pad, or nothing)
/// on the layout shown, and carries out its controls: each change is written to config.json
/// (`ConfigFile`), read back as the keyboard reads it, put over the command line, and applied to
/// the running keyboard (`apply`, KeyboardApp+Settings.swift); then the panel is made again, on
/// the same page, showing the new values.
final class SettingsPanelHost {
    /// The keyboard.
    unowned let controller: KeyboardController
    /// Who may open the panel, and the PIN entered so far.
    private(set) var access: SettingsAccess
    /// The options in effect.
    private(set) var options: KeyboardOptions
    /// The command line, with the panel's changes put over it (a change made here wins over an
    /// option the keyboard was started with, for as long as it runs).
    private var commandLine: [Setting: SettingValue]
    /// config.json as last read or written.
    private var config: Config
    /// Where config.json is (nil: neither XDG_CONFIG_HOME nor HOME says: nothing is saved).
    let configPath: String?
    /// The layout catalog (layouts and themes the panel offers).
    let catalog: LayoutCatalog
    let environment: [String: String]
    let files: any Files
    /// What the panel offers, read when it is first shown.
    var choices: SettingsPanelChoices?
    /// A change that could not be saved (shown on the panel until the next one is).
    private var notice: String?
    /// Applies new options to the running keyboard (old, new, now).
    var apply: (KeyboardOptions, KeyboardOptions, Double) -> Void = { _, _, _ in }
    /// Forgets the learned words; returns what could not be removed.
    var forgetLearned: () -> [String] = { [] }
    /// Where problems go (one line each).
    let report: (String) -> Void

    init(controller: KeyboardController, options: KeyboardOptions, configPath: String?, catalog: LayoutCatalog,
         environment: [String: String], files: any Files, report: @escaping (String) -> Void) {
        self.controller = controller
        self.options = options
        access = options.settingsAccess
        commandLine = options.values.commandLine
        config = Config(values: options.values.config)
        self.configPath = configPath
        self.catalog = catalog
        self.environment = environment
        self.files = files
        self.report = report
    }

    /// The settings in effect.
    var values: SettingValues { SettingValues(command: .keyboard, commandLine: commandLine, config: config) }

    // MARK: Opening

    /// ⚙: the panel, its PIN pad, or nothing when it is locked.
    func open(now: Double) {
        switch access.open() {
        case .nothing: return
        case .askPin: showPinPad(now: now)
        case .show: show(page: SettingsPanel.entryLayer, now: now)
        }
    }

    /// The panel made from the settings in effect, on the layout shown.
    func panel() -> SettingsPanel {
        let choices = self.choices ?? SettingsPanelChoices(catalog: catalog, environment: environment, files: files)
        self.choices = choices // read once, on the first opening
        var panel = choices.panel(values: values, shown: controller.runtime.state.layout, cycle: controller.layouts.layouts,
                                  languages: options.languages.languages)
        panel.learningOffered = !options.xid
        panel.notice = notice
        return panel
    }

    /// Shows the panel's `page` on the layout shown (the panel made again).
    func show(page: String, now: Double) {
        let runtime = controller.runtime
        let layout = panel().adding(to: runtime.state.layout)
        runtime.setLayout(layout, showing: page, now: now)
    }

    private func showPinPad(now: Double) {
        let runtime = controller.runtime
        var layout = runtime.state.layout
        let back = layout.layers.first?.name ?? ""
        layout.layers = layout.layers.filter { !SettingsPanel.isPanelLayer($0.name) } + [access.pinPad(back: back, text: SettingsPanelChoices.text)]
        runtime.setLayout(layout, showing: SettingsPanel.pinLayer, now: now)
    }

    // MARK: The controls

    /// A control of the panel (or of its PIN pad) was picked.
    func handle(_ command: SettingsCommand, now: Double) {
        switch command {
        case .change(let edits):
            guard SettingsPanel.isPanelLayer(controller.runtime.state.layerName), !edits.isEmpty else { return }
            change(edits, now: now)
        case .forgetLearned:
            for problem in forgetLearned() { report(problem) }
            show(page: SettingsPanel.wordsLayer, now: now)
        case .pinDigit(let digit):
            switch access.digit(digit) {
            case .nothing: return
            case .askPin: showPinPad(now: now)
            case .show: show(page: SettingsPanel.entryLayer, now: now)
            }
        case .pinClear:
            access.clear()
            showPinPad(now: now)
        }
    }

    /// Writes `edits`, applies them, and shows the panel again on the page it was on.
    func change(_ edits: [SettingEdit], now: Double) {
        let page = controller.runtime.state.layerName
        notice = nil
        if let configPath {
            switch ConfigFile.write(edits, to: configPath, files: files, text: SettingsPanelChoices.text) {
            case .success(let written):
                config = written
            case .failure(let failure):
                report(failure.line + " (the change is used until the keyboard stops)")
                notice = failure.short
                for edit in edits { config[edit.setting] = edit.value }
            }
        } else {
            report("neither XDG_CONFIG_HOME nor HOME is set: the change is used until the keyboard stops, not saved")
            for edit in edits { config[edit.setting] = edit.value }
        }
        // The panel's choice wins over the command line the keyboard was started with.
        for edit in edits {
            commandLine[edit.setting] = edit.value
            if edit.setting == .languages { commandLine[.layouts] = nil }
        }
        let new: KeyboardOptions
        do throws(UsageError) { new = try KeyboardOptions(values: values, configFile: configPath ?? "config.json") } catch {
            report(error.message)
            return show(page: page, now: now)
        }
        for problem in new.configProblems where !options.configProblems.contains(problem) { report(problem.description) }
        let old = options
        options = new
        apply(old, new, now)
        show(page: page, now: now)
    }
}
