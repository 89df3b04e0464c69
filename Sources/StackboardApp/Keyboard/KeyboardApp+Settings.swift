import StackboardCore
import StackboardRender
import StackboardSystem

/// The settings panel's changes applied to the running keyboard, each through the path the
/// start takes for it: a painter for the theme and size (and the window's new size), another
/// click player, the state machine's configuration (key preview, dwell, scanning and its
/// switch), the word engines, the layouts made again (languages, layout, suggestions), auto-show.
extension KeyboardApp {
    /// Gives the keyboard its settings panel (never a plug's: there the ⚙ keys are gone).
    func startSettingsPanel(options: KeyboardOptions) {
        guard !options.xid, options.settingsAccess.offered else { return }
        let host = SettingsPanelHost(controller: controller, options: options,
                                     configPath: ConfigLoader.path(environment: startup.environment),
                                     catalog: startup.preparation.catalog, environment: startup.environment, files: SystemFiles(),
                                     report: { printError("stackboard: " + $0) })
        host.apply = { [unowned self] old, new, now in applySettings(from: old, to: new, now: now) }
        host.forgetLearned = { [unowned self] in
            let problems = words.forgetLearned()
            controller.attachWords()
            return problems
        }
        controller.settings = host
    }

    /// Makes the running keyboard what `new` says where it differs from `old`.
    func applySettings(from old: KeyboardOptions, to new: KeyboardOptions, now: Double) {
        let runtime = controller.runtime
        // The words first: the layouts shown next take their engine.
        controller.wordSettings = new.wordField
        words.reconfigure(slots: new.suggestions, language: new.keypad.language, learning: new.keypad.learn && !new.xid, now: now)
        if old.layouts != new.layouts || old.languages != new.languages || old.suggestions != new.suggestions
            || old.keypad.language != new.keypad.language {
            reloadLayouts(from: old, to: new, now: now)
        } else if old.keypad.learn != new.keypad.learn {
            controller.attachWords()
        }
        if old.keypad.theme != new.keypad.theme || old.keypad.scale != new.keypad.scale {
            let theme = new.keypad.theme(for: runtime.state.layout, in: ThemeCatalog(layouts: startup.preparation.catalog))
            do throws(RenderError) {
                runtime.setPainter(try KeyboardPainter(theme: theme, scale: new.keypad.scale))
            } catch {
                printError("stackboard: cannot paint with the new theme or size: \(error)")
            }
        }
        if old.keypad.scale != new.keypad.scale {
            placer?.rescale(new.keypad.scale)
        }
        if old.keypad.sound != new.keypad.sound { shell.setSound(new.keypad.sound) }
        let config = new.keyboardConfig(decimalSeparator: startup.preparation.decimalSeparator)
        if old.keyboardConfig(decimalSeparator: startup.preparation.decimalSeparator) != config {
            runtime.setConfig(config, now: now)
            shell.window.setHoverTracking(config.timing.dwell != nil)
        }
        if old.timing.scan != new.timing.scan || old.scanning != new.scanning {
            if new.timing.scan == nil {
                shell.window.clearScanSwitches()
            } else {
                do { try shell.window.setScanSwitches(new.scanning.numbered) } catch { printError("stackboard: \(error.description)") }
            }
            controller.setScanning(new.timing.scan == nil ? nil : new.scanning, now: now)
        }
        if old.autoShow != new.autoShow { bus?.setAutoShow(new.autoShow) }
        if old.summonButton != new.summonButton { setSummonButton(new.summonButton, options: new) }
        if old.wordField != new.wordField { controller.tellWordsAboutField(now: now) }
    }

    /// The layouts loaded again as `new` makes them (languages, the first layout, the suggestion
    /// bar); the layout shown stays when it is still among them, unless the first one changed.
    private func reloadLayouts(from old: KeyboardOptions, to new: KeyboardOptions, now: Double) {
        var preparation = startup.preparation
        preparation.suggestionSlots = new.suggestions
        preparation.wordsLanguage = new.keypad.language
        let loader = KeyboardStartup.loader(options: new, preparation: preparation)
        var loaded: [Layout] = []
        for choice in new.layouts {
            do { loaded.append(try loader(choice.name).layout) } catch { printError("stackboard: \(error.description)") }
        }
        guard !loaded.isEmpty else { return }
        controller.load = { (name: String) throws(LayoutError) -> Layout in try loader(name).layout }
        controller.completeLayouts = nil // loaded in full
        controller.displayLayout = new.layouts.first?.name == KeyboardController.displayLayoutName ? loaded.first?.name : nil
        let current = controller.runtime.state.layout.name
        let keep = new.layouts.first?.name == old.layouts.first?.name ? loaded.first { $0.name == current } : nil
        controller.replaceLayouts(LayoutCycle(loaded), showing: keep, now: now)
    }
}
