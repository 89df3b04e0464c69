extension NamedKey {
    /// How the key edits an entry field, for the keypad's keys and a physical keyboard's alike:
    /// BackSpace, Delete, the left and right arrows, Home and End move or delete; the others edit
    /// nothing (Return and Escape end the entry instead: done and cancel).
    public var fieldCommand: BufferCommand? {
        switch self {
        case .backspace: return .deleteBackward
        case .delete: return .deleteForward
        case .left: return .moveLeft
        case .right: return .moveRight
        case .home: return .moveToStart
        case .end: return .moveToEnd
        case .returnKey, .tab, .escape, .up, .down, .keysym: return nil
        }
    }
}
