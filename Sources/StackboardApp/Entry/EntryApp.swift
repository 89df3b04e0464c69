import StackboardCore
import StackboardRender
import StackboardRuntime
import StackboardSound
import StackboardSystem
import StackboardX11
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The running `stackboard entry`: its window (a dialog of its own, or an XEmbed plug), the
/// keypad (an entry-role `KeypadRuntime`, which edits the field), the field's painting, the
/// clicks and the loop. Field changes come back through `FieldHost` (EntryApp+Field.swift).
final class EntryApp: LoopSource {
    let options: EntryOptions
    let connection: XConnection
    let window: KeyboardWindow
    let touch: TouchInput?
    /// Key presses (entry window) and XEmbed news (plug).
    let input: EntryInputCollector
    let signals: SignalWatcher
    let runtime: KeypadRuntime
    let fieldPainter: FieldPainter
    let clicks: ClickSound
    let output: EntryOutput
    let loop = EventLoop()
    /// The pointer that went down on the field (its moves and release are the field's).
    var fieldPointer: Int?
    /// Set once the entry is over (done or cancel): nothing more is reported.
    var finished = false

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
        signals = try startupStep(exit: 1) { () throws(SignalWatcher.SetupError) in try SignalWatcher() }
        let preparation = LayoutPreparation.forLocale(shuffle: !options.noShuffle)
        let setup: EntrySetup
        do { setup = try EntrySetup(options, preparation: preparation) } catch {
            printError("stackboard: \(error.message)")
            throw ExitStatus(2)
        }
        let painter = try startupStep(exit: 1) { () throws(RenderError) in try KeyboardPainter(theme: setup.theme, scale: options.scale) }
        fieldPainter = try startupStep(exit: 1) { () throws(RenderError) in try FieldPainter(theme: setup.theme, scale: options.scale) }
        let connection = try startupStep(exit: 2) { () throws(XConnectionError) in try XConnection() }
        self.connection = connection
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
        self.window = window
        touch = try? TouchInput(display: connection.display, window: window.windowID)
        input = EntryInputCollector(connection: connection, window: window.windowID, role: role)
        // No long-press popups in a secure field (nothing may magnify what is typed): keys with
        // alternates just type their own text.
        let longPress = setup.rules.secure ? KeyboardConfig.noLongPress : KeyboardConfig().longPressDelay
        let config = KeyboardConfig(longPressDelay: longPress, decimalSeparator: setup.decimalSeparator)
        let session = EntrySession(initial: options.initial, rules: setup.rules, decimalSeparator: setup.decimalSeparator,
                                   reportBackspaceOnEmpty: setup.reportBackspaceOnEmpty)
        runtime = KeypadRuntime(layout: setup.layout, surface: window, frame: Self.keypadRect(in: window.size, field: !options.noField),
                                painter: painter, config: config, role: .entry(FieldEditor(session: session)))
        // A closed pipe must end the entry as a cancel, not kill it with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        clicks = startClicks(options.sound)
        output = EntryOutput(events: options.events, secure: setup.rules.secure)
        runtime.click = { [clicks] kind in clicks.play(kind) }
        runtime.onProblem = { printError("stackboard: " + $0) }
        runtime.fieldHost = self
        runtime.overlay = self
        signals.onSignal = { [unowned self] signal in
            // Hide and show are the keyboard's; an entry stays up. SIGTERM, SIGINT, SIGHUP cancel.
            if signal != SIGUSR1 && signal != SIGUSR2 { self.runtime.cancelField() }
        }
    }

    /// Shows the window (or, as a plug, prints its id and waits for an embedder) and runs until
    /// done or cancel. Returns the exit status.
    func run() -> Int32 {
        runtime.repaint(now: MonotonicClock.now())
        if options.xid {
            output.windowID(window.windowID)
        } else {
            window.show(now: MonotonicClock.now())
        }
        loop.add(self)
        loop.add(signals)
        let end = loop.run()
        loop.remove(self)
        loop.remove(signals)
        if connection.isLost { return connectionLost() }
        if case .failed(let message) = end {
            printError("stackboard: \(message)")
            runtime.cancelField()
        }
        return shutdown(loop.exitStatus ?? 1)
    }

    // MARK: LoopSource

    var pollRequests: [PollRequest] { [PollRequest(fd: connection.fileDescriptor)] }

    var nextDeadline: Double? {
        [runtime.nextDeadline, window.nextDeadline, touch?.nextDeadline].compactMap { $0 }.min()
    }

    /// Routes the queued X events, then does what is due and repaints.
    func dispatch(now: Double) {
        let events = window.nextEvents { event in
            if input.take(event) { return [] }
            if let touch, let inputs = touch.translate(event, now: now) { return inputs.map { .input($0) } }
            return nil
        }
        for event in events {
            if event == .hidden, let touch { for cancel in touch.cancelAll() { route(cancel) } }
            handle(event)
        }
        for news in input.drain() { handle(news) }
        if connection.isLost { return loop.stop(exitStatusIfLost) }
        let later = MonotonicClock.now()
        window.advance(to: later)
        for expired in touch?.expire(now: later) ?? [] { route(expired) }
        runtime.advance(to: later)
        runtime.repaint(now: later)
        reportXErrors()
    }

    /// Flushes, and catches events that came in with the replies to our own requests.
    func prepareToWait() -> Bool {
        connection.queuedEvents() > 0
    }

    private var exitStatusIfLost: Int32 { loop.exitStatus ?? 1 }

    private func reportXErrors() {
        let (errors, dropped) = connection.takeErrors()
        for error in errors { printError("stackboard: \(error.description)") }
        if dropped > 0 { printError("stackboard: \(dropped) more X errors") }
    }

    private func connectionLost() -> Int32 {
        printError("stackboard: lost the connection to the X server '\(connection.name)'; cancelling the entry")
        if !finished { runtime.cancelField() }
        clicks.close()
        return loop.exitStatus ?? 1
    }

    private func shutdown(_ status: Int32) -> Int32 {
        runtime.dropCanvas()
        runtime.releaseAll(now: MonotonicClock.now())
        clicks.close()
        connection.flush()
        return status
    }
}
