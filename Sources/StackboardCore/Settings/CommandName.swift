/// The commands of `stackboard`, by the word that names them: what a setting says it is for.
public enum CommandName: String, CaseIterable, Hashable, Sendable {
    /// `stackboard keyboard`, also `stackboard` alone: the on-screen keyboard.
    case keyboard
    /// `stackboard entry`: a keypad with its own text field.
    case entry
    /// `stackboard keys`: the frames of a layout's keys as JSON lines.
    case keys
    /// `stackboard layouts`: the layouts there are.
    case layouts
    /// `stackboard themes`: the themes there are, or one theme's whole file.
    case themes
    /// `stackboard check`: validates layout files.
    case check
    /// `stackboard render`: paints a layout to a PNG file.
    case render
    /// `stackboard sound-check`: plays clicks and reports how it went.
    case soundCheck = "sound-check"
    /// `stackboard type`: types text or a key into the focused window.
    case type
    /// `stackboard words`: the learned words and the keystroke-savings evaluation.
    case words
    /// `stackboard scan`: what typing a text by switch scanning costs.
    case scan
    /// `stackboard show`.
    case show
    /// `stackboard hide`.
    case hide
    /// `stackboard toggle`.
    case toggle
    /// `stackboard layout NAME`.
    case layout
    /// `stackboard status`.
    case status
    /// `stackboard quit`.
    case quit
    /// `stackboard click TYPE`: what the next dwell click does.
    case click
    /// `stackboard switch N press|release`: a scan switch of a sensor with its own driver.
    case `switch`

    /// The commands that talk to the keyboard running on the display.
    public static let control: Set<CommandName> = [.show, .hide, .toggle, .layout, .status, .quit, .click, .switch]

    /// Whether the command reads `config.json` (the keyboard and entry mode; the command line wins).
    public var readsConfig: Bool { self == .keyboard || self == .entry }

    /// `stackboard NAME`, for messages.
    public var invocation: String { "stackboard \(rawValue)" }

    /// `stackboard NAME --help`, for messages.
    public var helpCommand: String { self == .keyboard ? "stackboard keyboard --help" : "stackboard \(rawValue) --help" }
}
