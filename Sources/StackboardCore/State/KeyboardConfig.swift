/// What the keys act on.
public enum KeyboardMode: Sendable {
    /// Keys type into the focused application (`.type` and `.key` effects).
    case typing
    /// Keys edit the keyboard's own text field (`.edit`, `.done` and `.cancel` effects).
    case entry
}

/// Behaviour settings of the keyboard state machine. All times are in seconds.
public struct KeyboardConfig: Sendable, Equatable {
    /// Typing into other applications, or editing the entry field.
    public var mode: KeyboardMode = .typing
    /// Repeat, long press, dwell and scanning times.
    public var timing: KeyTiming = KeyTiming()
    /// What the decimal key types (the locale's separator).
    public var decimalSeparator: String = "."
    /// Shows the label of a pressed character key enlarged above it (never in secure entry).
    public var keyPreview: Bool = false
    /// Sliding from a letter through other letters types a word, on layouts with a suggestion
    /// bar once a word list is there (`KeyboardState.setSwipeReady`); never in secure entry.
    public var swipe: Bool = false
    /// A long press on a space bar without alternates makes it a trackpad that moves the caret
    /// (`CaretTrackpad`) instead of repeating the space.
    public var spaceTrackpad: Bool = false

    /// A configuration with every property given (all optional).
    public init(mode: KeyboardMode = .typing, timing: KeyTiming = KeyTiming(), decimalSeparator: String = ".",
                keyPreview: Bool = false, swipe: Bool = false, spaceTrackpad: Bool = false) {
        self.mode = mode
        self.timing = timing
        self.decimalSeparator = decimalSeparator
        self.keyPreview = keyPreview
        self.swipe = swipe
        self.spaceTrackpad = spaceTrackpad
    }
}
