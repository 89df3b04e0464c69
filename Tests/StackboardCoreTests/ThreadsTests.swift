import Foundation
import StackboardSystem
import Testing

/// A counter several threads may bump (a lock around it).
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func bump() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}

struct ThreadsTests {
    @Test func waitReturnsOnceTheBodyHasRun() {
        let counter = Counter()
        let thread = JoinableThread.start {
            usleep(20_000) // the waiter must really wait
            counter.bump()
        }
        #expect(thread != nil)
        thread?.wait()
        #expect(counter.value == 1)
        thread?.wait() // again: at once, nothing run twice
        #expect(counter.value == 1)
    }

    @Test func theThreadsRunWithEverySignalBlocked() {
        let blocked = Counter()
        let thread = JoinableThread.start {
            var mask = sigset_t()
            pthread_sigmask(SIG_BLOCK, nil, &mask)
            if sigismember(&mask, SIGTERM) == 1, sigismember(&mask, SIGINT) == 1, sigismember(&mask, SIGPIPE) == 1 {
                blocked.bump()
            }
        }
        thread?.wait()
        #expect(blocked.value == 1)
        // The caller's own mask is as it was.
        var mine = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &mine)
        #expect(sigismember(&mine, SIGPIPE) == 0)
    }

    @Test func aDetachedThreadRuns() {
        let counter = Counter()
        #expect(DetachedThread.start { counter.bump() } == nil)
        let deadline = Date().addingTimeInterval(10)
        while counter.value == 0, Date() < deadline { usleep(1_000) }
        #expect(counter.value == 1)
    }
}
