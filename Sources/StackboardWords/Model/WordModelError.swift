import StackboardCore
/// Why a word model (shipped or learned) could not be read: the file and what is wrong with it.
public struct WordModelError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as it was named (empty when the bytes came from elsewhere).
    public var file: String
    /// What is wrong and what to do.
    public var message: String
    /// An error about `file`.
    public init(file: String, message: String) { self.file = file; self.message = message }
    /// `FILE: MESSAGE`.
    public var description: String { file.isEmpty ? message : file + ": " + message }
}
