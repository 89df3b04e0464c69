import StackboardCore

/// Why a `Keypad` could not be made, with what to do about it.
public enum KeypadError: Error, CustomStringConvertible {
    /// The layout could not be loaded.
    case layout(LayoutError)
    /// The layout's entry preset cannot make field rules (its decimal rule with this locale's separator).
    case rules(FieldRuleError)
    /// The theme could not be loaded (no theme of that name, or a broken theme file).
    case theme(LayoutError)
    /// The window or its drawing surface could not be made.
    case window(String)

    /// One line that says what went wrong.
    public var description: String {
        switch self {
        case .layout(let error): return error.description
        case .rules(let error): return error.description
        case .theme(let error): return error.description
        case .window(let detail): return detail
        }
    }
}
