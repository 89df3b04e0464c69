import StackboardCore
import StackboardKit
import StackboardRender
import StackboardSound
import StackboardX11
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The running `stackboard entry`: its window (a dialog of its own, or an XEmbed plug), the
/// keypad's state machine in entry mode, the field editor, the painters, the clicks and the
/// `poll` loop. Effects are carried out in EntryApp+Effects.swift, painting is in
/// EntryApp+Painting.swift.
final class EntryApp {
    let options: EntryOptions
    let connection: XConnection
    let window: KeyboardWindow
    let signals: SignalWatcher
    var state: KeyboardState
    var editor: FieldEditor
    let fieldPainter: FieldPainter
    let painter: KeyboardPainter
    let clicks: ClickSound
    let output: EntryOutput
    /// The drawing context on the window's back buffer, for one buffer generation.
    var canvas = WindowCanvas()
    /// Keys to repaint before the next poll.
    var dirtyKeys: Set<Int> = []
    /// Repaint everything before the next poll.
    var dirtyAll = true
    /// Repaint the field before the next poll.
    var fieldDirty = true
    /// Paint (or move) the alternates popup before the next poll.
    var popupDirty = false
    /// The pointer that went down on the field (its moves and release are the field's).
    var fieldPointer: Int?
    /// Set when the loop must end, with the exit status.
    var exitStatus: Int32?

    /// Loads the layout, checks the rules and the initial text, opens the display and creates
    /// the window (not shown yet). On failure the error is printed and the exit status returned.
    static func make(options: EntryOptions) -> Result<EntryApp, ExitStatus> {
        let signals: SignalWatcher
        do { signals = try SignalWatcher() } catch {
            printError("stackboard: \(error.description)")
            return .failure(ExitStatus(1))
        }
        let preparation = LayoutPreparation(shuffle: !options.noShuffle)
        let setup: EntrySetup
        do { setup = try EntrySetup(options, preparation: preparation) } catch {
            printError("stackboard: \(error.message)")
            return .failure(ExitStatus(2))
        }
        let painter: KeyboardPainter, fieldPainter: FieldPainter
        do {
            painter = try KeyboardPainter(theme: setup.theme, scale: options.scale)
            fieldPainter = try FieldPainter(theme: setup.theme, scale: options.scale)
        } catch {
            printError("stackboard: \(error.description)")
            return .failure(ExitStatus(1))
        }
        let connection: XConnection
        do { connection = try XConnection() } catch {
            printError("stackboard: \(error.description)")
            return .failure(ExitStatus(2))
        }
        let screen = connection.screenSize
        let size = EntrySetup.windowSize(options, layout: setup.layout, screen: screen)
        let frame = Rect(x: max(0, (screen.width - size.width) / 2), y: max(0, (screen.height - size.height) / 2),
                         width: size.width, height: size.height)
        let configuration = WindowConfiguration(frame: frame, placement: .floating, userSpecifiedGeometry: options.size != nil,
                                                title: options.prompt ?? "Stackboard", instanceName: "stackboard-entry",
                                                role: options.xid ? .plug : .entry)
        let window: KeyboardWindow
        do { window = try KeyboardWindow(connection: connection, configuration: configuration) } catch {
            printError("stackboard: \(error.description)")
            return .failure(ExitStatus(1))
        }
        // No long-press popups in a secure field (nothing may magnify what is typed): a delay
        // no press lasts (about 30 years), so keys with alternates just type their own text.
        let longPress = setup.rules.secure ? 1e9 : KeyboardConfig().longPressDelay
        let config = KeyboardConfig(mode: .entry, longPressDelay: longPress, decimalSeparator: setup.decimalSeparator)
        let keypad = EntryApp.keypadRect(in: window.size, field: !options.noField)
        let state = KeyboardState(layout: setup.layout, size: Size(width: keypad.width, height: keypad.height), config: config)
        let session = EntrySession(initial: options.initial, rules: setup.rules, decimalSeparator: setup.decimalSeparator,
                                   reportBackspaceOnEmpty: setup.reportBackspaceOnEmpty)
        // A closed pipe must end the entry as a cancel, not kill it with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        return .success(EntryApp(options: options, connection: connection, window: window, signals: signals,
                                 state: state, editor: FieldEditor(session: session), painter: painter,
                                 fieldPainter: fieldPainter, clicks: startClicks(options.sound),
                                 output: EntryOutput(events: options.events, secure: setup.rules.secure)))
    }

    /// The click player, or a silent one (after one line on stderr) when sound cannot play.
    private static func startClicks(_ sound: SoundOptions) -> ClickSound {
        guard sound.enabled else { return SilentClickPlayer() }
        guard let samples = ClickSamples.defaultDirectory() else {
            printError("stackboard: " + SoundError.samples("no click samples found in the data folders").startupWarning)
            return SilentClickPlayer()
        }
        do {
            return try ClickPlayer(device: sound.device, volume: sound.volume, samplesDirectory: samples)
        } catch {
            printError("stackboard: \(error.startupWarning)")
            return SilentClickPlayer()
        }
    }

    private init(options: EntryOptions, connection: XConnection, window: KeyboardWindow, signals: SignalWatcher,
                 state: KeyboardState, editor: FieldEditor, painter: KeyboardPainter, fieldPainter: FieldPainter,
                 clicks: ClickSound, output: EntryOutput) {
        self.options = options
        self.connection = connection
        self.window = window
        self.signals = signals
        self.state = state
        self.editor = editor
        self.fieldPainter = fieldPainter
        self.painter = painter
        self.clicks = clicks
        self.output = output
    }

    /// Shows the window (or, as a plug, prints its id and waits for an embedder) and runs until
    /// done or cancel. Returns the exit status.
    func run() -> Int32 {
        repaint()
        if options.xid {
            output.windowID(window.windowID)
        } else {
            window.show(now: MonotonicClock.now())
        }
        var fds = [pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0)]
        while true {
            for event in window.nextEvents(now: MonotonicClock.now()) { handle(event) }
            for input in window.takeEntryInput() { handle(input) }
            for signal in signals.drain() { handle(signal: signal) }
            if connection.isLost { return connectionLost() }
            if let status = exitStatus { return shutdown(status) }
            let now = MonotonicClock.now()
            window.advance(to: now)
            for input in window.touch?.expire(now: now) ?? [] { handle(.input(input)) }
            perform(state.advance(to: now))
            if editor.advance(to: now) { fieldDirty = true }
            repaint()
            reportXErrors()
            if let status = exitStatus { return shutdown(status) }
            if connection.queuedEvents() > 0 { continue }
            if connection.isLost { return connectionLost() }
            let deadline = [state.nextDeadline, window.nextDeadline, editor.nextDeadline, window.touch?.nextDeadline]
                .compactMap { $0 }.min()
            let timeout = MonotonicClock.pollTimeout(until: deadline, now: MonotonicClock.now())
            if poll(&fds, nfds_t(fds.count), timeout) < 0 && errno != EINTR {
                printError("stackboard: poll failed: \(String(cString: strerror(errno)))")
                cancel()
                return shutdown(1)
            }
        }
    }

    private func handle(signal: Int32) {
        switch signal {
        case SIGUSR1, SIGUSR2: break // hide and show are the keyboard's; an entry stays up
        default: cancel() // SIGTERM, SIGINT, SIGHUP
        }
    }

    private func reportXErrors() {
        let (errors, dropped) = connection.takeErrors()
        for error in errors { printError("stackboard: \(error.description)") }
        if dropped > 0 { printError("stackboard: \(dropped) more X errors") }
    }

    private func connectionLost() -> Int32 {
        printError("stackboard: lost the connection to the X server '\(connection.name)'; cancelling the entry")
        if exitStatus == nil { cancel() }
        clicks.close()
        return exitStatus ?? 1
    }

    private func shutdown(_ status: Int32) -> Int32 {
        canvas.reset()
        _ = state.releaseAll()
        clicks.close()
        connection.flush()
        return status
    }
}
