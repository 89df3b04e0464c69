/// Why what is before the caret is no longer known.
public enum ContextReset: String, Sendable, CaseIterable {
    /// Another window became active.
    case windowChanged
    /// The user clicked or tapped outside the keyboard.
    case clickOutside
    /// A physical keyboard typed.
    case physicalKey
    /// The keyboard was hidden or its layout changed.
    case keyboardChanged
}
