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
    let layouts: [Layout]
    var layoutIndex = 0
    var state: KeyboardState
    let painter: KeyboardPainter
    let clicks: ClickSound
    let injector: Injector
    /// The last typing error reported (each distinct one is printed once in a row).
    var lastTypingError: InjectorError?
    /// The drawing context on the window's back buffer, for one buffer generation.
    var canvas: (generation: Int, context: CairoContext)?
    /// Keys to repaint before the next poll.
    var dirtyKeys: Set<Int> = []
    /// Repaint everything before the next poll.
    var dirtyAll = true
    /// Paint (or move) the alternates popup before the next poll.
    var popupDirty = false
    /// Set when the loop must end, with the exit status.
    var exitStatus: Int32?

    /// Loads the layouts, opens the display and creates the window (not shown yet). On failure
    /// the error is printed and the exit status returned.
    static func make(options: KeyboardOptions) -> Result<KeyboardApp, ExitStatus> {
        // First, before any thread exists (the click player's inherits the blocked signals).
        let signals: SignalWatcher
        do { signals = try SignalWatcher() } catch {
            printError("stackboard: \(error.description)")
            return .failure(ExitStatus(1))
        }
        let preparation = LayoutPreparation()
        var layouts: [Layout] = []
        for name in options.layouts {
            do { layouts.append(try preparation.load(name)) } catch {
                printError("stackboard: \(error.description)")
                return .failure(ExitStatus(2))
            }
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
        let config = KeyboardConfig(mode: .typing, decimalSeparator: preparation.decimalSeparator, dwell: options.dwell)
        let state = KeyboardState(layout: first, size: window.size, config: config)
        window.setHoverTracking(config.dwell != nil)
        // `--print | head -1` must not kill the keyboard before it releases what it holds.
        signal(SIGPIPE, SIG_IGN)
        return .success(KeyboardApp(options: options, connection: connection, window: window, signals: signals,
                                    layouts: layouts, state: state, painter: painter,
                                    clicks: startClicks(options.sound), injector: injector))
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
                 layouts: [Layout], state: KeyboardState, painter: KeyboardPainter, clicks: ClickSound,
                 injector: Injector) {
        self.options = options
        self.connection = connection
        self.window = window
        self.signals = signals
        self.layouts = layouts
        self.state = state
        self.painter = painter
        self.clicks = clicks
        self.injector = injector
    }

    /// Shows the keyboard and runs until a signal, a close request or the loss of the server.
    func run() -> Int32 {
        repaint()
        window.show(now: MonotonicClock.now())
        var fds = [pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0)]
        while true {
            for event in window.nextEvents(now: MonotonicClock.now()) { handle(event) }
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
            perform(state.handle(input, now: MonotonicClock.now()))
        case .resized(let size):
            perform(state.resize(to: size))
            dirtyAll = true
            popupDirty = state.alternates != nil
        case .closeRequested:
            exitStatus = 0
        case .shown, .hidden:
            break
        }
    }

    private func handle(signal: Int32) {
        switch signal {
        case SIGUSR1: window.hide()
        case SIGUSR2: window.show(now: MonotonicClock.now())
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
