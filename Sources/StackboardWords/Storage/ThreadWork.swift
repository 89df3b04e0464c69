import StackboardSystem
import Synchronization

/// Work done on a thread of its own, its result taken on the loop without waiting (`result`) or
/// waited for (`wait`). Where no thread can be started, the work is done at once, here.
final class ThreadWork<Value: Sendable> {
    private let thread: JoinableThread?
    /// The result, once the work put it there.
    private let box: Box

    private final class Box: Sendable {
        let value = Mutex<Value?>(nil)
    }

    /// Starts `work`.
    init(_ work: @escaping @Sendable () -> Value) {
        let box = Box()
        self.box = box
        let run: @Sendable () -> Void = {
            let value = work()
            box.value.withLock { $0 = value }
        }
        thread = JoinableThread.start(run)
        if thread == nil { run() }
    }

    /// The result if the work is done (the thread is then joined), else nil at once.
    var result: Value? {
        guard let value = box.value.withLock({ $0 }) else { return nil }
        thread?.wait()
        return value
    }

    /// The result, waiting for the work to end (nil only if the thread ended without one, which
    /// its body does not do).
    func wait() -> Value? {
        thread?.wait()
        return result
    }

    /// The result, moved out (this object keeps no hold on it, so a value type's storage in it is
    /// the caller's alone; `result` is nil after): waiting for the work with `waiting`, else nil
    /// while it runs.
    func take(waiting: Bool) -> Value? {
        if waiting { thread?.wait() }
        let value = box.value.withLock { held in
            defer { held = nil }
            return held
        }
        if value != nil { thread?.wait() }
        return value
    }
}
