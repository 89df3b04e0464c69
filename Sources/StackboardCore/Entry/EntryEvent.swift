/// A change of the entry field, reported to the shell and (with `--events`) to a host application.
///
/// `description` never shows inserted text (the field may be secure).
public enum EntryEvent: Equatable, Hashable, Sendable {
    /// This text was inserted at the cursor (replacing the selection, if any).
    case insert(String)
    /// One grapheme or the selection was deleted (backward or forward).
    case delete
    /// The field was emptied (a pending Morse code too).
    case clear
    /// Backspace on an empty field (sent only when the session reports it).
    case backspaceEmpty
    /// An edit was refused; nothing changed except that a rejected Morse code is cleared.
    case reject(RejectReason)
    /// The cursor or the selection moved; the text is unchanged.
    case cursor
    /// The field's number was multiplied by the factor; the cursor is at the end.
    case multiply(Int)
    /// The pending Morse code changed (a dot or dash added, or one removed).
    case morse
    /// The user accepted the field.
    case done
    /// The user cancelled.
    case cancel

    /// The event's name in the event stream: `insert`, `delete`, `clear`, `backspace-empty`,
    /// `reject`, `cursor`, `multiply`, `morse`, `done`, `cancel`.
    public var name: String {
        switch self {
        case .insert: return "insert"
        case .delete: return "delete"
        case .clear: return "clear"
        case .backspaceEmpty: return "backspace-empty"
        case .reject: return "reject"
        case .cursor: return "cursor"
        case .multiply: return "multiply"
        case .morse: return "morse"
        case .done: return "done"
        case .cancel: return "cancel"
        }
    }
}

extension EntryEvent: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The event's name, with lengths but never text: `insert(1 character)`.
    public var description: String {
        switch self {
        case .insert(let text): return "insert(\(text.count) character\(text.count == 1 ? "" : "s"))"
        case .reject(let reason): return "reject(\(reason.code))"
        case .multiply(let factor): return "multiply(\(factor))"
        default: return name
        }
    }

    /// The same as `description`.
    public var debugDescription: String { description }

    /// A mirror without the inserted text.
    public var customMirror: Mirror { Mirror(self, children: ["event": description], displayStyle: .enum) }
}
