import StackboardCore
/// One accessible object on the accessibility bus: the application's bus name and the object path.
public struct AccessibleID: Hashable, Sendable, CustomStringConvertible {
    /// The unique bus name of the application that owns it (`:1.42`).
    public var busName: String
    /// Its object path in that application (`/org/a11y/atspi/accessible/12`).
    public var path: String
    /// An accessible of `busName` at `path`.
    public init(busName: String, path: String) { self.busName = busName; self.path = path }
    /// `busName:path`.
    public var description: String { "\(busName)\(path)" }
}

/// An AT-SPI role (`AtspiRole`, at-spi2-core's atspi-constants.h): the kind of widget.
public struct AccessibleRole: RawRepresentable, Hashable, Sendable {
    /// The number AT-SPI sends (`GetRole`).
    public var rawValue: UInt32
    /// A role from its AT-SPI number.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// ATSPI_ROLE_INVALID: nothing known (a reply that did not come).
    public static let invalid = AccessibleRole(rawValue: 0)
    /// ATSPI_ROLE_FRAME: a top-level window.
    public static let frame = AccessibleRole(rawValue: 23)
    /// ATSPI_ROLE_PASSWORD_TEXT: GTK's entry with visibility off, HTML's `type=password`.
    public static let passwordText = AccessibleRole(rawValue: 40)
    /// ATSPI_ROLE_PUSH_BUTTON.
    public static let pushButton = AccessibleRole(rawValue: 43)
    /// ATSPI_ROLE_SPIN_BUTTON: GTK's spin button, HTML's `type=number`.
    public static let spinButton = AccessibleRole(rawValue: 52)
    /// ATSPI_ROLE_TERMINAL: a terminal emulator's screen.
    public static let terminal = AccessibleRole(rawValue: 60)
    /// ATSPI_ROLE_TEXT: GTK 3's GtkEntry and GtkTextView.
    public static let text = AccessibleRole(rawValue: 61)
    /// ATSPI_ROLE_PARAGRAPH: a paragraph (editable in a contenteditable document).
    public static let paragraph = AccessibleRole(rawValue: 73)
    /// ATSPI_ROLE_ENTRY: Chromium's `<input>` and `<textarea>`.
    public static let entry = AccessibleRole(rawValue: 79)
    /// ATSPI_ROLE_DOCUMENT_FRAME.
    public static let documentFrame = AccessibleRole(rawValue: 82)
    /// ATSPI_ROLE_DOCUMENT_WEB: a web page (Chromium focuses it when a page loads).
    public static let documentWeb = AccessibleRole(rawValue: 95)
}

/// AT-SPI states (`AtspiStateType`): bit N set when state N holds (`GetState` sends two 32-bit words).
public struct AccessibleStates: OptionSet, Hashable, Sendable {
    /// Bit N is state N.
    public var rawValue: UInt64
    /// States from their bits.
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    /// States from the two words of `GetState` (low word first).
    public init(words: [UInt32]) {
        var bits: UInt64 = 0
        for (i, word) in words.prefix(2).enumerated() { bits |= UInt64(word) << (32 * UInt64(i)) }
        self.init(rawValue: bits)
    }
    private static func bit(_ n: UInt64) -> AccessibleStates { AccessibleStates(rawValue: 1 << n) }

    /// ATSPI_STATE_ACTIVE.
    public static let active = bit(1)
    /// ATSPI_STATE_DEFUNCT: the object is gone.
    public static let defunct = bit(6)
    /// ATSPI_STATE_EDITABLE: its text can be changed.
    public static let editable = bit(7)
    /// ATSPI_STATE_FOCUSABLE.
    public static let focusable = bit(11)
    /// ATSPI_STATE_FOCUSED.
    public static let focused = bit(12)
    /// ATSPI_STATE_MULTI_LINE.
    public static let multiLine = bit(17)
    /// ATSPI_STATE_SHOWING.
    public static let showing = bit(25)
    /// ATSPI_STATE_SINGLE_LINE.
    public static let singleLine = bit(26)
    /// ATSPI_STATE_READ_ONLY: shown as text but not to be typed into.
    public static let readOnly = bit(43)
}

/// What the focus tracker learned about an accessible that got the focus.
public struct FocusFacts: Equatable, Sendable {
    /// Which object.
    public var id: AccessibleID
    /// Its role (`.invalid` when the application did not answer).
    public var role: AccessibleRole
    /// Its states.
    public var states: AccessibleStates
    /// Its object attributes (`GetAttributes`): Chromium's `text-input-type`, `tag`, GTK's `toolkit`...
    public var attributes: [String: String]
    /// The process of the application (nil when the bus did not say).
    public var pid: Int32?
    /// Its extents in screen pixels (nil when not known or empty).
    public var extents: Rect?
    /// The extents of the character at the caret in screen pixels (nil when not known or empty).
    public var caret: Rect?

    /// Facts with every field given.
    public init(id: AccessibleID, role: AccessibleRole, states: AccessibleStates, attributes: [String: String] = [:],
                pid: Int32? = nil, extents: Rect? = nil, caret: Rect? = nil) {
        self.id = id; self.role = role; self.states = states; self.attributes = attributes
        self.pid = pid; self.extents = extents; self.caret = caret
    }

    /// Whether the keyboard is wanted: the state EDITABLE (and not READ_ONLY), a password field,
    /// a terminal or a spin button. GTK's entries and text views and Chromium's inputs and text
    /// areas all carry EDITABLE (checked on Debian 12), so the roles text, entry and paragraph need
    /// no list of their own; a non-editable GtkTextView (role text without EDITABLE) rightly gets
    /// no keyboard. Qt 5 and 6 expose a QSpinBox as a spin button without EDITABLE, though digits
    /// are typed into it.
    public var isEditable: Bool {
        if states.contains(.readOnly) || states.contains(.defunct) { return false }
        return states.contains(.editable) || role == .passwordText || role == .terminal || role == .spinButton
    }

    /// What the field wants typed into it (see `FieldKind`).
    public var fieldKind: FieldKind { FieldKind(facts: self) }
}
