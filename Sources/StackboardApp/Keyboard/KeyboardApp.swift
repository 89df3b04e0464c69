import StackboardCore
import StackboardX11
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The running keyboard: the X window, the state machine and the `poll` loop. Effects of the
/// state machine are carried out in one place (`perform`, in KeyboardApp+Effects.swift).
final class KeyboardApp {
    let options: KeyboardOptions
    let connection: XConnection
    let window: KeyboardWindow
    let signals: SignalWatcher
    var layouts: [Layout]
    var layoutIndex = 0
    var state: InterimKeyboardState
    let painter = InterimPainter()
    /// Keys to repaint before the next poll.
    var dirtyKeys: Set<Int> = []
    /// Repaint everything before the next poll.
    var dirtyAll = true
    /// Set when the loop must end, with the exit status.
    var exitStatus: Int32?

    /// Opens the display, loads the layouts and creates the window (not shown yet).
    /// Errors are printed; the returned status is then the exit status.
    static func make(options: KeyboardOptions) -> Result<KeyboardApp, ExitStatus> {
        let signals: SignalWatcher
        do { signals = try SignalWatcher() } catch {
            printError("stackboard: \(error.description)")
            return .failure(ExitStatus(1))
        }
        var layouts: [Layout] = []
        for name in options.layouts {
            guard let layout = InterimLayouts.load(name) else {
                printError("stackboard: unknown layout '\(name)'. Run 'stackboard layouts' to list them.")
                return .failure(ExitStatus(2))
            }
            layouts.append(layout)
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
        return .success(KeyboardApp(options: options, connection: connection, window: window,
                                    signals: signals, layouts: layouts))
    }

    private init(options: KeyboardOptions, connection: XConnection, window: KeyboardWindow,
                 signals: SignalWatcher, layouts: [Layout]) {
        self.options = options
        self.connection = connection
        self.window = window
        self.signals = signals
        self.layouts = layouts
        self.state = InterimKeyboardState(layout: layouts[0], size: window.size)
    }

    /// Shows the keyboard and runs until a signal, a close request or the loss of the server.
    func run() -> Int32 {
        repaint()
        window.show(now: MonotonicClock.now())
        var fds = [pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0)]
        while true {
            for event in window.nextEvents() { handle(event) }
            for signal in signals.drain() { handle(signal: signal) }
            if connection.isLost { return connectionLost() }
            if let status = exitStatus { return shutdown(status) }
            let now = MonotonicClock.now()
            window.advance(to: now)
            perform(state.advance(to: now))
            repaint()
            reportXErrors()
            // Flushes, and catches events that arrived with the replies of our own requests.
            if connection.queuedEvents() > 0 { continue }
            if connection.isLost { return connectionLost() }
            let deadline = [state.nextDeadline, window.nextDeadline].compactMap { $0 }.min()
            let timeout = MonotonicClock.pollTimeout(until: deadline, now: MonotonicClock.now())
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0 && errno != EINTR {
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

    /// Paints what changed into the back buffer and copies just that to the window.
    func repaint() {
        guard !connection.isLost else { return }
        if dirtyAll {
            painter.paintAll(state: state, on: window.surface)
            window.presentAll()
        } else if !dirtyKeys.isEmpty {
            let indices = dirtyKeys.sorted()
            painter.paint(keys: indices, state: state, on: window.surface)
            let frames = indices.compactMap { i in state.geometry.keys.indices.contains(i) ? state.geometry.keys[i].frame : nil }
            window.present(frames)
        }
        dirtyAll = false
        dirtyKeys = []
    }

    private func reportXErrors() {
        let (errors, dropped) = connection.takeErrors()
        for error in errors { printError("stackboard: \(error.description)") }
        if dropped > 0 { printError("stackboard: \(dropped) more X errors") }
    }

    private func connectionLost() -> Int32 {
        _ = state.releaseAll()
        printError("stackboard: lost the connection to the X server '\(connection.name)'; exiting")
        return 1
    }

    private func shutdown(_ status: Int32) -> Int32 {
        _ = state.releaseAll()
        connection.flush()
        return status
    }
}

/// A process exit status carried as an error.
struct ExitStatus: Error {
    let code: Int32
    init(_ code: Int32) { self.code = code }
}
