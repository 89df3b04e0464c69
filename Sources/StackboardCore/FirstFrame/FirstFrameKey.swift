/// The key of a cached first frame: a digest of everything that changes the keyboard's first
/// picture. The keyboard paints its first frame from a cached image only when the key it
/// computes at start equals the one stored with the image, so everything that decides a pixel
/// must be fed here (program build, fonts, screen format, size, theme, scale, every key's frame,
/// label, style and state, the suggestion bar's words): a missing ingredient would show a stale
/// keyboard, an extra one only costs a cache miss.
///
/// The keypad part (`addPaintList`) feeds what the painter reads, so it does not matter where a
/// layout came from (a file, an XKB map, a word engine's bar): the same keys painted the same
/// way give the same key.
public struct FirstFrameKey: Sendable {
    private var hasher = StableHasher()
    /// The ingredients' names, in order (for tests and `--debug` style listings; no values).
    public private(set) var ingredients: [String] = []

    /// An empty key (format version included).
    public init() {
        add("format", Self.formatVersion)
    }

    /// Bumped whenever the meaning of an ingredient or the painting changes in a way the program
    /// build would not show (it is also in the file header).
    public static let formatVersion = 1

    /// Adds a named text ingredient.
    public mutating func add(_ name: String, _ value: String) {
        note(name)
        hasher.combine(value)
    }

    /// Adds a named number.
    public mutating func add(_ name: String, _ value: Int) {
        note(name)
        hasher.combine(value)
    }

    /// Adds a named floating-point number (by its bits).
    public mutating func add(_ name: String, _ value: Double) {
        note(name)
        hasher.combine(value)
    }

    /// Adds a named digest (computed elsewhere, such as the fonts' stamp).
    public mutating func add(_ name: String, _ value: FrameDigest) {
        note(name)
        hasher.combine(value.high)
        hasher.combine(value.low)
    }

    /// Adds an ingredient fed by `body` into the hasher directly.
    public mutating func add(_ name: String, _ body: (inout StableHasher) -> Void) {
        note(name)
        body(&hasher)
    }

    /// Adds the keypad as the painter sees it: the surface size, then every placed key of
    /// `geometry` with its frame, style, labels, action and its visual (from `visual`, which must
    /// be what the painter is given), and the pending Morse code.
    public mutating func addPaintList(geometry: KeyboardGeometry, visual: (Int) -> KeyVisual, pendingMorse: String?) {
        note("keys")
        hasher.combine(geometry.size.width)
        hasher.combine(geometry.size.height)
        hasher.combine(geometry.keys.count)
        for placed in geometry.keys {
            hasher.combine(placed.index)
            hasher.combine(placed.frame)
            Self.feed(placed.key, into: &hasher)
            Self.feed(visual(placed.index), into: &hasher)
        }
        hasher.combine(pendingMorse)
    }

    /// The key's digest.
    public var digest: FrameDigest { hasher.digest }

    private mutating func note(_ name: String) {
        ingredients.append(name)
        hasher.combine(name)
    }

    /// Every stored property of a key except its alternates (only shown in the popup) and
    /// whether it repeats: `Key` has 7 (FirstFrameKeyTests counts them).
    static func feed(_ key: Key, into hasher: inout StableHasher) {
        hasher.combine(key.label)
        hasher.combine(key.shiftedLabel)
        feed(key.action, into: &hasher)
        hasher.combine(key.weight)
        hasher.combine(key.style.rawValue)
        // A key's first alternate is painted as its hint.
        hasher.combine(key.alternates.first?.label)
        hasher.combine(key.alternates.first?.shiftedLabel)
    }

    /// An action by its name and payload (the painter tells suggestion slots and Morse gaps
    /// apart; the rest is fed so that any change of a key is a change of the key).
    static func feed(_ action: Action, into hasher: inout StableHasher) {
        hasher.combine(action.name)
        switch action {
        case .text(let text), .key(.keysym(let text)), .layer(let text): hasher.combine(text)
        case .multiply(let n), .suggestion(let n): hasher.combine(n)
        case .shortcut(let chord): hasher.combine(chord.description)
        default: break // the name says it all (modifiers are named by their modifier)
        }
    }

    /// Every stored property of a visual (`KeyVisual` has 7; FirstFrameKeyTests counts them).
    static func feed(_ visual: KeyVisual, into hasher: inout StableHasher) {
        hasher.combine(visual.pressed)
        hasher.combine(visual.latched)
        hasher.combine(visual.locked)
        hasher.combine(visual.dwellProgress ?? -1)
        hasher.combine(visual.scanHighlighted)
        hasher.combine(visual.scanBack)
        hasher.combine(visual.shifted)
        hasher.combine(visual.label)
    }
}
