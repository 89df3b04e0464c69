/// Why the entry field refused an edit. Refused edits change nothing and are always reported.
///
/// `description` never names the refused character (the field may be secure); `code` is the
/// reason's name in the `--events` stream.
public enum RejectReason: Error, Equatable, Hashable, Sendable {
    /// The edit would make the text longer than `max` graphemes.
    case tooLong(max: Int)
    /// The edit would add a character the field's allow rule does not accept.
    case notAllowed(character: Character)
    /// A multiplier key was pressed on an empty field.
    case emptyNumber
    /// A multiplier key was pressed on a field that does not hold a plain number.
    case notANumber
    /// A multiplier's result has more than 15 significant digits or exceeds the max length.
    case overflow
    /// A multiplier key's factor is below 1.
    case invalidFactor
    /// The pending Morse code is not in the table; it was cleared.
    case unknownMorse

    /// The reason's name in the event stream: `too-long`, `not-allowed`, `empty-number`,
    /// `not-a-number`, `overflow`, `invalid-factor`, `unknown-morse`.
    public var code: String {
        switch self {
        case .tooLong: return "too-long"
        case .notAllowed: return "not-allowed"
        case .emptyNumber: return "empty-number"
        case .notANumber: return "not-a-number"
        case .overflow: return "overflow"
        case .invalidFactor: return "invalid-factor"
        case .unknownMorse: return "unknown-morse"
        }
    }
}

extension RejectReason: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A short English message that never names the refused character.
    public var description: String {
        switch self {
        case .tooLong(let max): return "too long (at most \(max) characters)"
        case .notAllowed: return "character not allowed in this field"
        case .emptyNumber: return "the field is empty: type a number first"
        case .notANumber: return "the field does not hold a plain number"
        case .overflow: return "the result would be too long"
        case .invalidFactor: return "the multiplier's factor must be 1 or more"
        case .unknownMorse: return "unknown Morse code"
        }
    }

    /// The same as `description`.
    public var debugDescription: String { description }

    /// A mirror without the refused character.
    public var customMirror: Mirror { Mirror(self, children: ["code": code], displayStyle: .enum) }
}
