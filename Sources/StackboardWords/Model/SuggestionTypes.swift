import StackboardCore
/// What the keyboard must do to the text: delete characters before the caret, then type text.
public struct TextEdit: Equatable, Sendable, CustomStringConvertible {
    /// Backspaces to send first (characters, that is grapheme clusters).
    public var deleteCount: Int
    /// Then the text to type.
    public var text: String
    /// An edit.
    public init(deleteCount: Int = 0, text: String) { self.deleteCount = deleteCount; self.text = text }
    /// Typing `text` as it is.
    public static func insert(_ text: String) -> TextEdit { TextEdit(text: text) }
    /// Sending `n` backspaces.
    public static func delete(_ n: Int) -> TextEdit { TextEdit(deleteCount: n, text: "") }
    /// `⌫×N "text"` (for tests and traces; never logged with real text).
    public var description: String { "⌫×\(deleteCount) \"\(text)\"" }
}

/// Keys that move the caret or end the line: the word being typed is over.
public enum ContextKey: String, Sendable, CaseIterable {
    /// Return or Enter: the word is learned, and a sentence starts.
    case `return`
    /// Tab (the focus may move): the word is learned.
    case tab
    /// Arrows, Home, End, Page Up/Down: the caret moved somewhere unknown; the word is not learned.
    case cursor
    /// Delete (forward), Escape and other editing keys: what is before the caret is no longer known.
    case other
}

/// What the engine may do with what the user types.
public enum WordPrivacy: String, Sendable, CaseIterable {
    /// Suggest and learn.
    case normal
    /// Suggest from the models, learn nothing (the `learn` setting off).
    case noLearn
    /// A secret (`entry --secure`, a password field): no suggestions, nothing learned, nothing kept.
    case secure
}
