/// Bytes a word model is read from: an array (tests, small files) or a file mapped from disk
/// (the shipped models, so that loading copies nothing and the pages stay clean and shared).
public protocol ModelStorage: Sendable {
    /// Calls `body` with the bytes; they stay valid only during the call.
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
}

extension Array: ModelStorage where Element == UInt8 {}
