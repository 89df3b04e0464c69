import StackboardCore
/// What a focused field wants typed into it, as far as its toolkit tells (AT-SPI role and attributes).
///
/// What Debian 12's toolkits expose (read from their accessibles, see docs/autoshow.md):
/// - GTK 3.24: GtkEntry is role text, with visibility off role password text; the input purpose
///   (digits, phone, PIN...) and hints are not exposed at all, so GTK fields are `text` or `password`.
/// - Chromium 156: `<input>` is role entry with the attribute `text-input-type` (`text`, `password`,
///   `tel`, `number`, `email`, `url`, `search`...), `type=password` is also role password text and
///   `type=number` role spin button; the `inputmode` attribute is not exposed.
/// - A terminal (VTE, role terminal) is a kind of its own: typed into, never read or corrected.
public enum FieldKind: String, Equatable, Sendable, CaseIterable {
    /// Any text: the user's layout.
    case text
    /// A password: secure entry (no suggestions, nothing learnt or kept, a lock on the bar).
    case password
    /// Whole numbers: the numeric layout.
    case number
    /// Numbers with a decimal separator: the decimal layout.
    case decimal
    /// A phone number: the phone layout.
    case phone
    /// An e-mail address (Chromium's `type=email`): the user's layout, no correction, no capitals.
    case email
    /// A web address (Chromium's `type=url`): the user's layout, no correction, no capitals.
    case url
    /// A search box (Chromium's `type=search`): the user's layout, corrected like text.
    case search
    /// A terminal's screen: the user's layout, no correction, no capitals, its text never read.
    case terminal

    /// Whether the field must be handled as secure entry.
    public var isSecure: Bool { self == .password }

    /// Whether a word typed there may be corrected: text and search fields, where the
    /// application says nothing else (never passwords, numbers, addresses or terminals).
    public var corrects: Bool { self == .text || self == .search }

    /// Whether a sentence's first letter may be capitalized by itself there (text fields only:
    /// a search box, an address or a terminal takes what is typed as it is).
    public var capitalizes: Bool { self == .text }

    /// The kind of the field described by `facts`.
    public init(facts: FocusFacts) {
        let inputType = facts.attributes["text-input-type"]?.lowercased()
        // HTML's inputmode, for toolkits that pass it through (Chromium 156 does not).
        let inputMode = facts.attributes["inputmode"]?.lowercased()
        if facts.role == .passwordText || inputType == "password" {
            self = .password
        } else if facts.role == .terminal {
            self = .terminal
        } else if inputType == "tel" || inputMode == "tel" {
            self = .phone
        } else if inputMode == "decimal" {
            self = .decimal
        } else if inputType == "number" || inputMode == "numeric" || facts.role == .spinButton {
            self = .number
        } else if inputType == "email" || inputMode == "email" {
            self = .email
        } else if inputType == "url" || inputMode == "url" {
            self = .url
        } else if inputType == "search" || inputMode == "search" {
            self = .search
        } else {
            self = .text
        }
    }
}
