import StackboardCore

/// How one key looks right now (the app fills it from the keyboard state).
public struct KeyPaintState: Equatable, Hashable, Sendable {
    /// Held down by a pointer.
    public var pressed: Bool
    /// A modifier tapped once: applies to the next key.
    public var latched: Bool
    /// A modifier tapped twice: stays on.
    public var locked: Bool
    /// Dwell progress from 0 to 1 while the pointer rests on the key (nil: not dwelling).
    public var dwellProgress: Double?
    /// Highlighted by switch scanning.
    public var scanHighlighted: Bool
    /// Shows its shifted label (per key: caps lock shifts letters only).
    public var shifted: Bool

    /// A state; every property defaults to off.
    public init(pressed: Bool = false, latched: Bool = false, locked: Bool = false,
                dwellProgress: Double? = nil, scanHighlighted: Bool = false, shifted: Bool = false) {
        self.shifted = shifted
        self.pressed = pressed
        self.latched = latched
        self.locked = locked
        self.dwellProgress = dwellProgress
        self.scanHighlighted = scanHighlighted
    }

    /// A key at rest.
    public static let idle = KeyPaintState()
}

/// The long-press alternates popup: one cell per option at the given frames.
public struct AlternatesPaint: Equatable, Hashable, Sendable {
    /// The key whose alternates these are.
    public var keyIndex: Int
    /// The labels of the options.
    public var options: [String]
    /// Each option's cell, in the keyboard window's pixels (y may be negative: above the window).
    public var frames: [Rect]
    /// The option under the pointer.
    public var highlighted: Int?

    /// A popup with every property given.
    public init(keyIndex: Int, options: [String], frames: [Rect], highlighted: Int? = nil) {
        self.keyIndex = keyIndex
        self.options = options
        self.frames = frames
        self.highlighted = highlighted
    }
}

/// What the entry field shows.
public struct FieldPaint: Equatable, Hashable, Sendable {
    /// A prompt before the text (`PIN:`), nil for none.
    public var prompt: String?
    /// The text as shown (already masked by the caller when the field is secure).
    public var text: String
    /// The cursor position, in Characters (grapheme clusters) of `text`.
    public var cursorIndex: Int
    /// Show the rejected-input cue (the field flashes).
    public var flash: Bool
    /// Shown dimmed while `text` is empty.
    public var placeholder: String?
    /// Text not yet committed, shown at the cursor (a pending Morse code such as `.-`).
    public var pending: String?

    /// A field with every property given.
    public init(prompt: String? = nil, text: String, cursorIndex: Int, flash: Bool = false,
                placeholder: String? = nil, pending: String? = nil) {
        self.prompt = prompt
        self.text = text
        self.cursorIndex = cursorIndex
        self.flash = flash
        self.placeholder = placeholder
        self.pending = pending
    }
}
