import StackboardCore
import StackboardRender
import StackboardSound
import StackboardX11
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The running keyboard: the X window, the state machine, the painter, the click player and
/// the `poll` loop. The state machine's effects are carried out in one place (`perform`, in
/// KeyboardApp+Effects.swift); painting is in KeyboardApp+Painting.swift.
final class KeyboardApp {
    let options: KeyboardOptions
    let connection: XConnection
    let window: KeyboardWindow
    let signals: SignalWatcher
    /// Commands from other `stackboard` processes; the keyboard's state and layout published.
    let channel: ControlChannel
    /// Loads layouts the way they were loaded at start (for `stackboard layout NAME`).
    let preparation: LayoutPreparation
    /// The layouts the next-layout key cycles through.
    var layouts: [Layout]
    var layoutIndex = 0
    /// Whether the keyboard should be on screen (shown, or asked to be).
    var visible = false
    var state: KeyboardState
    let painter: KeyboardPainter
    let clicks: ClickSound
    let injector: Injector
    /// The last typing error reported (each distinct one is printed once in a row).
    var lastTypingError: InjectorError?
    /// The drawing context on the window's back buffer, for one buffer generation.
    var canvas = WindowCanvas()
    /// Keys to repaint before the next poll.
    var dirtyKeys: Set<Int> = []
    /// Repaint everything before the next poll.
    var dirtyAll = true
    /// Paint (or move) the alternates popup before the next poll.
    var popupDirty = false
    /// Set when the loop must end, with the exit status.
    var exitStatus: Int32?

    /// Loads the layouts, opens the display, claims the control channel and creates the window
    /// (not shown yet). On failure the error is printed and the exit status returned; when a
    /// keyboard runs already, it is told to show (and switch layout) and the status of that.
    static func make(options: KeyboardOptions, configFile: String) -> Result<KeyboardApp, ExitStatus> {
        // First, before any thread exists (the click player's inherits the blocked signals).
        let signals: SignalWatcher
        do { signals = try SignalWatcher() } catch {
            printError("stackboard: \(error.description)")
            return .failure(ExitStatus(1))
        }
        let preparation = LayoutPreparation()
        let layouts: [Layout]
        switch loadLayouts(options.layouts, preparation: preparation, configFile: configFile) {
        case .success(let loaded): layouts = loaded
        case .failure(let status): return .failure(status)
        }
        guard let first = layouts.first else { return .failure(ExitStatus(2)) }
        let theme = options.theme ?? first.defaults.theme.flatMap(Theme.named) ?? Theme.light
        let painter: KeyboardPainter
        do { painter = try KeyboardPainter(theme: theme, scale: options.scale) } catch {
            printError("stackboard: \(error.description)")
            return .failure(ExitStatus(1))
        }
        let connection: XConnection
        do { connection = try XConnection() } catch {
            printError("stackboard: \(error.description)")
            return .failure(ExitStatus(2))
        }
        let channel: ControlChannel
        do {
            channel = try ControlChannel(display: connection.display, screen: connection.screen, owner: connection)
        } catch .alreadyRunning(let window, let display) {
            return .failure(ExitStatus(ControlCommands.handOver(window: window, display: display,
                                                                layout: options.requestedLayout,
                                                                hidden: options.hiddenOnCommandLine)))
        } catch {
            printError("stackboard: \(error.description)")
            return .failure(ExitStatus(1))
        }
        let frame = options.frame(on: connection.screenSize)
        let placement: WindowPlacement = options.dock.map { .dock($0) } ?? .floating
        let configuration = WindowConfiguration(frame: frame, placement: placement,
                                                userSpecifiedGeometry: options.geometry != nil)
        let window: KeyboardWindow
        do { window = try KeyboardWindow(connection: connection, configuration: configuration) } catch {
            printError("stackboard: \(error.description)")
            return .failure(ExitStatus(1))
        }
        let injector: Injector
        do { injector = try Injector(sharing: connection) } catch {
            printError("stackboard: \(error.description)")
            return .failure(ExitStatus(1))
        }
        window.forwardEvents(to: injector)
        let config = options.keyboardConfig(decimalSeparator: preparation.decimalSeparator)
        let state = KeyboardState(layout: first, size: window.size, config: config)
        window.setHoverTracking(config.dwell != nil)
        if config.scan != nil {
            // Without its switch the keyboard still works with the pointer: say so and go on.
            do { try window.setScanSwitch(options.scanSwitch) } catch { printError("stackboard: \(error.description)") }
        }
        // `--print | head -1` must not kill the keyboard before it releases what it holds.
        signal(SIGPIPE, SIG_IGN)
        return .success(KeyboardApp(options: options, connection: connection, window: window, signals: signals,
                                    channel: channel, preparation: preparation, layouts: layouts, state: state,
                                    painter: painter, clicks: startClicks(options.sound), injector: injector))
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

    private init(options: KeyboardOptions, connection: XConnection, window: KeyboardWindow, signals: SignalWatcher,
                 channel: ControlChannel, preparation: LayoutPreparation, layouts: [Layout], state: KeyboardState,
                 painter: KeyboardPainter, clicks: ClickSound, injector: Injector) {
        self.options = options
        self.connection = connection
        self.window = window
        self.signals = signals
        self.channel = channel
        self.preparation = preparation
        self.layouts = layouts
        self.state = state
        self.painter = painter
        self.clicks = clicks
        self.injector = injector
    }

    /// Shows the keyboard (unless `--hidden`) and runs until a signal, a quit or close request
    /// or the loss of the server.
    func run() -> Int32 {
        repaint()
        channel.publish(layout: state.layout.name)
        if options.hidden {
            releaseEverything() // also pauses scanning until the keyboard is shown
            channel.publish(state: "hidden")
        } else {
            showKeyboard()
        }
        var fds = [pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0)]
        while true {
            for event in window.nextEvents(now: MonotonicClock.now(), control: channel) { handle(event) }
            for signal in signals.drain() { handle(signal: signal) }
            if connection.isLost { return connectionLost() }
            if let status = exitStatus { return shutdown(status) }
            let now = MonotonicClock.now()
            window.advance(to: now)
            for input in window.touch?.expire(now: now) ?? [] { handle(.input(input)) }
            if let due = injector.nextDeadline, due <= now { injector.expireIdle(now: now) }
            perform(state.advance(to: now))
            repaint()
            reportXErrors()
            // Flushes, and catches events that came in with the replies to our own requests.
            if connection.queuedEvents() > 0 { continue }
            if connection.isLost { return connectionLost() }
            let deadline = [state.nextDeadline, window.nextDeadline, injector.nextDeadline, window.touch?.nextDeadline]
                .compactMap { $0 }.min()
            let timeout = MonotonicClock.pollTimeout(until: deadline, now: MonotonicClock.now())
            if poll(&fds, nfds_t(fds.count), timeout) < 0 && errno != EINTR {
                printError("stackboard: poll failed: \(String(cString: strerror(errno)))")
                return shutdown(1)
            }
        }
    }

    private func handle(_ event: WindowEvent) {
        switch event {
        case .input(let input):
            if input == .switchPress, !visible { return } // a grabbed switch key while hidden
            perform(state.handle(input, now: MonotonicClock.now()))
        case .resized(let size):
            perform(state.resize(to: size))
            dirtyAll = true
            popupDirty = state.alternates != nil
        case .closeRequested:
            exitStatus = 0
        case .shown:
            channel.publish(state: "shown")
        case .hidden:
            releaseEverything() // also when the window manager unmapped it
            channel.publish(state: "hidden")
        case .control(let command):
            handle(control: command)
        }
    }

    private func handle(signal: Int32) {
        switch signal {
        case SIGUSR1: hideKeyboard()
        case SIGUSR2: showKeyboard()
        default: exitStatus = 0 // SIGTERM, SIGINT, SIGHUP: a requested stop
        }
    }

    private func reportXErrors() {
        let (errors, dropped) = connection.takeErrors()
        for error in errors { printError("stackboard: \(error.description)") }
        if dropped > 0 { printError("stackboard: \(dropped) more X errors") }
    }

    private func connectionLost() -> Int32 {
        _ = state.releaseAll()
        injector.shutdown() // nothing reaches a server that is gone; this only settles its books
        clicks.close()
        printError("stackboard: lost the connection to the X server '\(connection.name)'; exiting")
        return 1
    }

    /// Releases every key and gives back every borrowed keycode, then stops the clicks.
    private func shutdown(_ status: Int32) -> Int32 {
        _ = state.releaseAll()
        injector.shutdown()
        clicks.close()
        connection.flush()
        return status
    }
}

/// A process exit status carried as an error.
struct ExitStatus: Error {
    let code: Int32
    init(_ code: Int32) { self.code = code }
}
