import StackboardCore
import StackboardX11

extension KeyboardApp {
    /// Carries out a command of another `stackboard` process (`show`, `hide`, `toggle`,
    /// `layout NAME`, `quit`).
    func handle(control command: ControlCommand) {
        switch command {
        case .show: showKeyboard()
        case .hide: hideKeyboard()
        case .toggle: visible ? hideKeyboard() : showKeyboard()
        case .layout(let name): switchLayout(named: name)
        case .quit: exitStatus = 0
        }
    }

    /// Maps the window. Coming back from hidden, switch scanning starts again at the first row.
    func showKeyboard() {
        let wasHidden = !visible
        visible = true
        let now = MonotonicClock.now()
        window.show(now: now)
        // Hiding paused the scan; a switch press is what resumes a paused scan.
        if wasHidden, state.config.scan != nil { perform(state.handle(.switchPress, now: now)) }
    }

    /// Releases every latched or locked modifier and every injected key, then unmaps the window.
    func hideKeyboard() {
        visible = false
        releaseEverything()
        window.hide()
    }

    /// Nothing held any more: no pointer, latched or locked modifier, caps lock, open alternates
    /// or pressed injected key; scanning paused.
    func releaseEverything() {
        perform(state.releaseAll())
        window.hidePopup()
        popupDirty = false
        injector.releaseAll()
    }

    /// Loads `name` (a layout name or file) and shows it; on error says so on stderr and keeps
    /// the layout on screen. A layout of the next-layout cycle is replaced by the fresh load;
    /// another one joins the cycle after the current layout.
    func switchLayout(named name: String) {
        let layout: Layout
        do { layout = try preparation.load(name) } catch {
            printError("stackboard: cannot switch layouts: \(error.description); keeping '\(state.layout.name)'")
            return
        }
        if let index = layouts.firstIndex(where: { $0.name == layout.name }) {
            layouts[index] = layout
            layoutIndex = index
        } else {
            layoutIndex = min(layouts.count, layoutIndex + 1)
            layouts.insert(layout, at: layoutIndex)
        }
        show(layout)
    }

    /// The next layout of the cycle (the next-layout key).
    func nextLayout() {
        guard !layouts.isEmpty else { return }
        layoutIndex = (layoutIndex + 1) % layouts.count
        show(layouts[layoutIndex])
    }

    /// Shows `layout` (its first layer) at the window's size and publishes its name.
    private func show(_ layout: Layout) {
        perform(state.setLayout(layout))
        window.hidePopup()
        popupDirty = false
        dirtyAll = true
        channel.publish(layout: layout.name)
    }

    /// The layouts to start with. One named on the command line that cannot be loaded ends the
    /// program (exit status 2); one named by the configuration file is reported and skipped, and
    /// with none left the default layout is shown.
    static func loadLayouts(_ choices: [KeyboardOptions.LayoutChoice], preparation: LayoutPreparation,
                            configFile: String) -> Result<[Layout], ExitStatus> {
        var layouts: [Layout] = []
        for choice in choices {
            do { layouts.append(try preparation.load(choice.name)) } catch {
                guard let key = choice.configKey else {
                    printError("stackboard: \(error.description)")
                    return .failure(ExitStatus(2))
                }
                printError("stackboard: " + ConfigProblem(file: configFile, key: key, message: error.description).description)
            }
        }
        if layouts.isEmpty {
            do { layouts.append(try preparation.load(KeyboardOptions.defaultLayout)) } catch {
                printError("stackboard: \(error.description)")
                return .failure(ExitStatus(2))
            }
        }
        return .success(layouts)
    }
}
