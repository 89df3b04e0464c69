/// What values a setting takes. The same kind checks the command line's text and the
/// configuration file's JSON, so that both accept exactly the same values.
public enum SettingKind: Equatable, Sendable {
    /// On or off: a flag on the command line (it sets `SettingSpec.flagSets`), `true` or
    /// `false` in the file.
    case bool
    /// A whole number in `range`; `off`, when given, is one more value that turns the feature off
    /// (dwell's 0). Numbers are read with JSON's grammar on the command line too (`5e2` is 500).
    case int(ClosedRange<Int>, off: Int? = nil)
    /// A number in `range`.
    case double(ClosedRange<Double>)
    /// One of these names, exactly.
    case choice([String])
    /// A non-empty list of names: `a,b` on the command line, `["a", "b"]` in the file. Spaces
    /// around each name are dropped; with `choices`, each must be one of them.
    case names(choices: [String]?)
    /// A non-empty name (not only spaces): a layout, a file, a device.
    case name
    /// Any text, also an empty one.
    case text
    /// An X geometry `WxH`, `WxH+X+Y` or with `-X`/`-Y` offsets from the right or bottom edge.
    case geometry
    /// `WxH` in pixels, each side 1 to `max`.
    case size(max: Int)
    /// A non-empty name whose form the program checks itself (a scan switch needs the X
    /// keysym table); `SettingSpec.expected` says what it takes.
    case custom

    /// What the kind takes, for messages and help: `a whole number from 0 to 100`.
    public var expectation: String {
        switch self {
        case .bool: return "true or false"
        case .int(let r, let off):
            let range = "a whole number from \(r.lowerBound) to \(r.upperBound)"
            return off.map { "\($0) for off, or \(range)" } ?? range
        case .double(let r): return "a number from \(SettingValue.format(r.lowerBound)) to \(SettingValue.format(r.upperBound))"
        case .choice(let names): return "one of \(names.joined(separator: ", "))"
        case .names(let choices):
            return choices.map { "a list of \($0.joined(separator: ", "))" } ?? "a list of names"
        case .name, .custom: return "a non-empty name"
        case .text: return "a text"
        case .geometry: return "WxH+X+Y (for example 800x300+0+500)"
        case .size(let max): return "WxH in pixels, each side 1 to \(max) (for example 1280x400)"
        }
    }

    /// The range in words for help lines and the man page: `100 to 5000`, `0 for off, or 100 to
    /// 10000`, `0.25 to 4`; nil for kinds without one.
    public var rangeText: String? {
        switch self {
        case .int(let r, let off):
            let range = "\(r.lowerBound) to \(r.upperBound)"
            return off.map { "\($0) for off, or \(range)" } ?? range
        case .double(let r): return "\(SettingValue.format(r.lowerBound)) to \(SettingValue.format(r.upperBound))"
        default: return nil
        }
    }

    /// The names a choice or a list of names takes (nil for other kinds and free lists).
    public var names: [String]? {
        switch self {
        case .choice(let names): return names
        case .names(let choices): return choices
        default: return nil
        }
    }

    /// The placeholder of the option's value in help when the setting names none.
    var placeholder: String {
        switch self {
        case .bool: return ""
        case .int: return "N"
        case .double: return "F"
        case .choice(let names): return names.joined(separator: "|")
        case .names: return "A,B,C"
        case .name, .custom: return "NAME"
        case .text: return "TEXT"
        case .geometry: return "WxH+X+Y"
        case .size: return "WxH"
        }
    }
}
