import StackboardCore
import StackboardRuntime
import StackboardSystem
import StackboardX11

/// The key of a tap, sent the moment the release arrives. While one pointer is down on a key
/// that will type one character of the keymap, the keypad says so (`ReleaseAhead`), the
/// injector plans the key and the window is told to fire it on that release, before the event
/// goes anywhere else. The release then runs its usual course; when it asks for the same text,
/// the key is not sent again. Any change of the keypad's state or the keymap withdraws it.
extension KeyboardController {
    func keypad(_ keypad: KeypadRuntime, releaseAhead ahead: ReleaseAhead?) -> Bool {
        guard let ahead, typer.armKey(ahead.text) else {
            typer.disarmKey()
            _ = window.setReleaseTrigger(nil)
            return false
        }
        let trigger = ReleaseTrigger(pointer: ahead.pointer, point: ahead.point, until: ahead.until) { [weak self] in
            guard let self, self.typer.sendArmedKey() else { return }
            self.sentAhead = ahead.text
        }
        guard window.setReleaseTrigger(trigger) else {
            typer.disarmKey()
            return false
        }
        return true
    }

    /// Whether typing `text` with `modifiers` is the key already sent ahead (used up then).
    func tookSentAhead(_ text: String, modifiers: Set<Modifier>) -> Bool {
        guard let ahead = sentAhead else { return false }
        sentAhead = nil
        if ahead == text, modifiers.isEmpty { return true }
        Self.reportUnusedSentAhead()
        return false
    }

    /// After an input: a key sent ahead that the keypad did not type is a fault of the
    /// prediction, said once per occurrence (never with the text).
    func sentAheadUnused() {
        guard sentAhead != nil else { return }
        sentAhead = nil
        Self.reportUnusedSentAhead()
    }

    private static func reportUnusedSentAhead() {
        printError("stackboard: a key was sent at a release that then typed something else; please report this")
    }
}
