/// The text of an entry field with a cursor and an optional selection.
///
/// Positions count grapheme clusters (Swift `Character`s): "é" written as `e` plus a combining
/// accent, an emoji joined with ZWJ, and a flag are one position each. The cursor lies in
/// `0...count`; a selection is a non-empty range inside `0..<count`, and while there is one the
/// cursor sits at its upper bound. Edits that make neighbouring graphemes merge (a combining mark
/// typed after a letter, a second regional indicator after a first) put the cursor after the
/// merged grapheme.
///
/// The buffer knows no rules: `EntrySession` checks `FieldRules` before it edits. Its
/// `description` shows lengths only, never the text.
public struct TextBuffer: Equatable, Sendable {
    /// The text.
    public private(set) var text: String
    /// The cursor, in graphemes from the start (`0...count`).
    public private(set) var cursor: Int
    /// The selected graphemes, or nil when nothing is selected.
    public private(set) var selection: Range<Int>?

    /// A buffer holding `text` with the cursor at the end (or at `cursor`, clamped).
    public init(_ text: String = "", cursor: Int? = nil) {
        self.text = text
        let count = text.count
        self.cursor = min(max(cursor ?? count, 0), count)
        self.selection = nil
    }

    /// The number of graphemes.
    public var count: Int { text.count }

    /// Whether the text is empty.
    public var isEmpty: Bool { text.isEmpty }

    /// The text masked for a secure field: one `•` per grapheme.
    public var maskedText: String { FieldRules.mask(text) }

    /// The text an insert of `string` would produce, and the graphemes of that text which hold
    /// inserted scalars (more than `string`'s own when it merges with a neighbour).
    public func proposedInsert(_ string: String) -> (text: String, insertedCharacters: [Character]) {
        let edit = insertion(of: string)
        return (edit.text, edit.touched)
    }

    /// Inserts `string` at the cursor, replacing the selection. Returns whether the text changed.
    @discardableResult
    public mutating func insert(_ string: String) -> Bool {
        if string.isEmpty && selection == nil { return false }
        let edit = insertion(of: string)
        replace(with: edit.text, caretScalarOffset: edit.caret)
        return true
    }

    /// Deletes the selection, or the grapheme before the cursor. Returns whether the text changed.
    @discardableResult
    public mutating func deleteBackward() -> Bool {
        if selection != nil { return deleteSelection() }
        guard cursor > 0 else { return false }
        return delete(graphemes: (cursor - 1)..<cursor)
    }

    /// Deletes the selection, or the grapheme after the cursor. Returns whether the text changed.
    @discardableResult
    public mutating func deleteForward() -> Bool {
        if selection != nil { return deleteSelection() }
        guard cursor < count else { return false }
        return delete(graphemes: cursor..<(cursor + 1))
    }

    /// Empties the buffer. Returns whether the text changed.
    @discardableResult
    public mutating func clear() -> Bool {
        let changed = !text.isEmpty
        self = TextBuffer()
        return changed
    }

    /// Moves the cursor one grapheme left; with a selection, to its start. Returns whether anything moved.
    @discardableResult
    public mutating func moveLeft() -> Bool {
        if let selection { return place(selection.lowerBound) }
        return place(cursor - 1)
    }

    /// Moves the cursor one grapheme right; with a selection, to its end. Returns whether anything moved.
    @discardableResult
    public mutating func moveRight() -> Bool {
        if let selection { return place(selection.upperBound) }
        return place(cursor + 1)
    }

    /// Moves the cursor to the start, dropping the selection. Returns whether anything moved.
    @discardableResult
    public mutating func moveToStart() -> Bool { place(0) }

    /// Moves the cursor to the end, dropping the selection. Returns whether anything moved.
    @discardableResult
    public mutating func moveToEnd() -> Bool { place(count) }

    /// Puts the cursor before grapheme `index`, clamped to `0...count` (a tap on the field).
    @discardableResult
    public mutating func setCursor(_ index: Int) -> Bool { place(index) }

    /// Selects the whole text (nothing when empty). Returns whether the selection changed.
    @discardableResult
    public mutating func selectAll() -> Bool { select(0..<count) }

    /// Selects `range`, clamped to the text; an empty range drops the selection and moves the cursor there.
    @discardableResult
    public mutating func select(_ range: Range<Int>) -> Bool {
        let lower = min(max(range.lowerBound, 0), count)
        let upper = min(max(range.upperBound, lower), count)
        if lower == upper { return place(lower) }
        let old = (cursor, selection)
        selection = lower..<upper
        cursor = upper
        return old.0 != cursor || old.1 != selection
    }

    // MARK: - Private

    /// The string index before grapheme `offset` (clamped).
    private func index(_ offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: min(max(offset, 0), count))
    }

    /// The graphemes an edit replaces: the selection, or the empty range at the cursor.
    private var editRange: Range<String.Index> {
        let range = selection ?? cursor..<cursor
        return index(range.lowerBound)..<index(range.upperBound)
    }

    private struct Insertion {
        var text: String
        var touched: [Character]
        var caret: Int
    }

    private func insertion(of string: String) -> Insertion {
        let range = editRange
        let prefix = text[..<range.lowerBound]
        let result = String(prefix) + string + String(text[range.upperBound...])
        let start = prefix.unicodeScalars.count
        let end = start + string.unicodeScalars.count
        var touched: [Character] = []
        var offset = 0
        for character in result {
            let next = offset + character.unicodeScalars.count
            if offset < end && next > start { touched.append(character) }
            offset = next
        }
        return Insertion(text: result, touched: touched, caret: end)
    }

    private mutating func deleteSelection() -> Bool {
        guard let selection else { return false }
        return delete(graphemes: selection)
    }

    private mutating func delete(graphemes: Range<Int>) -> Bool {
        let range = index(graphemes.lowerBound)..<index(graphemes.upperBound)
        guard !range.isEmpty else { return false }
        let prefix = text[..<range.lowerBound]
        let result = String(prefix) + String(text[range.upperBound...])
        replace(with: result, caretScalarOffset: prefix.unicodeScalars.count)
        return true
    }

    /// Replaces the text and puts the cursor after every grapheme that starts before the scalar offset.
    private mutating func replace(with newText: String, caretScalarOffset: Int) {
        var graphemes = 0
        var offset = 0
        for character in newText {
            guard offset < caretScalarOffset else { break }
            graphemes += 1
            offset += character.unicodeScalars.count
        }
        text = newText
        cursor = graphemes
        selection = nil
    }

    private mutating func place(_ index: Int) -> Bool {
        let clamped = min(max(index, 0), count)
        let changed = clamped != cursor || selection != nil
        cursor = clamped
        selection = nil
        return changed
    }
}

extension TextBuffer: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Lengths and positions only, never the text.
    public var description: String {
        let selected = selection.map { "\($0.lowerBound)..<\($0.upperBound)" } ?? "none"
        return "TextBuffer(length: \(count), cursor: \(cursor), selection: \(selected))"
    }

    /// The same as `description`: the text is never shown.
    public var debugDescription: String { description }

    /// A mirror without the text (so `dump` cannot print it).
    public var customMirror: Mirror {
        Mirror(self, children: ["length": count, "cursor": cursor], displayStyle: .struct)
    }
}
