/// What the next dwell click outside the keyboard does (`stackboard click TYPE`, the click
/// panel). Right, middle, double and drag are one-shot: after their click (a drag's release)
/// the type goes back to left, as in Onboard, so that a forgotten choice never turns every
/// later rest into a right click. Left and pause stay until another type is chosen.
public enum ClickType: String, CaseIterable, Sendable {
    /// A left click (button 1): the default.
    case left
    /// A right click (button 3), once.
    case right
    /// A middle click (button 2), once.
    case middle
    /// Two left clicks, once.
    case double
    /// Button 1 pressed at one rest and released at the next, once.
    case drag
    /// No clicks: the pointer rests without clicking until another type is chosen.
    case pause

    /// Whether the type goes back to left after its click.
    public var isOneShot: Bool {
        switch self {
        case .right, .middle, .double, .drag: true
        case .left, .pause: false
        }
    }

    /// The X button of the click (nil for pause).
    public var button: Int? {
        switch self {
        case .left, .double, .drag: 1
        case .middle: 2
        case .right: 3
        case .pause: nil
        }
    }

    /// The names, for messages: "left, right, middle, double, drag or pause".
    public static var namesText: String {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
}

/// A pointer button action for XTest, at a point of the root window.
public enum PointerClick: Equatable, Sendable {
    /// Press and release `button` at `point` (a double click is two of them: `DwellClicker`).
    case click(button: Int, at: Point)
    /// Press `button` at `point` and keep it down (a drag's start).
    case press(button: Int, at: Point)
    /// Release `button` at `point` (a drag's end).
    case release(button: Int, at: Point)
}
