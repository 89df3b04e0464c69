import StackboardSystem
import Synchronization

/// Writes one language's learned words off the keyboard's loop: each save runs
/// `LearnedWordsStore.save` on a thread of its own, one at a time. At the bounds (20,000 words,
/// 60,000 pairs) making the file's bytes takes about 20 ms and the `fsync`s as long again or
/// more (`stackboard-bench words-learned`), and a save comes every few seconds of typing: on the
/// loop, that would hold up the taps behind it.
///
/// The model is a value: the thread writes the copy it was handed while the loop goes on
/// learning into its own (the first change after a hand-over copies what it changes). The
/// thread touches nothing else of the keyboard. Its failure is collected on the loop
/// (`collect`), which says it as before. `finish` waits for a write under way: the keyboard's
/// end does that before its own last save, so no save is cut off by the exit.
public final class LearnedWordsWriter {
    /// Where the files go.
    public let store: LearnedWordsStore
    /// The write under way, or the last one until it is collected.
    private var work: ThreadWork<Written>?
    /// Failures of writes that ended, not yet collected.
    private var unsaid: [WordModelError] = []

    /// How a write ended.
    private struct Written: Sendable {
        let failure: WordModelError?
    }

    /// A writer into `store`.
    public init(store: LearnedWordsStore) { self.store = store }

    /// Whether a write is under way.
    public var busy: Bool { work.map { $0.result == nil } ?? false }

    /// Starts writing `model` as `language`'s learned words. False when a write is under way (try
    /// again later). Where no thread can be started, the write happens here and now.
    public func start(_ model: UserWordModel, language: String) -> Bool {
        guard !busy else { return false }
        collectEnded()
        let store = store
        let pending = Pending(model)
        work = ThreadWork {
            let failure = pending.take().flatMap { Self.write($0, language, to: store) }
            // The copy's last hold may have been this thread's: its memory and the pages the
            // making of the file used go back before the thread ends.
            HeapMemory.giveBackFreePages()
            return Written(failure: failure)
        }
        return true
    }

    /// The failure of a write that ended since the last call (nil: none, or still under way).
    public func collect() -> WordModelError? {
        collectEnded()
        return unsaid.isEmpty ? nil : unsaid.removeFirst()
    }

    /// Waits for a write under way to end; returns a failure not yet collected, if any.
    public func finish() -> WordModelError? {
        _ = work?.wait()
        return collect()
    }

    private func collectEnded() {
        guard let ended = work?.result else { return }
        work = nil
        if let failure = ended.failure { unsaid.append(failure) }
    }

    private static func write(_ model: UserWordModel, _ language: String, to store: LearnedWordsStore) -> WordModelError? {
        do throws(WordModelError) {
            try store.save(model, language: language)
            return nil
        } catch {
            return error
        }
    }

    /// The model handed to the thread, let go as soon as it is written.
    private final class Pending: Sendable {
        private let model: Mutex<UserWordModel?>
        init(_ model: UserWordModel) { self.model = Mutex(model) }
        /// The model, once (nil after).
        func take() -> UserWordModel? {
            model.withLock { held in
                defer { held = nil }
                return held
            }
        }
    }
}
