import Dispatch
import StackboardCore
import StackboardSystem

/// A swipe index made on a thread of its own, so that the first swipe's trail is drawn without
/// a stall: indexing takes about 30 ms for the 80,000 English words and 140 ms for the 150,000
/// Russian ones. It starts when the first swipe starts and is taken at its release (waited for
/// there if it is not done yet). The thread reads only the word list (immutable, `Sendable`)
/// and the geometry it was given; it touches no X, no painting and no state of the keypad.
final class SwipeIndexing: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Written by the thread before `done` is signalled; read only after waiting on `done`.
    private var made: SwipeDecoder?
    /// Whether `made` has been waited for.
    private var finished = false

    /// Starts indexing `vocabulary` for the letters of `geometry`.
    init(vocabulary: SwipeVocabulary, geometry: KeyboardGeometry) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            made = Self.index(vocabulary, for: geometry)
            done.signal()
        }
    }

    /// A decoder for the letters of `geometry` over `vocabulary`, made here and now (on the
    /// thread, or on the loop's when no index was started in time).
    static func index(_ vocabulary: SwipeVocabulary, for geometry: KeyboardGeometry) -> SwipeDecoder {
        let made = SwipeDecoder(vocabulary: vocabulary, geometry: geometry)
        // Indexing read every word of the model and left the heap's free pages of its lists.
        (vocabulary as? ShippedWordModel)?.releaseResidentPages()
        HeapMemory.giveBackFreePages()
        return made
    }

    /// The decoder, waiting for the thread if it is not done yet.
    func decoder() -> SwipeDecoder? {
        if !finished {
            done.wait()
            finished = true
        }
        return made
    }
}
