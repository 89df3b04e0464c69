/// A fill and the label colour painted on it.
public struct KeyColors: Equatable, Hashable, Sendable {
    /// The key's fill.
    public var fill: Color
    /// The label's colour.
    public var label: Color
    /// A fill with a label colour.
    public init(fill: Color, label: Color) { self.fill = fill; self.label = label }
}

/// The colours of the entry field.
public struct FieldColors: Equatable, Hashable, Sendable {
    /// The field box and its text.
    public var normal: KeyColors
    /// The field box while it flashes for rejected input, and its text.
    public var flash: KeyColors
    /// The field's outline.
    public var outline: Color
    /// The outline while flashing.
    public var flashOutline: Color
    /// The prompt before the text.
    public var prompt: Color
    /// The placeholder shown while the field is empty.
    public var placeholder: Color
    /// The text cursor.
    public var cursor: Color
    /// Text not yet committed (a pending Morse code).
    public var pending: Color
    /// Field colours with every property given.
    public init(normal: KeyColors, flash: KeyColors, outline: Color, flashOutline: Color,
                prompt: Color, placeholder: Color, cursor: Color, pending: Color) {
        self.normal = normal; self.flash = flash; self.outline = outline; self.flashOutline = flashOutline
        self.prompt = prompt; self.placeholder = placeholder; self.cursor = cursor; self.pending = pending
    }
}

/// How the keyboard looks: colours, outlines, corners and the label font. Themes are JSON
/// files (docs/themes.md) that `ThemeCatalog` finds and `ThemeDecoder` reads; `Theme.light`
/// is also built in, for a keyboard that finds no theme files at all.
public struct Theme: Equatable, Hashable, Sendable {
    /// The theme's name: its file's name without `.json` (`light`, `dark`, `high-contrast`, or a
    /// user's own), or `light` for the one built into the program.
    public var name: String
    /// Behind and between the keys (blank keys too).
    public var background: Color
    /// Character keys.
    public var normal: KeyColors
    /// Function keys (shift, backspace, layer switches).
    public var function: KeyColors
    /// Accent keys (return, done).
    public var accent: KeyColors
    /// A key while it is held down.
    public var pressed: KeyColors
    /// A locked modifier (tapped twice): filled, with an underline bar in `latchedOutline`.
    public var locked: KeyColors
    /// The outline of a latched modifier (tapped once), and the underline bar of a locked one.
    public var latchedOutline: Color
    /// The width of the latched outline, in pixels at scale 1.
    public var latchedOutlineWidth: Double
    /// Every key's outline (ignored when `outlineWidth` is 0).
    public var outline: Color
    /// The outline width, in pixels at scale 1.
    public var outlineWidth: Double
    /// A shadow under each key's bottom edge (nil: none).
    public var shadow: Color?
    /// Corner radius of keys, in pixels at scale 1.
    public var cornerRadius: Double
    /// Switch-scanning highlight and the dwell progress ring.
    public var highlight: Color
    /// The alternates popup's bubble and its labels.
    public var popup: KeyColors
    /// The highlighted cell of the alternates popup.
    public var popupHighlight: KeyColors
    /// The Pango font family list for labels (`Sans`).
    public var fontFamily: String
    /// Bold labels.
    public var boldLabels: Bool
    /// The entry field.
    public var field: FieldColors

    /// A theme with every property given.
    public init(name: String, background: Color, normal: KeyColors, function: KeyColors, accent: KeyColors,
                pressed: KeyColors, locked: KeyColors, latchedOutline: Color, latchedOutlineWidth: Double,
                outline: Color, outlineWidth: Double, shadow: Color?, cornerRadius: Double, highlight: Color,
                popup: KeyColors, popupHighlight: KeyColors, fontFamily: String = "Sans", boldLabels: Bool,
                field: FieldColors) {
        self.name = name; self.background = background; self.normal = normal; self.function = function
        self.accent = accent; self.pressed = pressed; self.locked = locked; self.latchedOutline = latchedOutline
        self.latchedOutlineWidth = latchedOutlineWidth; self.outline = outline; self.outlineWidth = outlineWidth
        self.shadow = shadow; self.cornerRadius = cornerRadius; self.highlight = highlight; self.popup = popup
        self.popupHighlight = popupHighlight; self.fontFamily = fontFamily; self.boldLabels = boldLabels
        self.field = field
    }

    /// The colours of a key of `style` at rest (blank keys: the background).
    public func colors(for style: KeyStyle) -> KeyColors {
        switch style {
        case .normal: return normal
        case .function: return function
        case .accent: return accent
        case .blank: return KeyColors(fill: background, label: background)
        }
    }
}
