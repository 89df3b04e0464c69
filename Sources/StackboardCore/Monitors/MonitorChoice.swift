/// Which monitor the keyboard lives on (`--monitor`, `monitor`).
public enum MonitorChoice: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The primary monitor (the default).
    case primary
    /// The monitor of the active window (`_NET_ACTIVE_WINDOW`), chosen again each time the
    /// keyboard is shown; with auto-show, the monitor of the focused field.
    case focus
    /// A RandR monitor by name (`HDMI-1`; `xrandr --listmonitors` lists them). While it is
    /// not there the keyboard is on the primary monitor, and it goes back when it returns.
    case named(String)

    /// `primary`, `focus` or a monitor's name; nil for an empty text or one with a blank,
    /// a control character or more than 255 bytes (no RandR name has them).
    public init?(parsing text: String) {
        let bad = text.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7f }
        guard !text.isEmpty, text.utf8.count <= 255, !bad else { return nil }
        switch text {
        case "primary": self = .primary
        case "focus": self = .focus
        default: self = .named(text)
        }
    }

    /// As given: `primary`, `focus` or the name.
    public var description: String {
        switch self {
        case .primary: return "primary"
        case .focus: return "focus"
        case .named(let name): return name
        }
    }

    /// The monitor this choice means in `layout`, with the active window (or focused field) at
    /// `focus`; a named monitor that is not there means the primary one.
    public func monitor(in layout: MonitorLayout, focus: Rect?) -> Monitor {
        switch self {
        case .primary: return layout.primary
        case .focus: return focus.map { layout.monitor(for: $0) } ?? layout.primary
        case .named(let name): return layout.monitor(named: name) ?? layout.primary
        }
    }

    /// The line to report when a named monitor is not there (nil: nothing to say).
    public func missing(in layout: MonitorLayout) -> String? {
        guard case .named(let name) = self, layout.monitor(named: name) == nil else { return nil }
        return "there is no monitor '\(name)' (the display has \(layout.names)); the keyboard is on \(layout.primary.name) "
            + "until it is connected. 'xrandr --listmonitors' lists the names"
    }
}
