import StackboardCore

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
