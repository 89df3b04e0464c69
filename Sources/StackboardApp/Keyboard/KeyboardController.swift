import StackboardBus
import StackboardCore
import StackboardRuntime
import StackboardScan
import StackboardSpeech
import StackboardSystem
import StackboardX11

/// The on-screen keyboard's own behaviour, with no X in it: what a window event, a control
/// command or a signal does, and what the keys ask for (typing, hiding, the next layout). It
/// works on its window, injector and control channel only through the small protocols of
/// KeyboardFrontEnd.swift, so that it is unit-tested with fakes.
final class KeyboardController: TypingHost {
    /// The keypad: state machine, painting, popup, clicks.
    let runtime: KeypadRuntime
    let window: KeyboardWindowing
    let typer: KeyTyping
    let publisher: KeyboardPublishing
    /// The layouts the next-layout key cycles through.
    private(set) var layouts: LayoutCycle
    /// The text whose key went out the moment its release arrived (`keypad(_:releaseAhead:)` below).
    var sentAhead: String?
    /// Loads a layout by name or file for `stackboard layout NAME` (another, once the settings
    /// panel changed what a layout is made with).
    var load: (String) throws(LayoutError) -> Layout
    /// The settings panel's side of the keyboard (nil: not offered, as in a plug).
    var settings: SettingsPanelHost?
    /// `--print`: where each typed key's line goes (nil: nowhere).
    let printKey: ((String) -> Void)?
    /// Where problems are reported (one line each, never with typed text).
    let report: (String) -> Void
    /// Called with the exit status when the keyboard must stop.
    var stop: (Int32) -> Void = { _ in }
    /// Whether the keyboard should be on screen (shown, or asked to be).
    private(set) var visible = false
    /// Told when the user shows (true) or hides (false) the keyboard by command, for auto-show.
    var onCommanded: ((Bool) -> Void)?
    /// Places the keyboard for a field auto-show shows it for (a floating one out of its way;
    /// with `--monitor focus`, on its monitor).
    var place: ((FieldRequest) -> Void)?
    /// Told before a hidden keyboard is shown, with the field auto-show shows it for (if any):
    /// with `--monitor focus` it goes to the active window's monitor.
    var willShow: ((FieldRequest?) -> Void)?
    /// The field auto-show showed the keyboard for (set by `autoShow` only).
    var field: FieldRequest?
    /// Whether the focus is in a password field (the focus tracker, with or without auto-show).
    var focusInPassword = false
    /// Whether the active window is a secure entry window (`stackboard entry --secure`; followed
    /// with `--speak` only).
    var focusInSecureEntry = false
    /// The user's layout while auto-show shows a numeric, decimal or phone pad for a field.
    /// (Set by `autoShow` only.)
    var layoutBeforeField: String?
    /// The word engine for a layout's suggestion bar (nil: no bar, or no model for its language).
    var wordsFor: (Layout) -> KeypadWords? = { _ in nil }
    /// Where the recently used emoji are kept (nil: nowhere, e.g. a plug).
    var emojiRecents: EmojiRecentsStore?
    /// The layout `xkb` (the display's own) was loaded as, followed while the keymap changes.
    var displayLayout: String?
    /// What the user lets the word engine do (correction, capitals, double space).
    var wordSettings = WordFieldSettings()
    /// Whether a desktop input method may stand between the keys and the field, asked when a
    /// field gets the focus (KeyboardController+Field.swift).
    var inputMethod: () -> InputMethodPresence = { InputMethodPresence(environment: [:], ximServers: []) }
    /// What it said for the focused field.
    var inputMethodPresent = false
    /// The kind of the field with the focus, as AT-SPI tells (nil: none the keyboard can see).
    var focusedKind: FieldKind?
    /// Its text before the caret as last read (nil: not read yet, or it cannot be seen).
    var fieldText: String?
    /// When that text is read (KeyboardController+Field.swift).
    var fieldReads = FieldReads()
    /// Whether a field got the focus since the keyboard's last own press (a click elsewhere
    /// reported after it is the click that focused it).
    var focusSinceInput = false
    /// Whether a key went out since the shift was last checked for a sentence start.
    var typedSinceShiftCheck = false
    /// Reads the focused field's text before the caret; the reply comes later, through the
    /// loop (nil: there is no accessibility bus).
    var readFieldText: ((@escaping (String?) -> Void) -> Void)?
    /// `--speak`: the scan's highlights spoken (nil: not asked for, or a plug).
    var speech: ScanSpeaker?
    /// The last typing error reported (each distinct one is printed once in a row).
    private var lastTypingError: InjectorError?
    /// Whether the active window changes after the event being handled, given how many changes
    /// were handled (`activeWindowChangesHandled`) and whether the socket may be read (nil: not
    /// known; the display's context is not watched).
    var activeWindowChangeAhead: ((_ handled: Int, _ reading: Bool) -> Bool)?
    /// How many `.context(.activeWindowChanged)` were handled.
    private(set) var activeWindowChangesHandled = 0
    /// Switch scanning (nil: off; KeyboardController+Scan.swift).
    var scan: KeypadScanner?
    /// Told each time the scan highlight changed, with what it is now (spoken scanning).
    var onScanHighlight: ((ScanMarks) -> Void)?
    /// Publishes the scan highlight as one line for `stackboard status --scan` (the control channel).
    var publishScan: ((String) -> Void)?
    /// Moves, resizes, docks and remembers the window (nil: it cannot move, a plug).
    var mover: WindowMover? {
        didSet { runtime.setWindowControl(mover?.control ?? .none, now: MonotonicClock.now()) }
    }

    /// A controller of `runtime` (a typing keypad on `window`, showing the current layout of
    /// `layouts`): it becomes the runtime's typing host.
    init(runtime: KeypadRuntime, layouts: LayoutCycle, window: KeyboardWindowing, typer: KeyTyping,
         publisher: KeyboardPublishing, load: @escaping (String) throws(LayoutError) -> Layout,
         printKey: ((String) -> Void)?, report: @escaping (String) -> Void) {
        self.runtime = runtime
        self.layouts = layouts
        self.window = window
        self.typer = typer
        self.publisher = publisher
        self.load = load
        self.printKey = printKey
        self.report = report
        runtime.typingHost = self
        runtime.onProblem = report
    }

    /// Shows the keyboard (unless `hidden`; `shown`: the start mapped it already) and publishes
    /// its state and layout.
    func start(hidden: Bool, shown: Bool = false, now: Double) {
        publisher.publish(layout: runtime.state.layout.name)
        if hidden {
            releaseEverything(now: now) // also pauses scanning until the keyboard is shown
            publisher.publish(state: "hidden")
        } else if shown {
            visible = true
            startScan(now: now) // as `show` starts it
        } else {
            show(now: now)
        }
    }

    // MARK: Events

    /// What the window and the display reported (the X event pump's typed events).
    func handle(_ event: WindowEvent, now: Double) {
        switch event {
        case .input(let input):
            if mover?.take(input) == true { return } // a pointer that drags the window
            runtime.handle(input, now: now)
            sentAheadUnused()
            if case .press = input { focusSinceInput = false }
            // A release types; so does a dwell's hover, which is checked only when it typed.
            if input.endsAPress || typedSinceShiftCheck { updateAutoShift(now: now) }
        case .switched(let event):
            switched(event, now: now)
        case .resized(let size):
            runtime.setFrame(Rect(size: size), now: now)
        case .rootPosition(let pointer, let point):
            mover?.note(pointer: pointer, root: point)
        case .closeRequested:
            stop(0)
        case .shown:
            publisher.publish(state: "shown")
        case .hidden:
            releaseEverything(now: now) // also when the window manager unmapped it
            publisher.publish(state: "hidden")
        case .control(let command):
            handle(command, now: now)
        case .pressedOutside:
            // The click may have moved the application's caret. One read late (at the keyboard's
            // next own press) after the field it focused was reported is the click that focused
            // it: that field's own context stays.
            if focusSinceInput { typer.dropDeferred() } else { contextChanged(.clickOutside) }
        case .context(.activeWindowChanged):
            activeWindowChangesHandled += 1
            // The field followed was the window before's, unless the new window's own came first
            // (a window that is not on the accessibility bus reports none).
            if !focusSinceInput, focusedKind != nil { fieldFocused(nil, now: now) }
            contextChanged(.windowChanged)
        case .context(.physicalKey):
            contextChanged(.physicalKey)
        case .context(.keymapNamesChanged):
            displayKeymapChanged(now: now)
        case .monitorsChanged, .windowConfigured, .invoked, .entry, .summon, .trayClicked:
            break // the keyboard application's (monitors, auto-show, the plug, the summon button)
        }
    }

    /// A command of another `stackboard` process (`show`, `hide`, `toggle`, `layout NAME`, `quit`).
    func handle(_ command: ControlCommand, now: Double) {
        switch command {
        case .show: commanded(true, now: now)
        case .hide: commanded(false, now: now)
        case .toggle: commanded(!visible, now: now)
        case .layout(let name): _ = switchLayout(named: name, now: now)
        case .quit: stop(0)
        case .click(let type): if let problem = chooseClick(type) { report(problem) }
        case .switched(let number, let pressed): switched(SwitchEvent(number: number, pressed: pressed), now: now)
        }
    }

    /// Dwell clicking's choice of the next click (set by the keyboard application when
    /// `--dwell-click` is on).
    var clickChooser: ((ClickType) -> Void)?

    /// Chooses what the next dwell click does (`stackboard click`, D-Bus `SetClickType`); says
    /// why not when dwell clicking is off.
    func chooseClick(_ type: ClickType) -> String? {
        guard let clickChooser else {
            return "the click type '\(type.rawValue)' changes nothing: dwell clicking is off (start the keyboard with --dwell-click MS)"
        }
        clickChooser(type)
        return nil
    }

    /// Shows or hides because the user said so, and tells auto-show.
    private func commanded(_ shown: Bool, now: Double) {
        shown ? show(now: now) : hide(now: now)
        onCommanded?(shown)
    }

    /// The settings were asked for from outside the keys (the tray menu's Settings item): the
    /// keyboard is shown with its settings panel, as ⚙ opens it (its PIN pad first where it has
    /// one). Where the panel is not offered (`"settings": "locked"`, a plug) it says so, one line,
    /// and stays as it is.
    func openSettings(now: Double) {
        guard let settings else {
            report("the settings panel is locked here (\"settings\": \"locked\" in config.json, or a plug): "
                   + "settings live in ~/.config/stackboard/config.json (see stackboard(1))")
            return
        }
        commanded(true, now: now)
        settings.open(now: now)
    }

    /// SIGUSR1 hides, SIGUSR2 shows, SIGTERM, SIGINT and SIGHUP stop the keyboard.
    func handle(signal request: SignalRequest, now: Double) {
        switch request {
        case .hide: commanded(false, now: now)
        case .show: commanded(true, now: now)
        case .stop: stop(0)
        }
    }

    /// Completes the start's layouts (`KeyboardStartup.completed`: their emoji panels, left out
    /// at start) in the cycle as it is then; nil once done or when nothing was left out.
    var completeLayouts: ((LayoutCycle) -> LayoutCycle?)?

    /// A key opens `name`, which the layout shown lacks: the start's layouts are completed (the
    /// first ☺ makes the emoji panel: ~3 ms, and 0.5 MB that a keyboard never opened on it does
    /// not hold), the layout on screen is taken again with its new layers, and `name` is shown.
    private func openLayer(_ name: String, now: Double) {
        guard let complete = completeLayouts else { return }
        completeLayouts = nil
        guard let completed = complete(layouts) else { return }
        layouts = completed
        if let current = completed.current, current != runtime.state.layout { runtime.takeCompleted(current, now: now) }
        runtime.showLayer(name, now: now)
    }

    // MARK: What the keys ask for

    func keypad(_ keypad: KeypadRuntime, perform request: TypingRequest) {
        switch request {
        // The key first; its `--print` line after it went out.
        case .type(let text, let modifiers):
            fieldReads.typed(now: MonotonicClock.now())
            typedSinceShiftCheck = true
            if !tookSentAhead(text, modifiers: modifiers) {
                typing { () throws(InjectorError) in try typer.type(text, modifiers: modifiers) }
            }
            printKey?(PrintedKey.line(text: text, modifiers: modifiers))
            recordEmoji(text)
        case .key(let key, let modifiers):
            fieldReads.typed(now: MonotonicClock.now())
            typedSinceShiftCheck = true
            typing { () throws(InjectorError) in try typer.key(key, modifiers: modifiers) }
            printKey?(PrintedKey.line(key: key, modifiers: modifiers))
        case .hide:
            hide(now: MonotonicClock.now())
        case .nextLayout:
            if let next = layouts.advance() { show(next, now: MonotonicClock.now()) }
        case .showLayout(let name):
            switchLayout(named: name, now: MonotonicClock.now())
        case .openLayer(let name):
            openLayer(name, now: MonotonicClock.now())
        case .dragWindow(let pointer, let kind, let from, let to):
            mover?.begin(pointer: pointer, kind: kind, from: from, to: to, now: MonotonicClock.now())
        case .toggleDock:
            if let control = mover?.toggleDock() { runtime.setWindowControl(control, now: MonotonicClock.now()) }
        case .chooseClick(let type):
            if let problem = chooseClick(type) { report(problem) }
        case .openSettings:
            settings?.open(now: MonotonicClock.now())
        case .settings(let command):
            settings?.handle(command, now: MonotonicClock.now())
        }
    }

    /// When `advance(to:)` must run (the window manager's drag is watched).
    var nextDeadline: Double? {
        [mover?.nextDeadline, runtime.words == nil ? nil : fieldReads.nextDeadline, scan?.nextDeadline].compactMap { $0 }.min()
    }

    /// Does what is due at `now`.
    func advance(to now: Double) {
        mover?.advance(to: now)
        readFieldIfDue(now: now)
        reportDroppedKeys(now: now)
    }

    /// Runs an injector call; a failure is reported once (never with the text), typing goes on.
    private func typing(_ send: () throws(InjectorError) -> Void) {
        // A scan switch key stays grabbed from everyone but the keyboard's own typing.
        window.suspendScanSwitchGrab()
        defer { window.resumeScanSwitchGrab() }
        do {
            try send()
            lastTypingError = nil
        } catch {
            if error != lastTypingError { report("cannot type: \(error.description)") }
            lastTypingError = error
        }
    }

    // MARK: Showing, hiding, layouts

    /// Maps the window. Coming back from hidden, switch scanning starts again at the top.
    func show(now: Double) {
        let wasHidden = !visible
        if wasHidden { willShow?(field) }
        visible = true
        window.show(now: now)
        if wasHidden { startScan(now: now) } // hiding paused it
    }

    /// Releases every latched or locked modifier and every injected key, then unmaps the window.
    func hide(now: Double) {
        visible = false
        contextChanged(.keyboardChanged)
        releaseEverything(now: now)
        window.hide()
    }

    /// Nothing held any more: no pointer, latched or locked modifier, caps lock, open alternates
    /// or pressed injected key; scanning paused.
    func releaseEverything(now: Double) {
        runtime.releaseAll(now: now)
        typer.releaseAll()
        pauseScan(now: now)
    }

    /// Loads `name` (a layout name or file) and shows it; on error says so, keeps the layout
    /// on screen and returns the problem.
    @discardableResult
    func switchLayout(named name: String, now: Double) -> String? {
        let layout: Layout
        do { layout = try load(name) } catch {
            report("cannot switch layouts (keeping '\(runtime.state.layout.name)'): \(error.description)")
            return error.description
        }
        layouts.show(layout)
        show(layout, now: now)
        return nil
    }

    /// Takes `cycle` in place of the layouts (the settings panel changed the languages, the
    /// layout or what layouts are made with) and shows `shown` of it (nil: the cycle's current).
    func replaceLayouts(_ cycle: LayoutCycle, showing shown: Layout? = nil, now: Double) {
        layouts = cycle
        if let shown { layouts.show(shown) }
        if let current = layouts.current { show(current, now: now) }
    }

    /// The display's keymap changed: a keyboard that shows the display's own layout (`xkb`)
    /// shows its new one, relabelled, in the same place of the cycle.
    func displayKeymapChanged(now: Double) {
        guard let shown = displayLayout else { return }
        let layout: Layout
        do { layout = try load(KeyboardController.displayLayoutName) } catch {
            report("cannot follow the display's keymap: \(error.description); keeping '\(shown)'")
            return
        }
        guard layout.name != shown else { return }
        displayLayout = layout.name
        layouts.replace(named: shown, with: layout)
        if let current = layouts.current { show(current, now: now) }
    }

    /// The name of the display's own layout.
    static let displayLayoutName = "xkb"

    /// An emoji typed on the emoji panel joins its recently used page (never in a secure field).
    private func recordEmoji(_ text: String) {
        let state = runtime.state
        guard let store = emojiRecents, !isSecure, EmojiPanel.isPanelLayer(state.layerName),
              let layer = state.layout.layer(named: state.layerName) else { return }
        do {
            guard try store.record(text, typedOn: layer) != nil else { return }
        } catch {
            return report(error.description)
        }
        // The panel is made again with the new recents, on the page with the same emoji.
        guard let fresh = try? load(state.layout.name) else { return }
        let now = MonotonicClock.now()
        layouts.show(fresh)
        runtime.setLayout(fresh, now: now)
        runtime.showLayer(EmojiPanel.page(replacing: layer, in: fresh.layers), now: now)
    }

    /// Shows `layout` at the window's size (where it was left, if remembered) and publishes its name.
    private func show(_ layout: Layout, now: Double) {
        runtime.words?.reset(.keyboardChanged)
        runtime.setLayout(layout, now: now)
        if let mover {
            mover.show(layout)
            runtime.setWindowControl(mover.control, now: now)
        }
        attachWords()
        publisher.publish(layout: layout.name)
    }
}

/// The word engine of the layout shown: attached after start-up and at each layout, and told
/// when the caret moves where the keyboard cannot follow.
extension KeyboardController {
    /// The caret moved somewhere the keyboard cannot follow (another window, a click outside,
    /// a physical key): the word being typed is over.
    /// Keys still waiting for the application were for the field before a click elsewhere or
    /// another window: they are dropped, never typed there.
    func contextChanged(_ reason: ContextReset) {
        if reason == .windowChanged || reason == .clickOutside { typer.dropDeferred() }
        guard let words = runtime.words else { return }
        words.reset(reason)
        fieldTextLost()
        runtime.refreshSuggestions()
        updateAutoShift(now: MonotonicClock.now())
    }

    /// Says on stderr and on the bar that keys were dropped (a count and why, never the text).
    func reportDroppedKeys(now: Double) {
        guard let dropped = typer.takeDropped() else { return }
        report(dropped.description)
        runtime.showNotice("⚠ \(dropped.count) not typed", now: now)
    }

    /// Gives the layout shown its word engine (after start-up: the first frame is not delayed).
    func attachWords() {
        let words = runtime.state.layout.suggestionBar == nil ? nil : wordsFor(runtime.state.layout)
        words?.setSecure(isSecure)
        runtime.words = words
        tellWordsAboutField(now: MonotonicClock.now())
    }
}

/// The key of a tap, sent the moment the release arrives. While one pointer is down on a key
/// that will type one character of the keymap, the keypad says so (`ReleaseAhead`), the
/// injector plans the key and the window is told to fire it on that release, before the event
/// goes anywhere else. The release then runs its usual course; when it asks for the same text,
/// the key is not sent again. Any change of the keypad's state or the keymap withdraws it.
extension KeyboardController {
    func keypad(_ keypad: KeypadRuntime, releaseAhead ahead: ReleaseAhead?) -> Bool {
        guard let ahead, typer.armKey(ahead.text) else {
            typer.disarmKey()
            _ = window.setReleaseTrigger(nil)
            return false
        }
        let trigger = ReleaseTrigger(pointer: ahead.pointer, point: ahead.point, until: ahead.until) { [weak self] in
            guard let self, !self.focusMovesAfterTap(reading: false), self.typer.sendArmedKey() else { return }
            self.sentAhead = ahead.text
        }
        guard window.setReleaseTrigger(trigger) else {
            typer.disarmKey()
            return false
        }
        return true
    }

    /// Whether the active window changes after the tap being handled (news of it read already).
    func focusMovesAfterTap(reading: Bool) -> Bool {
        activeWindowChangeAhead?(activeWindowChangesHandled, reading) ?? false
    }

    /// Whether typing `text` with `modifiers` is the key already sent ahead (used up then).
    func tookSentAhead(_ text: String, modifiers: Set<Modifier>) -> Bool {
        guard let ahead = sentAhead else { return false }
        sentAhead = nil
        if ahead == text, modifiers.isEmpty { return true }
        Self.reportUnusedSentAhead()
        return false
    }

    /// After an input: a key sent ahead that the keypad did not type is a fault of the
    /// prediction, said once per occurrence (never with the text).
    func sentAheadUnused() {
        guard sentAhead != nil else { return }
        sentAhead = nil
        Self.reportUnusedSentAhead()
    }

    private static func reportUnusedSentAhead() {
        printError("stackboard: a key was sent at a release that then typed something else; please report this")
    }
}
