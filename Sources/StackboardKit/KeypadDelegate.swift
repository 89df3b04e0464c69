import StackboardCore

/// What a `Keypad` tells the application that embeds it. Every method is called on the thread
/// that calls `Keypad.handle(event:)` or `advance(to:)`, after the keypad's own copy of the
/// field changed.
public protocol KeypadDelegate: AnyObject {
    /// Whether `text` may be inserted into the field, which holds `current` (should-change
    /// validation). Called after the layout's own rules (max length, allowed characters) agreed.
    /// Returning false refuses it: `keypad(_:didReject:)` follows.
    func keypad(_ keypad: Keypad, shouldInsert text: String, into current: String) -> Bool
    /// `text` was inserted at the cursor.
    func keypad(_ keypad: Keypad, didInsert text: String)
    /// Backspace: one character before the cursor was deleted, or the field was already empty
    /// (a host may then move to the previous field).
    func keypadDidDeleteBackward(_ keypad: Keypad)
    /// The done (or return) key.
    func keypadDidFinish(_ keypad: Keypad)
    /// The cancel (or escape) key.
    func keypadDidCancel(_ keypad: Keypad)
    /// Input the rules or `shouldInsert` refused; show a cue (the keypad plays no sound).
    func keypad(_ keypad: Keypad, didReject reason: RejectReason)
    /// Any other change of the field: clear, forward delete, a multiplier, a cursor move, the
    /// pending Morse code. Read `keypad.text` for the new text.
    func keypad(_ keypad: Keypad, didChange event: EntryEvent)
}

extension KeypadDelegate {
    /// By default every insert the layout's rules allow is accepted.
    public func keypad(_ keypad: Keypad, shouldInsert text: String, into current: String) -> Bool { true }
    /// By default refusals are not shown.
    public func keypad(_ keypad: Keypad, didReject reason: RejectReason) {}
    /// By default other changes are ignored.
    public func keypad(_ keypad: Keypad, didChange event: EntryEvent) {}
}
