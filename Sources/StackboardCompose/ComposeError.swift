/// Why a composing engine cannot start: what failed, and what to do.
public struct ComposeError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The message, saying what to do.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
