import StackboardCore
/// Bytes a word model is read from: an array (tests, small files) or a file mapped from disk
/// (the shipped models, so that loading copies nothing and the pages stay clean and shared).
public protocol ModelStorage: Sendable {
    /// Calls `body` with the bytes; they stay valid only during the call.
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
    /// Lets the system take back the pages read so far when it can read them again (a mapped
    /// file's pages, after the load's checks and the swipe index have read all of it): the
    /// process then holds only what later look-ups touch. The bytes stay the same.
    func releaseResidentPages()
}

extension ModelStorage {
    /// Nothing to release (bytes in the heap).
    public func releaseResidentPages() {}
}

extension Array: ModelStorage where Element == UInt8 {}
