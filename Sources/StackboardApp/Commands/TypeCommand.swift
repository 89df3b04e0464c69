import StackboardCore
import StackboardSystem
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
        let session = TypingSession(injector: injector, payload: payload, modifiers: modifiers, delayMs: delayMs, holdMs: holdMs)
        return session.run(signals: watcher)
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
