import StackboardCore
import StackboardX11
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

extension KeyboardApp {
    /// Carries out the state machine's effects: the one place where anything happens.
    func perform(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .type(let text, let modifiers):
                if options.print { printLine(PrintedKey.line(text: text, modifiers: modifiers)) }
                typing { () throws(InjectorError) in try injector.type(text, modifiers: modifiers) }
            case .key(let key, let modifiers):
                if options.print { printLine(PrintedKey.line(key: key, modifiers: modifiers)) }
                typing { () throws(InjectorError) in try injector.key(key, modifiers: modifiers) }
            case .edit, .done, .cancel:
                break // entry mode (`stackboard entry`) only; the typing keyboard never gets these
            case .click(let kind):
                clicks.play(kind)
            case .redraw(let keys):
                dirtyKeys.formUnion(keys)
            case .redrawAll:
                dirtyAll = true
            case .showAlternates, .redrawAlternates:
                popupDirty = true
            case .hideAlternates:
                popupDirty = false
                window.hidePopup()
            case .hide:
                hideKeyboard()
            case .nextLayout:
                nextLayout()
            }
        }
    }

    /// Runs an injector call; a failure is reported once (never with the text), typing goes on.
    private func typing(_ send: () throws(InjectorError) -> Void) {
        // A scan switch key stays grabbed from everyone but the keyboard's own typing.
        window.suspendScanSwitchGrab()
        defer { window.resumeScanSwitchGrab() }
        do {
            try send()
            lastTypingError = nil
        } catch {
            if error != lastTypingError { printError("stackboard: cannot type: \(error.description)") }
            lastTypingError = error
        }
    }

    /// Writes one line to stdout and flushes it (`--print`: the user asked for it).
    private func printLine(_ line: String) {
        fputs(line + "\n", stdout)
        fflush(stdout)
    }
}
