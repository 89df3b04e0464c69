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
               stackboard type --restore-keymap [--display NAME]

        Types into the window that has the keyboard focus, exactly, on any keyboard layout and
        group, with Caps Lock on or off. Characters that are not in the keymap go on borrowed
        empty keycodes (up to four characters each), shared with every other Stackboard process
        on the display, and restored before stackboard exits, once the application has handled
        its keys: it answered a _NET_WM_PING, or (an application that does not answer pings)
        it has had --slow-app-ms per key. The words of TEXT are joined with single spaces; put
        '--' before text that starts with a dash.

        Options:
          --file FILE        type the contents of FILE (UTF-8); '-' reads standard input
          --key NAME         send one named key instead of text: an X keysym name such as
                             Return, Tab, BackSpace, Left, F1, Print or XF86AudioMute
          --modifiers LIST   hold these modifiers around the text or key: a comma-separated
                             list of shift, ctrl, alt, super, altgr (e.g. --modifiers ctrl)
          --delay MS         wait MS milliseconds between characters (default 0)
          --keep-ms MS       before exiting, keep borrowed keycodes mapped until they have been
                             idle this long as well (default 0)
          --slow-app-ms MS   how long an application that does not answer _NET_WM_PING may take
                             per key event before the keymap is changed again (default 200;
                             0 trusts it to keep up)
          --restore-keymap   type nothing: restore the keycodes that Stackboard processes which
                             are gone (killed, crashed) left borrowed, then exit (for a session
                             script; every Stackboard command that types does it first anyway)
          --display NAME     the X display (default: $DISPLAY)
          --hold-ms MS       test aid: keep the last key and the modifiers down MS milliseconds
                             before releasing them

        SIGTERM, SIGINT or SIGHUP stop typing: every key is released and the keymap restored.
        Exit status: 0 typed, 1 X error or stopped by a signal, 2 usage error.
        """

    static let spec = OptionSpec(valued: ["file", "key", "modifiers", "delay", "keep-ms", "slow-app-ms", "display", "hold-ms"],
                                 flags: ["help", "restore-keymap"])

    /// What to send.
    enum Payload {
        case text(String)
        case key(String)
    }

    static func run(_ words: [String]) -> Int32 {
        let args: Arguments
        let payload: Payload
        let modifiers: Set<Modifier>
        let delayMs, keepMs, holdMs, slowMs: Int
        do throws(UsageError) {
            args = try Arguments(words, spec: spec)
            if args.flag("help") { print(help); return 0 }
            if args.flag("restore-keymap") { return try restoreKeymap(args) }
            delayMs = try args.int("delay", in: 0...600_000) ?? 0
            keepMs = try args.int("keep-ms", in: 0...600_000) ?? 0
            holdMs = try args.int("hold-ms", in: 0...600_000) ?? 0
            slowMs = try args.int("slow-app-ms", in: 0...60_000) ?? 200
            modifiers = try parseModifiers(args.value("modifiers"))
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
        injector.slowApplicationSeconds = Double(slowMs) / 1000
        injector.keycodeWaitSeconds = 60
        let session = TypingSession(injector: injector, watcher: watcher)
        return session.run(payload, modifiers: modifiers, delayMs: delayMs, holdMs: holdMs)
    }

    /// `--restore-keymap`: opening an injector restores what processes that are gone left
    /// borrowed; nothing else may be asked for.
    static func restoreKeymap(_ args: Arguments) throws(UsageError) -> Int32 {
        let others = ["file", "key", "modifiers", "delay", "keep-ms", "slow-app-ms", "hold-ms"].filter { args.value($0) != nil }
        guard args.positional.isEmpty, others.isEmpty else {
            throw UsageError("--restore-keymap types nothing: give it no TEXT and no other option than --display.")
        }
        do {
            let injector = try Injector(displayName: args.value("display"))
            let restored = injector.restoredAtStart
            injector.shutdown()
            if restored > 0 {
                printError("stackboard: restored \(restored) keycode\(restored == 1 ? "" : "s") that Stackboard processes which are gone had borrowed")
            }
            return 0
        } catch {
            printError("stackboard: \(error)")
            return 1
        }
    }

    static func parseModifiers(_ list: String?) throws(UsageError) -> Set<Modifier> {
        guard let list, !list.isEmpty else { return [] }
        var out = Set<Modifier>()
        for word in list.split(separator: ",").map({ String($0.filter { $0 != " " }).lowercased() }) {
            guard let m = Modifier(rawValue: word) else {
                throw UsageError("Unknown modifier '\(word)' in --modifiers: use a comma-separated list of "
                                 + Modifier.allCases.map(\.rawValue).joined(separator: ", ") + ".")
            }
            out.insert(m)
        }
        return out
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
                try injector.prepare(text, modifiers: modifiers)
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
