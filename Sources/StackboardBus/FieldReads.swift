import StackboardCore

/// When the keyboard reads the focused field's text before the caret (AT-SPI's Text interface,
/// `FocusTracker.readTextBeforeCaret`) for the word engine's context. Pure: time is passed in.
///
/// Rules (tested in `Tests/StackboardBusTests/FieldReadsTests.swift`):
/// - A read is wanted when a field gets the focus, when its caret moves (a click in the text,
///   the application's own change, or a key), and when the keyboard loses track of the text (a
///   click elsewhere, a physical key).
/// - It is asked only once the keyboard has typed nothing for `quietSeconds`: while the user
///   types, the keyboard's own record is the context, and a read could miss keys the application
///   has not handled yet. So a burst of typing costs no reads; a pause costs one. After a click
///   or in another field (`want(now: true)`) the keys before are not the context: it is asked at
///   once.
/// - One read at a time. Its answer is used only when the keyboard typed nothing since it was
///   asked (else it is asked again once quiet), and only for the field it was asked of (`drop`
///   starts a new field: older answers are stale). An answer that never comes is given up after
///   `limitSeconds`.
public struct FieldReads: Equatable, Sendable {
    /// How long the keyboard must have typed nothing before a read is asked: s.
    public static let quietSeconds = 0.4
    /// How long a read may take before it is given up: s.
    public static let limitSeconds = 5.0

    /// Whether a read waits to be asked.
    public private(set) var wanted = false
    /// When the read under way was asked (nil: none is).
    public private(set) var askedAt: Double?
    /// Counts the fields (and the reads given up): an answer of another number is stale.
    public private(set) var generation = 0
    private var lastTyped = -Double.infinity
    private var typedSinceAsked = false
    /// The read wanted is due at once, quiet or not.
    private var urgent = false

    /// No read wanted or under way.
    public init() {}

    /// The text before the caret may have changed: read it when quiet (`now`: at once, as after a
    /// click or another field, where keys typed before are no longer the caret's context).
    public mutating func want(now: Bool = false) {
        wanted = true
        if now { urgent = true }
    }

    /// The keyboard typed (or sent a key) at `now`.
    public mutating func typed(now: Double) {
        lastTyped = now
        if askedAt != nil { typedSinceAsked = true }
    }

    /// Another field (or none): what was wanted or asked is for the old one.
    public mutating func drop() {
        wanted = false
        urgent = false
        askedAt = nil
        generation += 1
    }

    /// When `askIfDue` has something to do: a wanted read once quiet, a read under way's limit.
    public var nextDeadline: Double? {
        if let askedAt { return askedAt + Self.limitSeconds }
        guard wanted else { return nil }
        return urgent ? -Double.infinity : lastTyped + Self.quietSeconds
    }

    /// Whether a read is to be asked now; it is then under way (with `generation`).
    public mutating func askIfDue(now: Double) -> Bool {
        if let asked = askedAt, now - asked >= Self.limitSeconds {
            askedAt = nil
            generation += 1
            wanted = true
        }
        guard wanted, askedAt == nil, urgent || now >= lastTyped + Self.quietSeconds else { return false }
        wanted = false
        urgent = false
        askedAt = now
        typedSinceAsked = false
        return true
    }

    /// The answer to the read of `generation` came: whether to use it.
    public mutating func answered(generation asked: Int) -> Bool {
        guard asked == generation, askedAt != nil else { return false }
        askedAt = nil
        if typedSinceAsked {
            wanted = true
            return false
        }
        return true
    }
}
