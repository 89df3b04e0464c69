/// The entry field the shell drives: a text buffer, its rules, multiplier keys and Morse entry.
///
/// Every command returns the events it caused, in order; a command that changes nothing returns
/// none (a move at the edge, a delete at the start, a clear of an empty field). Refused input is
/// always reported as `.reject` and changes nothing.
///
/// Backspace on an empty field (no text, no pending Morse code) returns `.backspaceEmpty` when
/// the session was made with `reportBackspaceOnEmpty` (a host may then move to the previous
/// field), and nothing otherwise.
///
/// Morse: dots and dashes build `pendingMorse`, shown in the field at the cursor. A gap decodes
/// it with `MorseCode.decode` and inserts the character like a typed one (subject to the rules).
/// A code that no table entry starts with is refused (`.unknownMorse`) as soon as it is tapped,
/// and one that is a prefix but not a code is refused at the gap; either way it is cleared.
/// Backspace removes the last dot or dash first; clear drops the code with the text; any other
/// command (insert, forward delete, a move, a multiplier, done) first finishes the code as a gap
/// would. Cancel drops it.
///
/// `description` shows lengths only, never the text.
public struct EntrySession: Sendable {
    /// The text, cursor and selection.
    public private(set) var buffer: TextBuffer
    /// The field's rules.
    public let rules: FieldRules
    /// The locale's decimal separator (`.` or `,`), used by the multiplier keys.
    public let decimalSeparator: String
    /// Whether backspace on an empty field reports `.backspaceEmpty`.
    public let reportBackspaceOnEmpty: Bool
    /// The Morse code being tapped, in dots `.` and dashes `-` (empty when none).
    public private(set) var pendingMorse: String = ""

    /// A session whose field starts with `initial` (cursor at the end). `initial` is not checked
    /// against the rules; use `rules.validate(initial)` to refuse a bad `--initial`.
    public init(initial: String = "", rules: FieldRules, decimalSeparator: String = ".",
                reportBackspaceOnEmpty: Bool = false) {
        buffer = TextBuffer(initial)
        self.rules = rules
        self.decimalSeparator = decimalSeparator
        self.reportBackspaceOnEmpty = reportBackspaceOnEmpty
    }

    /// The field's text (the result printed on done). Never log it.
    public var text: String { buffer.text }

    /// What the field shows: the text (one `•` per grapheme when secure) with the pending Morse
    /// code inserted at the cursor.
    public var displayText: String {
        let shown = rules.secure ? buffer.maskedText : buffer.text
        guard !pendingMorse.isEmpty else { return shown }
        let at = shown.index(shown.startIndex, offsetBy: min(buffer.cursor, shown.count))
        return String(shown[..<at]) + pendingMorseDisplay + String(shown[at...])
    }

    /// Where the caret goes in `displayText`, in graphemes: after the pending Morse code.
    public var displayCursor: Int { buffer.cursor + pendingMorse.count }

    /// The pending Morse code as shown: `·` for a dot, `−` for a dash; `◦` for each when secure.
    public var pendingMorseDisplay: String {
        if rules.secure { return String(repeating: "◦", count: pendingMorse.count) }
        return String(pendingMorse.map { $0 == "." ? "·" : "−" })
    }

    /// Carries out one command from the keyboard and returns the events it caused.
    public mutating func apply(_ command: BufferCommand) -> [EntryEvent] {
        switch command {
        case .morseDot: return addMorse(".")
        case .morseDash: return addMorse("-")
        case .morseGap: return finishMorse()
        case .deleteBackward: return deleteBackward()
        case .clear:
            let changed = !pendingMorse.isEmpty || !buffer.isEmpty
            pendingMorse = ""
            buffer.clear()
            return changed ? [.clear] : []
        case .insert(let string): return finishMorse() + insert(string)
        case .deleteForward: return finishMorse() + (buffer.deleteForward() ? [.delete] : [])
        case .moveLeft: return finishMorse() + cursorEvent(buffer.moveLeft())
        case .moveRight: return finishMorse() + cursorEvent(buffer.moveRight())
        case .moveToStart: return finishMorse() + cursorEvent(buffer.moveToStart())
        case .moveToEnd: return finishMorse() + cursorEvent(buffer.moveToEnd())
        case .multiply(let factor): return finishMorse() + multiply(by: factor)
        }
    }

    /// Puts the cursor before grapheme `index`, clamped (a tap on the field).
    public mutating func setCursor(_ index: Int) -> [EntryEvent] {
        finishMorse() + cursorEvent(buffer.setCursor(index))
    }

    /// Selects the whole text, so that the next insert replaces it.
    public mutating func selectAll() -> [EntryEvent] {
        finishMorse() + cursorEvent(buffer.selectAll())
    }

    /// The user accepted the field: finishes a pending Morse code, then `.done` (always last).
    public mutating func done() -> [EntryEvent] {
        finishMorse() + [.done]
    }

    /// The user cancelled: drops a pending Morse code and returns `.cancel`.
    public mutating func cancel() -> EntryEvent {
        pendingMorse = ""
        return .cancel
    }

    // MARK: - Private

    private mutating func insert(_ string: String) -> [EntryEvent] {
        guard !string.isEmpty else { return [] }
        let proposal = buffer.proposedInsert(string)
        if let reason = rules.check(insertedCharacters: proposal.insertedCharacters, result: proposal.text) {
            return [.reject(reason)]
        }
        buffer.insert(string)
        return [.insert(string)]
    }

    private mutating func deleteBackward() -> [EntryEvent] {
        if !pendingMorse.isEmpty {
            pendingMorse.removeLast()
            return [.morse]
        }
        if buffer.deleteBackward() { return [.delete] }
        return buffer.isEmpty && reportBackspaceOnEmpty ? [.backspaceEmpty] : []
    }

    private mutating func multiply(by factor: Int) -> [EntryEvent] {
        let outcome = NumberMultiplier.multiply(
            buffer.text, by: factor, decimalSeparator: decimalSeparator, maxLength: rules.maxLength)
        switch outcome {
        case .failure(let reason):
            return [.reject(reason)]
        case .success(let result):
            if let reason = rules.validate(result) { return [.reject(reason)] }
            buffer = TextBuffer(result)
            return [.multiply(factor)]
        }
    }

    private mutating func addMorse(_ symbol: Character) -> [EntryEvent] {
        let code = pendingMorse + String(symbol)
        guard MorseCode.table.keys.contains(where: { $0.hasPrefix(code) }) else {
            pendingMorse = ""
            return [.reject(.unknownMorse)]
        }
        pendingMorse = code
        return [.morse]
    }

    private mutating func finishMorse() -> [EntryEvent] {
        guard !pendingMorse.isEmpty else { return [] }
        let code = pendingMorse
        pendingMorse = ""
        guard let character = MorseCode.decode(code) else { return [.reject(.unknownMorse)] }
        return insert(String(character))
    }

    private func cursorEvent(_ moved: Bool) -> [EntryEvent] { moved ? [.cursor] : [] }
}

extension EntrySession: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Lengths and positions only, never the text.
    public var description: String {
        "EntrySession(length: \(buffer.count), cursor: \(buffer.cursor), pendingMorse: \(pendingMorse.count), secure: \(rules.secure))"
    }

    /// The same as `description`.
    public var debugDescription: String { description }

    /// A mirror without the text.
    public var customMirror: Mirror {
        Mirror(self, children: ["buffer": buffer, "secure": rules.secure], displayStyle: .struct)
    }
}
