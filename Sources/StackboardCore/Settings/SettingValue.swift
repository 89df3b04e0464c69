/// The value of one setting, parsed and checked against its `SettingKind`.
public enum SettingValue: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// On or off.
    case bool(Bool)
    /// A whole number.
    case int(Int)
    /// A number.
    case double(Double)
    /// A name or a text.
    case string(String)
    /// A list of names.
    case names([String])
    /// An X geometry.
    case geometry(WindowGeometry)
    /// A size in pixels.
    case size(Size)

    /// The boolean, when the value is one.
    public var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    /// The whole number, when the value is one.
    public var int: Int? { if case .int(let n) = self { return n } else { return nil } }
    /// The number (a whole number too).
    public var double: Double? {
        switch self {
        case .double(let d): return d
        case .int(let n): return Double(n)
        default: return nil
        }
    }
    /// The string, when the value is one.
    public var string: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The names, when the value is a list.
    public var names: [String]? { if case .names(let n) = self { return n } else { return nil } }
    /// The geometry, when the value is one.
    public var geometry: WindowGeometry? { if case .geometry(let g) = self { return g } else { return nil } }
    /// The size, when the value is one.
    public var size: Size? { if case .size(let s) = self { return s } else { return nil } }

    /// The value as a user writes it on the command line: `500`, `0.25`, `qwerty,numeric`, `800x300+0-0`.
    public var description: String {
        switch self {
        case .bool(let b): return b ? "true" : "false"
        case .int(let n): return String(n)
        case .double(let d): return SettingValue.format(d)
        case .string(let s): return s
        case .names(let n): return n.joined(separator: ",")
        case .geometry(let g): return g.description
        case .size(let s): return s.description
        }
    }

    /// `d` without a trailing `.0` (`4`, `0.25`).
    public static func format(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        return String(d)
    }
}

extension WindowGeometry: CustomStringConvertible {
    /// `WxH`, then `+X+Y` (with `-` for offsets from the right or bottom) when given.
    public var description: String {
        guard let x, let y else { return size.description }
        return "\(size)\(fromRight ? "-" : "+")\(x)\(fromBottom ? "-" : "+")\(y)"
    }
}
