import StackboardCore
import StackboardRuntime

/// The keypad's engine for the 2-set Hangul layout: jamo keys compose syllables
/// (`HangulComposer`); the syllable being composed is the bar's first slot (a tap types it as
/// it is), and is typed as soon as the next tap completes it. Backspace takes back one jamo.
/// Nothing is learned, so a secret field composes as any other.
public final class HangulWords: KeypadWords {
    private var composer = HangulComposer()

    /// An engine with nothing composed.
    public init() {}

    /// A jamo composes; anything else types what was composed, then itself.
    public func typing(_ text: String) -> KeypadEdit {
        if text.count == 1, let c = text.first, Jamo.isJamo(c) {
            return KeypadEdit(text: composer.tap(c))
        }
        return KeypadEdit(text: composer.flush() + text)
    }

    /// One jamo back while composing, else one character.
    public func deletingBackward() -> KeypadEdit {
        composer.backspace() ? KeypadEdit(text: "") : KeypadEdit(deleteCount: 1, text: "")
    }

    /// The syllable being composed, typed before another key.
    public func endingComposition() -> KeypadEdit? {
        composer.isComposing ? KeypadEdit(text: composer.flush()) : nil
    }

    /// A named key (its composition was typed before it by `endingComposition`).
    public func sending(_ key: NamedKey) { _ = composer.flush() }
    /// The composition is dropped: the caret is no longer where it was.
    public func contextLost() { _ = composer.flush() }
    /// Another window or layout drops the composition; a click elsewhere or a physical key keeps
    /// it (it is the keyboard's own, not in the field: it goes where the caret is when typed).
    public func reset(_ reason: ContextReset) {
        if ComposeEngines.dropsComposition(reason) { _ = composer.flush() }
    }
    /// Nothing is learned or kept past the syllable: a secret composes the same way.
    public func setSecure(_ on: Bool) {}
    /// Slot 0 types the syllable being composed.
    public func accepting(slot: Int) -> KeypadEdit? {
        guard slot == 0, composer.isComposing else { return nil }
        return KeypadEdit(text: composer.flush())
    }
    /// The syllable being composed, alone on the bar.
    public func suggestions() -> [String] { composer.isComposing ? [composer.composing] : [] }
    /// Never locked.
    public var isLocked: Bool { false }
}
