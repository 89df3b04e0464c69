import StackboardCore

/// What another `stackboard` process asks the running keyboard to do.
public enum ControlCommand: Equatable, Sendable {
    /// Map the keyboard window (`stackboard show`).
    case show
    /// Unmap it, releasing every latched modifier and injected key (`stackboard hide`).
    case hide
    /// Show it when hidden, hide it when shown (`stackboard toggle`).
    case toggle
    /// Switch to the layout with this name or file path (`stackboard layout NAME`).
    case layout(String)
    /// Exit (`stackboard quit`, or another program took the keyboard's selection).
    case quit
    /// What the next dwell click outside the keyboard does (`stackboard click TYPE`).
    case click(ClickType)
    /// Scan switch `number` (1 to 5) went down or up (`stackboard switch N press|release`).
    case switched(number: Int, pressed: Bool)

    /// The code carried in `data.l[0]` of the `_STACKBOARD_CONTROL` client message.
    var wireCode: Int {
        switch self {
        case .show: return 1
        case .hide: return 2
        case .toggle: return 3
        case .layout: return 4
        case .quit: return 5
        case .click: return 6
        case .switched: return 7
        }
    }

    /// The number carried in `data.l[1]`: a click type's place in `ClickType.allCases`, a
    /// switch's number times two plus one when pressed (0 otherwise).
    var wireArgument: Int {
        switch self {
        case .click(let type): return ClickType.allCases.firstIndex(of: type) ?? 0
        case .switched(let number, let pressed): return number * 2 + (pressed ? 1 : 0)
        default: return 0
        }
    }

    /// The command for a wire code and argument; `layout` carries the name read from the
    /// request property.
    static func decode(code: Int, argument: Int = 0, layoutName: () -> String?) -> ControlCommand? {
        switch code {
        case 1: return .show
        case 2: return .hide
        case 3: return .toggle
        case 4: return layoutName().map { .layout($0) }
        case 5: return .quit
        case 6: return ClickType.allCases.indices.contains(argument) ? .click(ClickType.allCases[argument]) : nil
        case 7: return (2...11).contains(argument) ? .switched(number: argument / 2, pressed: argument % 2 == 1) : nil
        default: return nil
        }
    }
}

/// What the running keyboard says about itself on its control window (`stackboard status`).
public struct ControlStatus: Equatable, Sendable {
    /// The control window that owns the `_STACKBOARD_S<screen>` selection.
    public var window: UInt
    /// `_STACKBOARD_STATE`: "shown" or "hidden" (nil until the keyboard publishes it).
    public var state: String?
    /// `_STACKBOARD_LAYOUT`: the name of the layout on screen (nil until published).
    public var layout: String?
    /// `_STACKBOARD_MONITOR`: the keyboard's monitor, `NAME WxH+X+Y` (nil until published).
    public var monitor: String?
    /// The keyboard window's frame on the root window now (nil: not published, or gone).
    public var geometry: Rect?
    /// `_STACKBOARD_DWELL_CLICK`: the rest before a dwell click in milliseconds (nil: off).
    public var dwellClick: Int?
    /// `_STACKBOARD_SCAN`: what switch scanning highlights (nil: the keyboard does not scan).
    public var scan: String?
    /// A status with every property given.
    public init(window: UInt, state: String?, layout: String?, monitor: String? = nil, geometry: Rect? = nil) {
        self.window = window; self.state = state; self.layout = layout
        self.monitor = monitor; self.geometry = geometry
    }
}
