import StackboardCore
/// Whether the focused field is a password field, from the focus tracker's reports alone: the
/// keyboard follows it with or without auto-show, so that nothing typed into a password field is
/// learned or suggested even when the user shows the keyboard by hand (or auto-show is paused).
///
/// Rules (tested in Tests/StackboardCoreTests/SecureFieldWatchTests.swift):
/// - The focus going to a password field makes it secure; the focus going anywhere else (another
///   field, a button, a window of any application) ends it.
/// - The password field losing the focus, or its application leaving the bus, ends it; a loss
///   reported for another object changes nothing (events arrive out of order).
/// - The accessibility bus going away changes nothing: while nothing can be known, a password
///   field stays secure (privacy first); the next focus report decides again.
/// - Reports about `ownProcess` (the keyboard itself) are ignored.
public struct SecureFieldWatch: Equatable, Sendable {
    /// The keyboard's own process id; its focus reports are ignored.
    public var ownProcess: Int32?
    /// The password field that has the focus (nil: none known).
    public private(set) var field: AccessibleID?

    /// A watch with no password field focused.
    public init(ownProcess: Int32? = nil) { self.ownProcess = ownProcess }

    /// Whether what is typed now goes into a password field.
    public var isSecure: Bool { field != nil }

    /// Takes in a focus report; true when `isSecure` changed.
    public mutating func handle(_ input: AutoShowInput) -> Bool {
        let was = isSecure
        switch input {
        case .focused(let facts):
            if let own = ownProcess, facts.pid == own { break }
            field = facts.isEditable && facts.fieldKind.isSecure ? facts.id : nil
        case .unfocused(let id):
            if field == id { field = nil }
        case .applicationGone(let bus):
            if field?.busName == bus { field = nil }
        case .trackingLost, .physicalKey, .commanded, .invoker, .paused:
            break
        }
        return isSecure != was
    }
}
