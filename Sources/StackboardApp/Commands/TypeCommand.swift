import StackboardCore
import StackboardX11
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `stackboard type`: types text (or one named key) into the focused window through XTest.
enum TypeCommand {
    static let command = Command(name: "type", summary: "type text or a key into the focused window (like xdotool type)") { args in
        run(args)
    }

    static let help = """
        Usage: stackboard type [OPTIONS] TEXT...
               stackboard type [OPTIONS] --file FILE
               stackboard type [OPTIONS] --key NAME

        Types into the window that has the keyboard focus, exactly, on any keyboard layout and
        group, with Caps Lock on or off. Characters that are not in the keymap go through a
        borrowed empty keycode that is restored before stackboard exits. The words of TEXT are
        joined with single spaces; put '--' before text that starts with a dash.

        Options:
        \(SettingsHelp.options(for: .type))

        SIGTERM, SIGINT or SIGHUP stop typing: every key is released and the keymap restored.
        Exit status: 0 typed, 1 X error or stopped by a signal, 2 usage error.
        """

    /// What to send.
    enum Payload {
        case text(String)
        case key(String)
    }

    static func run(_ words: [String]) -> Int32 {
        let args: Arguments
        let payload: Payload
        let modifiers: Set<Modifier>
        let delayMs, keepMs, holdMs: Int
        do throws(UsageError) {
            args = try Arguments(words, command: .type)
            if args.help { print(help); return 0 }
            let values = args.settings()
            delayMs = values.int(.typeDelay)
            keepMs = values.int(.keepMs)
            holdMs = values.int(.holdMs)
            modifiers = Set((values.names(.modifiers) ?? []).compactMap(Modifier.init(rawValue:)))
            payload = try readPayload(args)
        } catch {
            return fail(error)
        } 
        if case .text(let text) = payload {
            do throws(InjectorError) { try Injector.validate(text) } catch { printError("stackboard: \(error)"); return 1 }
        }

        let watcher: SignalWatcher
        do { watcher = try SignalWatcher() } catch { printError("stackboard: \(error)"); return 1 }
        let injector: Injector
        do {
            injector = try Injector(displayName: args.value("display"), idleRestoreSeconds: Double(keepMs) / 1000)
        } catch {
            printError("stackboard: \(error)")
            return 1
        }
        let session = TypingSession(injector: injector, watcher: watcher)
        return session.run(payload, modifiers: modifiers, delayMs: delayMs, holdMs: holdMs)
    }

    static func readPayload(_ args: Arguments) throws(UsageError) -> Payload {
        let sources = [!args.positional.isEmpty, args.value("file") != nil, args.value("key") != nil].filter { $0 }.count
        guard sources == 1 else {
            throw UsageError(sources == 0
                ? "Nothing to type: give TEXT, --file FILE or --key NAME (see 'stackboard type --help')."
                : "Give only one of TEXT, --file FILE and --key NAME.")
        }
        if let name = args.value("key") {
            guard Injector.isKnownKeyName(name) else {
                throw UsageError("Unknown key name '\(name)': use an X keysym name such as Return, F1, Print or XF86AudioMute.")
            }
            return .key(name)
        }
        if let path = args.value("file") {
            guard let bytes = FileInput.read(path) else {
                throw UsageError(path == "-" ? "Cannot read standard input."
                                 : "Cannot read '\(path)': check that the file exists and is readable.")
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw UsageError("'\(path == "-" ? "standard input" : path)' is not UTF-8 text.")
            }
            return .text(text)
        }
        return .text(args.positional.joined(separator: " "))
    }
}

/// One run of `stackboard type`: sends the text in small pieces, checking for signals between
/// them, then waits for borrowed keycodes to fall idle and restores the keymap.
struct TypingSession {
    let injector: Injector
    let watcher: SignalWatcher

    func run(_ payload: TypeCommand.Payload, modifiers: Set<Modifier>, delayMs: Int, holdMs: Int) -> Int32 {
        do {
            switch payload {
            case .key(let name):
                try injector.key(.keysym(name), modifiers: modifiers)
            case .text(let text):
                let pieces = split(text, perCharacter: delayMs > 0 || holdMs > 0)
                for (i, piece) in pieces.enumerated() {
                    if let sig = pendingStop() { return stop(sig) }
                    if holdMs > 0 && i == pieces.count - 1 {
                        try injector.typeAndHold(piece, modifiers: modifiers)
                    } else {
                        try injector.type(piece, modifiers: modifiers)
                    }
                    if delayMs > 0 && i < pieces.count - 1, let sig = wait(ms: delayMs) { return stop(sig) }
                    injector.expireIdle(now: Injector.monotonicSeconds())
                }
            }
            if holdMs > 0 {
                if let sig = wait(ms: holdMs) { return stop(sig) }
                injector.releaseAll()
            }
            while let deadline = injector.nextDeadline {
                let ms = max(0, Int(((deadline - Injector.monotonicSeconds()) * 1000).rounded(.up)))
                if let sig = wait(ms: ms) { return stop(sig) }
                injector.expireIdle(now: Injector.monotonicSeconds())
            }
            injector.shutdown()
            return 0
        } catch {
            injector.shutdown()
            printError("stackboard: \(error)")
            return 1
        }
    }

    /// The text in pieces: one character each, or runs of 64 (signals are checked between pieces).
    private func split(_ text: String, perCharacter: Bool) -> [String] {
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

    /// A pending SIGTERM, SIGINT or SIGHUP (SIGUSR1/2 are ignored here).
    private func pendingStop() -> Int32? {
        watcher.drain().first { $0 == SIGTERM || $0 == SIGINT || $0 == SIGHUP }
    }

    /// Waits `ms` milliseconds, or until a stopping signal arrives (returned).
    private func wait(ms: Int) -> Int32? {
        let end = Injector.monotonicSeconds() + Double(ms) / 1000
        while true {
            if let sig = pendingStop() { return sig }
            let left = Int(((end - Injector.monotonicSeconds()) * 1000).rounded(.up))
            if left <= 0 { return nil }
            var pfd = pollfd(fd: watcher.fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&pfd, 1, Int32(min(left, 1_000_000)))
        }
    }

    /// Releases everything, restores the keymap, and says why it stopped.
    private func stop(_ sig: Int32) -> Int32 {
        injector.shutdown()
        let name = sig == SIGTERM ? "SIGTERM" : sig == SIGINT ? "SIGINT" : "SIGHUP"
        printError("stackboard: stopped by \(name): released every key and restored the keymap")
        return 128 + sig
    }
}
