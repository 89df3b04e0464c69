import StackboardCore

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

/// How the keyboard looks: colours, outlines, corners and the label font.
public struct Theme: Equatable, Hashable, Sendable {
    /// The theme's name (`light`, `dark`, `high-contrast`).
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

    /// The names of the built-in themes.
    public static let allNames = BuiltInThemes.names

    /// The built-in theme called `name`, nil when there is none.
    public static func named(_ name: String) -> Theme? {
        switch name.lowercased() {
        case "light": return .light
        case "dark": return .dark
        case "high-contrast", "highcontrast", "high_contrast": return .highContrast
        default: return nil
        }
    }

    /// Light grey keyboard with white keys.
    public static let light = Theme(
        name: "light",
        background: Color(hex: 0xD3D7DD),
        normal: KeyColors(fill: Color(hex: 0xFFFFFF), label: Color(hex: 0x1C1F24)),
        function: KeyColors(fill: Color(hex: 0xAEB5BF), label: Color(hex: 0x1C1F24)),
        accent: KeyColors(fill: Color(hex: 0x1D4ED8), label: Color(hex: 0xFFFFFF)),
        pressed: KeyColors(fill: Color(hex: 0x5D6572), label: Color(hex: 0xFFFFFF)),
        locked: KeyColors(fill: Color(hex: 0xC7D7FE), label: Color(hex: 0x0B2370)),
        latchedOutline: Color(hex: 0x1D4ED8), latchedOutlineWidth: 3,
        outline: Color(hex: 0x9AA1AB), outlineWidth: 0,
        shadow: Color(hex: 0x8A929E), cornerRadius: 7,
        highlight: Color(hex: 0xE8590C),
        popup: KeyColors(fill: Color(hex: 0xFFFFFF), label: Color(hex: 0x1C1F24)),
        popupHighlight: KeyColors(fill: Color(hex: 0x1D4ED8), label: Color(hex: 0xFFFFFF)),
        boldLabels: false,
        field: FieldColors(
            normal: KeyColors(fill: Color(hex: 0xFFFFFF), label: Color(hex: 0x1C1F24)),
            flash: KeyColors(fill: Color(hex: 0xFEE2E2), label: Color(hex: 0x7F1D1D)),
            outline: Color(hex: 0x8C94A0), flashOutline: Color(hex: 0xDC2626),
            prompt: Color(hex: 0x4B5563), placeholder: Color(hex: 0x6B7280),
            cursor: Color(hex: 0x1D4ED8), pending: Color(hex: 0x1D4ED8)))

    /// Dark keyboard with grey keys.
    public static let dark = Theme(
        name: "dark",
        background: Color(hex: 0x16181B),
        normal: KeyColors(fill: Color(hex: 0x3B3F45), label: Color(hex: 0xF2F4F7)),
        function: KeyColors(fill: Color(hex: 0x282B30), label: Color(hex: 0xD9DDE3)),
        accent: KeyColors(fill: Color(hex: 0x2563EB), label: Color(hex: 0xFFFFFF)),
        pressed: KeyColors(fill: Color(hex: 0x6B727C), label: Color(hex: 0xFFFFFF)),
        locked: KeyColors(fill: Color(hex: 0x1E3A8A), label: Color(hex: 0xFFFFFF)),
        latchedOutline: Color(hex: 0x60A5FA), latchedOutlineWidth: 3,
        outline: Color(hex: 0x4B5058), outlineWidth: 0,
        shadow: Color(hex: 0x000000), cornerRadius: 7,
        highlight: Color(hex: 0xFBBF24),
        popup: KeyColors(fill: Color(hex: 0x4A4F56), label: Color(hex: 0xF2F4F7)),
        popupHighlight: KeyColors(fill: Color(hex: 0x2563EB), label: Color(hex: 0xFFFFFF)),
        boldLabels: false,
        field: FieldColors(
            normal: KeyColors(fill: Color(hex: 0x0E0F11), label: Color(hex: 0xF2F4F7)),
            flash: KeyColors(fill: Color(hex: 0x5C1414), label: Color(hex: 0xFFFFFF)),
            outline: Color(hex: 0x5B616A), flashOutline: Color(hex: 0xF87171),
            prompt: Color(hex: 0xAEB4BD), placeholder: Color(hex: 0x8B929C),
            cursor: Color(hex: 0x60A5FA), pending: Color(hex: 0x93C5FD)))

    /// Black, white and yellow for low vision: thick outlines, bold labels, contrast of 7:1 or more.
    public static let highContrast = Theme(
        name: "high-contrast",
        background: Color(hex: 0x000000),
        normal: KeyColors(fill: Color(hex: 0x000000), label: Color(hex: 0xFFFFFF)),
        function: KeyColors(fill: Color(hex: 0x262626), label: Color(hex: 0xFFFFFF)),
        accent: KeyColors(fill: Color(hex: 0xFFE600), label: Color(hex: 0x000000)),
        pressed: KeyColors(fill: Color(hex: 0xFFFFFF), label: Color(hex: 0x000000)),
        locked: KeyColors(fill: Color(hex: 0xFFE600), label: Color(hex: 0x000000)),
        latchedOutline: Color(hex: 0xFFE600), latchedOutlineWidth: 5,
        outline: Color(hex: 0xFFFFFF), outlineWidth: 3,
        shadow: nil, cornerRadius: 6,
        highlight: Color(hex: 0x00E5FF),
        popup: KeyColors(fill: Color(hex: 0x000000), label: Color(hex: 0xFFFFFF)),
        popupHighlight: KeyColors(fill: Color(hex: 0xFFE600), label: Color(hex: 0x000000)),
        boldLabels: true,
        field: FieldColors(
            normal: KeyColors(fill: Color(hex: 0x000000), label: Color(hex: 0xFFFFFF)),
            flash: KeyColors(fill: Color(hex: 0xFFFFFF), label: Color(hex: 0x000000)),
            outline: Color(hex: 0xFFFFFF), flashOutline: Color(hex: 0xFF3B3B),
            prompt: Color(hex: 0xFFE600), placeholder: Color(hex: 0xBFBFBF),
            cursor: Color(hex: 0xFFE600), pending: Color(hex: 0x00E5FF)))
}
