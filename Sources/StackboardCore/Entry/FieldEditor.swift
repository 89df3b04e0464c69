/// The text a keypad edits, and the rejected-input cue: an `EntrySession` plus the time until
/// which the field flashes. `stackboard entry` and `Keypad` both edit through it, so the field
/// rules, Morse and multipliers behave the same in both.
///
/// Time is passed in (seconds on any monotonic clock); `nextDeadline` says when the flash ends.
public struct FieldEditor: Sendable {
    /// How long the field flashes after refused input, in seconds.
    public static let flashDuration = 0.3

    /// The field: text, cursor, rules, pending Morse code. Never log its text.
    public private(set) var session: EntrySession
    /// Until when the field shows the rejected-input cue (nil: not flashing).
    public private(set) var flashUntil: Double?

    /// An editor of `session`.
    public init(session: EntrySession) {
        self.session = session
    }

    /// Whether the field is flashing at `now`.
    public func isFlashing(at now: Double) -> Bool {
        flashUntil.map { now < $0 } ?? false
    }

    /// When `advance(to:)` must be called next: the end of the flash.
    public var nextDeadline: Double? { flashUntil }

    /// Ends the flash when it is due. Returns true when it ended (repaint the field).
    public mutating func advance(to now: Double) -> Bool {
        guard let until = flashUntil, until <= now else { return false }
        flashUntil = nil
        return true
    }

    /// Carries out `command` at `now` and returns the events it caused. `shouldInsert` (the text
    /// to insert, the field's text before it) may refuse an insert, a decoded Morse letter
    /// included: then nothing changes and the command is reported as `.reject(.notAllowed)`.
    /// Any refusal starts the flash.
    public mutating func apply(_ command: BufferCommand, now: Double,
                               shouldInsert: ((String, String) -> Bool)? = nil) -> [EntryEvent] {
        var trial = session
        let events = trial.apply(command)
        if let shouldInsert {
            for case .insert(let text) in events where !shouldInsert(text, session.text) {
                return refused([.reject(.notAllowed(character: text.first ?? " "))], now: now)
            }
        }
        session = trial
        return refused(events, now: now)
    }

    /// A tap on the field: the cursor goes before grapheme `index` (a pending Morse code is
    /// finished first, as any other command would).
    public mutating func setCursor(_ index: Int, now: Double) -> [EntryEvent] {
        refused(session.setCursor(index), now: now)
    }

    /// The user accepted the field: a pending Morse letter is finished first; `.done` comes last.
    public mutating func done(now: Double) -> [EntryEvent] {
        refused(session.done(), now: now)
    }

    /// The user cancelled (a pending Morse code is dropped).
    public mutating func cancel() -> EntryEvent {
        session.cancel()
    }

    /// Replaces the field with `text` (cursor at the end), keeping the rules; the host's own
    /// edits. The text is not checked against the rules.
    public mutating func replaceText(_ text: String) {
        session = EntrySession(initial: text, rules: session.rules, decimalSeparator: session.decimalSeparator,
                               reportBackspaceOnEmpty: session.reportBackspaceOnEmpty)
    }

    /// Starts the flash when `events` hold a refusal; returns them.
    private mutating func refused(_ events: [EntryEvent], now: Double) -> [EntryEvent] {
        if events.contains(where: { if case .reject = $0 { return true } else { return false } }) {
            flashUntil = now + Self.flashDuration
        }
        return events
    }
}
