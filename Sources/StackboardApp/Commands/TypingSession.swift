import StackboardCore
import StackboardSystem
import StackboardX11
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// One run of `stackboard type`, served by the event loop: sends the text in small pieces (the
/// signals are served between them), waits the delay between characters, keeps the last key
/// down for `--hold-ms`, then waits for borrowed keycodes to fall idle and restores the keymap.
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
        let end = loop.run()
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
        case .typing(let at): return at
        case .holding(let until): return until
        case .draining: return injector.nextDeadline
        }
    }

    func dispatch(now: Double) {
        do throws(InjectorError) {
            switch phase {
            case .typing(let at):
                guard at <= now else { return }
                try typeNext(now: now)
            case .holding(let until):
                guard until <= now else { return }
                injector.releaseAll()
                phase = .draining
            case .draining:
                break
            }
            if phase == .draining { drain(now: now) }
        } catch {
            injector.shutdown()
            printError("stackboard: \(error)")
            loop.stop(1)
        }
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
        if last {
            phase = hold > 0 ? .holding(until: MonotonicClock.now() + hold) : .draining
        } else {
            phase = .typing(at: delay > 0 ? MonotonicClock.now() + delay : now)
        }
    }

    /// Gives borrowed keycodes back as they fall idle (each once the application has handled
    /// its own keys: nothing more is typed); with none left, the run is over.
    private func drain(now: Double) {
        injector.finishTyping()
        injector.expireIdle(now: MonotonicClock.now())
        if !toldAboutTheWait, let until = injector.giveBackWaitsForTimeUntil {
            toldAboutTheWait = true
            let seconds = until - MonotonicClock.now()
            if let line = TypingSession.waitNotice(seconds: seconds, keycodes: injector.borrowedCount) { printError(line) }
        }
        guard injector.nextDeadline == nil else { return }
        injector.shutdown()
        loop.stop(0)
    }

    /// Releases everything, restores the keymap, and says why it stopped.
    private func stop(by signal: Int32) {
        injector.shutdown()
        let name = signal == SIGTERM ? "SIGTERM" : signal == SIGINT ? "SIGINT" : "SIGHUP"
        printError("stackboard: stopped by \(name): released every key and restored the keymap")
        loop.stop(128 + signal)
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
