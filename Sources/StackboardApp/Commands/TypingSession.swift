import StackboardCore
import StackboardSystem
import StackboardX11
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// One run of `stackboard type`, served by the event loop: sends the text in small pieces (the
/// signals are served between them), waits the delay between characters, keeps the last key
/// down for `--hold-ms`, then waits for borrowed keycodes to fall idle and restores the keymap.
/// Every wait of the injector's (a pong, a slow application, another process's keycode) is a
/// deadline or a source of this loop: a piece whose keys wait is finished before the next.
final class TypingSession: LoopSource {
    private let injector: Injector
    private let modifiers: Set<Modifier>
    private let delay: Double
    private let hold: Double
    private let key: String?
    private var pieces: [String]
    /// The whole text, borrowed for before the first piece goes out.
    private let text: String?
    private var next = 0
    private var phase: Phase = .typing(at: 0)
    private let loop = EventLoop()
    /// Whether the wait for an application that does not answer pings has been told on stderr.
    private var toldAboutTheWait = false

    /// The line that explains a long wait before exiting (nil for a short one): an application
    /// that does not answer `_NET_WM_PING` (xterm) gets `--slow-app-ms` per key event before the
    /// keycodes it may still look up are emptied, so that a slow one types exactly.
    static func waitNotice(seconds: Double, keycodes: Int) -> String? {
        guard seconds >= 2 else { return nil }
        let codes = keycodes == 1 ? "1 borrowed keycode is" : "\(keycodes) borrowed keycodes are"
        return "stackboard: the focused window does not answer _NET_WM_PING, so it gets --slow-app-ms per key "
            + "event before \(codes) given back: exiting in \(Int(seconds.rounded(.up))) s "
            + "(--slow-app-ms 0 trusts it to keep up)"
    }

    private enum Phase: Equatable {
        /// The next piece goes out at this time.
        case typing(at: Double)
        /// The last key is held until this time.
        case holding(until: Double)
        /// Waiting for the borrowed keycodes to fall idle.
        case draining
        /// The injector shuts down; then the loop ends with `status`, after `message` on stderr.
        case stopping(status: Int32, message: String?)
    }

    /// A session that types `payload` with `modifiers` held, `delayMs` between characters, the
    /// last key held `holdMs` before it is released.
    init(injector: Injector, payload: TypeCommand.Payload, modifiers: Set<Modifier>, delayMs: Int, holdMs: Int) {
        self.injector = injector
        self.modifiers = modifiers
        delay = Double(delayMs) / 1000
        hold = Double(holdMs) / 1000
        switch payload {
        case .key(let name):
            key = name
            text = nil
            pieces = []
        case .text(let text):
            key = nil
            self.text = text
            pieces = TypingSession.split(text, perCharacter: delayMs > 0 || holdMs > 0)
        }
    }

    /// Types everything; returns the exit status (128 + the signal when one stopped it).
    func run(signals: SignalWatcher) -> Int32 {
        signals.onSignal = { [unowned self] request in
            if case .stop(let signal) = request { self.stop(by: signal) }
        }
        loop.add(signals) // first: a pending signal stops the typing before the next piece
        loop.add(self)
        loop.add(injector.pongSource)
        let end = loop.run()
        loop.remove(injector.pongSource)
        loop.remove(self)
        signals.onSignal = nil
        if case .failed(let message) = end {
            injector.shutdown()
            printError("stackboard: \(message)")
            return 1
        }
        return loop.exitStatus ?? 1
    }

    // MARK: LoopSource

    var pollRequests: [PollRequest] { [] }

    var nextDeadline: Double? {
        switch phase {
        case .typing(let at): return injector.hasWaitingKeys ? injector.nextDeadline : at
        case .holding(let until): return injector.hasWaitingKeys ? injector.nextDeadline : until
        case .draining: return injector.nextDeadline
        case .stopping: return injector.shutdownDeadline ?? 0
        }
    }

    func dispatch(now: Double) {
        if case .stopping(let status, let message) = phase {
            guard injector.advanceShutdown(now: now) else { return }
            if let message { printError(message) }
            loop.stop(status)
            return
        }
        do throws(InjectorError) {
            if injector.hasWaitingKeys {
                // The keys of the last piece wait for the application: they go first.
                injector.expireIdle(now: now)
                try failIfDropped()
                if injector.hasWaitingKeys { return }
            }
            switch phase {
            case .typing(let at):
                guard at <= now else { return }
                try typeNext(now: now)
            case .holding(let until):
                guard until <= now else { return }
                injector.releaseAll()
                phase = .draining
            case .draining, .stopping:
                break
            }
            if phase == .draining { try drain(now: now) }
        } catch {
            stop(status: 1, message: "stackboard: \(error)", now: now)
        }
    }

    /// Throws the error that stopped keys which waited (they are not typed late).
    private func failIfDropped() throws(InjectorError) {
        guard let dropped = injector.takeDropped() else { return }
        if case .failed(let error) = dropped.reason { throw error }
        throw .xError(dropped.description)
    }

    /// Shuts the injector down in the loop, then ends it with `status`.
    private func stop(status: Int32, message: String?, now: Double) {
        if case .stopping = phase { return }
        injector.beginShutdown(now: now)
        phase = .stopping(status: status, message: message)
        dispatch(now: now)
    }

    /// Sends the key or the next piece of text; after the last, holds or drains.
    private func typeNext(now: Double) throws(InjectorError) {
        if let key {
            try injector.key(.keysym(key), modifiers: modifiers)
            phase = .draining
            return
        }
        guard next < pieces.count else {
            phase = hold > 0 ? .holding(until: now + hold) : .draining
            return
        }
        // One keymap change for every character of the text that is not in the keymap.
        if next == 0, let text { try injector.prepare(text, modifiers: modifiers) }
        let piece = pieces[next]
        next += 1
        let last = next == pieces.count
        if hold > 0 && last {
            try injector.typeAndHold(piece, modifiers: modifiers)
        } else {
            try injector.type(piece, modifiers: modifiers)
        }
        injector.expireIdle(now: MonotonicClock.now())
        try failIfDropped()
        if last {
            phase = hold > 0 ? .holding(until: MonotonicClock.now() + hold) : .draining
        } else {
            phase = .typing(at: delay > 0 ? MonotonicClock.now() + delay : now)
        }
    }

    /// Gives borrowed keycodes back as they fall idle (each once the application has handled
    /// its own keys: nothing more is typed); with none left, the run is over.
    private func drain(now: Double) throws(InjectorError) {
        injector.finishTyping()
        injector.expireIdle(now: MonotonicClock.now())
        try failIfDropped()
        if !toldAboutTheWait, let until = injector.giveBackWaitsForTimeUntil {
            toldAboutTheWait = true
            let seconds = until - MonotonicClock.now()
            if let line = TypingSession.waitNotice(seconds: seconds, keycodes: injector.borrowedCount) { printError(line) }
        }
        guard injector.nextDeadline == nil else { return }
        stop(status: 0, message: nil, now: now)
    }

    /// Releases everything, restores the keymap, and says why it stopped.
    private func stop(by signal: Int32) {
        let name = signal == SIGTERM ? "SIGTERM" : signal == SIGINT ? "SIGINT" : "SIGHUP"
        stop(status: 128 + signal, message: "stackboard: stopped by \(name): released every key and restored the keymap",
             now: MonotonicClock.now())
    }

    /// The text in pieces: one character each, or runs of 64 (signals are served between pieces).
    static func split(_ text: String, perCharacter: Bool) -> [String] {
        let size = perCharacter ? 1 : 64
        var pieces: [String] = []
        var current = ""
        var n = 0
        for c in text {
            current.append(c)
            n += 1
            if n == size { pieces.append(current); current = ""; n = 0 }
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }
}
