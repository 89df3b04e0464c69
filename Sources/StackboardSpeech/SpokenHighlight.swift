import StackboardCore

/// A key as speech needs it: what it does and what it shows now.
public struct SpokenKey: Equatable, Hashable, Sendable {
    /// What the key does.
    public var action: Action
    /// Its label as shown now: shifted or not, a suggestion slot's word ("" for an empty slot).
    public var label: String

    /// A key that does `action` and shows `label`.
    public init(action: Action, label: String) {
        self.action = action
        self.label = label
    }
}

/// What a scan highlights, in the terms speech reads it.
public enum SpokenHighlight: Equatable, Hashable, Sendable {
    /// One key.
    case key(SpokenKey)
    /// A row or block of keys, read by its first keys (the suggestion bar by its words).
    case group([SpokenKey])
    /// The step that leaves a group without picking.
    case back
}
