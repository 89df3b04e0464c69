import StackboardCore
import StackboardSystem
import StackboardX11

/// `stackboard type`: types text (or one named key) into the focused window through XTest.
enum TypeCommand {
    static let command = Command(.type, summary: "type text or a key into the focused window (like xdotool type)", help: help, run)

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
        it has had --slow-app-ms per key event (a wait of 2 s or more is told on stderr). The
        words of TEXT are joined with single spaces; put '--' before text that starts with a dash.

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

    static func run(_ args: Arguments) throws(UsageError) -> Int32 {
        let values = args.settings()
        if values.bool(.restoreKeymap) { return try restoreKeymap(args) }
        let delayMs = values.int(.typeDelay)
        let keepMs = values.int(.keepMs)
        let holdMs = values.int(.holdMs)
        let slowMs = values.int(.slowAppMs)
        let modifiers = Set((values.names(.modifiers) ?? []).compactMap(Modifier.init(rawValue:)))
        let payload = try readPayload(args)
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
        injector.confirmsKeymapBeforeKeys = true
        let session = TypingSession(injector: injector, payload: payload, modifiers: modifiers, delayMs: delayMs, holdMs: holdMs)
        return session.run(signals: watcher)
    }

    /// `--restore-keymap`: opening an injector restores what processes that are gone left
    /// borrowed; nothing else may be asked for.
    static func restoreKeymap(_ args: Arguments) throws(UsageError) -> Int32 {
        let others = args.given.keys.filter { $0 != .restoreKeymap && $0 != .display }
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
