import StackboardCompose
import StackboardCore
import StackboardRender
import StackboardRuntime
import StackboardSound
import StackboardSystem
import StackboardWords
import StackboardX11

/// The running `stackboard entry`: its window shell (a dialog of its own, or an XEmbed plug),
/// the keypad (an entry-role `KeypadRuntime`, which edits the field), the field's painting, the
/// output and, with `--scan`, switch scanning of the keypad (`KeypadScanner`, as the keyboard
/// scans: its picks edit the field as taps do). Field changes come back through `FieldHost`
/// (EntryApp+Field.swift).
final class EntryApp: WindowShellClient {
    let options: EntryOptions
    let shell: WindowShell
    /// Key presses (entry window) and XEmbed news (plug).
    let input: EntryInputCollector
    let runtime: KeypadRuntime
    let fieldPainter: FieldPainter
    let output: EntryOutput
    /// The word engine of `--suggest` (never for a secure field).
    let words: SuggestionWords?
    /// The composing engine of a layout whose bar composes (pinyin, hangul, japanese): it learns
    /// nothing in a plug or a secure field, and gets a secure field's letters as they are.
    let composer: KeypadWords?
    /// The pointer that went down on the field (its moves and release are the field's).
    var fieldPointer: Int?
    /// Set once the entry is over (done or cancel): nothing more is reported.
    var finished = false
    /// `--scan`: switch scanning of the keypad (nil: off).
    let scanner: KeypadScanner?
    /// `--scan-device`: the input device whose buttons and keys are switches, grabbed before the
    /// window shows (nil: none, or it could not be had).
    private var switchDevice: SwitchDevice?

    /// The entry's window (the shell's).
    var window: KeyboardWindow { shell.window }

    /// Loads the layout, checks the rules and the initial text, opens the display and creates
    /// the window (not shown yet). On failure the error is printed and the exit status returned.
    static func make(options: EntryOptions) -> Result<EntryApp, ExitStatus> {
        do throws(ExitStatus) {
            return .success(try EntryApp(options: options))
        } catch {
            return .failure(error)
        }
    }

    private init(options: EntryOptions) throws(ExitStatus) {
        self.options = options
        let signals = try startupStep(exit: 1) { () throws(SignalWatcher.SetupError) in try SignalWatcher() }
        let preparation = LayoutPreparation.forLocale(shuffle: !options.noShuffle,
                                                      suggestions: options.suggest ? Setting.suggestions.spec.defaultValue?.int ?? 3 : 0,
                                                      ownField: true, wordsLanguage: options.keypad.language ?? "en")
        let setup: EntrySetup
        do { setup = try EntrySetup(options, preparation: preparation) } catch {
            printError("stackboard: \(error.message)")
            throw ExitStatus(2)
        }
        let painter = try startupStep(exit: 1) { () throws(RenderError) in try KeyboardPainter(theme: setup.theme, scale: options.keypad.scale, hints: options.keypad.hints) }
        fieldPainter = try startupStep(exit: 1) { () throws(RenderError) in try FieldPainter(theme: setup.theme, scale: options.keypad.scale) }
        let connection = try startupStep(exit: 2) { () throws(XConnectionError) in try XConnection() }
        let screen = connection.screenSize
        let size = EntrySetup.windowSize(options, layout: setup.layout, screen: screen)
        let frame = Rect(x: max(0, (screen.width - size.width) / 2), y: max(0, (screen.height - size.height) / 2),
                         width: size.width, height: size.height)
        let role: WindowRole = options.xid ? .plug : .entry
        let configuration = WindowConfiguration(frame: frame, placement: .floating, userSpecifiedGeometry: options.size != nil,
                                                title: options.prompt ?? "Stackboard", instanceName: "stackboard-entry", role: role)
        let window = try startupStep(exit: 1) { () throws(WindowError) in
            try KeyboardWindow(connection: connection, configuration: configuration)
        }
        input = EntryInputCollector(connection: connection, window: window.windowID, role: role)
        // No long-press popups and no key preview in a secure field (nothing may magnify what is
        // typed): keys with alternates just type their own text.
        let secure = setup.rules.secure
        // A keyboard scanning into this window says nothing while it is the active one.
        if secure, role == .entry { SecureEntryMark.mark(window) }
        let longPress = secure ? KeyTiming.noLongPress : KeyTiming().longPressDelay
        let config = KeyboardConfig(timing: KeyTiming(longPressDelay: longPress), decimalSeparator: setup.decimalSeparator,
                                    keyPreview: options.keypad.keyPreview && !secure, swipe: options.keypad.swipe && !secure,
                                    spaceTrackpad: options.keypad.trackpad)
        let session = EntrySession(initial: options.initial, rules: setup.rules, decimalSeparator: setup.decimalSeparator,
                                   reportBackspaceOnEmpty: setup.reportBackspaceOnEmpty)
        runtime = KeypadRuntime(layout: setup.layout, surface: window, frame: Self.keypadRect(in: window.size, field: !options.noField),
                                painter: painter, config: config, role: .entry(FieldEditor(session: session)))
        shell = WindowShell(connection: connection, window: window, signals: signals, sound: options.keypad.sound)
        if let scanning = options.scanning {
            // Without its switches the pad still works with the pointer: say so and go on.
            do { try window.setScanSwitches(scanning.numbered) } catch { printError("stackboard: \(error.description)") }
            // A pick edits the field as a tap does (the keypad fires the key).
            scanner = KeypadScanner(scanning, runtime: runtime, now: MonotonicClock.now()) { [runtime] pick, now in
                runtime.handle(pick, now: now)
            }
        } else {
            scanner = nil
        }
        output = EntryOutput(events: options.events, secure: setup.rules.secure)
        runtime.click = { [clicks = shell.clicks] kind in clicks.play(kind) }
        runtime.onProblem = { printError("stackboard: " + $0) }
        words = options.suggest && !setup.rules.secure && setup.layout.suggestionBar != nil
            ? SuggestionWords.load(language: options.keypad.language ?? "en", slots: Setting.suggestions.spec.defaultValue?.int ?? 3,
                                   learning: options.keypad.learn, store: LearnedWordsStore(environment: FileSystem.environment()),
                                   atSentenceStart: options.initial.isEmpty, report: { printError("stackboard: " + $0) })
            : nil
        // The field is the entry's own: its text is known; capitals are the user's to type.
        words?.fieldChanged(WordField(corrects: options.wordField.corrects(language: words?.language), capitalizes: false,
                                      textBeforeCaret: options.initial))
        composer = setup.layout.suggestionBar?.compose == nil ? nil
            : ComposeEngines(environment: FileSystem.environment(), learning: options.keypad.learn && !options.xid && !secure,
                             report: { printError("stackboard: " + $0) }).engine(for: setup.layout)
        if secure { composer?.setSecure(true) }
        runtime.fieldHost = self
        runtime.overlay = self
        if secure { runtime.setSecureEntry(true, now: 0) }
        signals.onSignal = { [unowned self] request in
            // Hide and show are the keyboard's; an entry stays up. SIGTERM, SIGINT, SIGHUP cancel.
            if case .stop = request { self.runtime.cancelField() }
        }
        shell.add([input])
        shell.client = self
    }

    /// Shows the window (or, as a plug, prints its id and waits for an embedder) and runs until
    /// done or cancel. Returns the exit status.
    func run() -> Int32 {
        XConnection.whenServerLost { [unowned self] name in serverLost(name: name) }
        runtime.repaint(now: MonotonicClock.now())
        runtime.words = composer ?? words
        // The switch device is taken before the window shows: none of its keys reaches the field.
        switchDevice = shell.grabSwitchDevice(named: options.scanning?.device) // the window's switches work without it
        if options.xid {
            output.windowID(window.windowID)
        } else {
            window.show(now: MonotonicClock.now())
        }
        scanner?.start(now: MonotonicClock.now())
        let end = shell.run()
        if case .failed(let message) = end {
            printError("stackboard: \(message)")
            runtime.cancelField()
        }
        return shutdown(shell.loop.exitStatus ?? 1)
    }

    // MARK: WindowShellClient

    func advance(to now: Double) {
        // Learned words read on their thread came in: the bar is worked out again with them.
        if words?.save(now: now) == true { runtime.refreshSuggestions() }
        runtime.advance(to: now)
        scanner?.advance(to: now)
        runtime.repaint(now: now)
    }

    var nextDeadline: Double? { [runtime.nextDeadline, words?.saveDue, scanner?.nextDeadline].compactMap { $0 }.min() }

    /// The end when the server has gone away (from inside the Xlib call that found it: nothing
    /// may touch X): one line says why, and an entry not yet over is cancelled (its event on
    /// stdout, status 1); one that is over keeps its status.
    private func serverLost(name: String) -> Int32 {
        printError("stackboard: " + XConnection.lostMessage(name: name, then: "cancelling the entry"))
        if !finished { runtime.cancelField() }
        words?.save(now: MonotonicClock.now(), force: true)
        return shell.loop.exitStatus ?? 1
    }

    private func shutdown(_ status: Int32) -> Int32 {
        words?.save(now: MonotonicClock.now(), force: true)
        runtime.dropCanvas()
        runtime.releaseAll(now: MonotonicClock.now())
        shell.clicks.close()
        shell.connection.flush()
        return status
    }
}
