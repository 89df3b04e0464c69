#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Threads of their own for work that must not hold up the main loop (the click player's
/// playback) or that runs beside the start (Pango's opening and fontconfig's start). Each starts
/// with every signal blocked: signals belong to the main loop's signalfd, and a SIGPIPE becomes
/// an error return.
public enum DetachedThread {
    /// Runs `body` on a new thread nobody waits for; nil when it started, else why it could not.
    public static func start(_ body: @escaping @Sendable () -> Void) -> String? {
        switch ThreadStart.make(body) {
        case .success(let thread):
            pthread_detach(thread)
            return nil
        case .failure(let why):
            return why.text
        }
    }
}

/// A thread whose end can be waited for (`wait`): work another thread needs done before it goes
/// on. Let go unwaited, it is detached.
public final class JoinableThread: @unchecked Sendable {
    private let thread: pthread_t
    /// Whether `wait` returned (touched only by the one thread that waits, and by `deinit`).
    private var joined = false

    private init(thread: pthread_t) { self.thread = thread }

    /// Runs `body` on a new thread; nil when it could not start (run `body` yourself then).
    public static func start(_ body: @escaping @Sendable () -> Void) -> JoinableThread? {
        guard case .success(let thread) = ThreadStart.make(body) else { return nil }
        return JoinableThread(thread: thread)
    }

    /// Waits until the body has returned (at once after the first time). Call it from one thread.
    public func wait() {
        guard !joined else { return }
        joined = true
        pthread_join(thread, nil)
    }

    deinit {
        if !joined { pthread_detach(thread) }
    }
}

/// `pthread_create` with every signal blocked in the new thread, and a Swift closure as its body.
private enum ThreadStart {
    struct Failure: Error { let text: String }

    /// The closure, as an object to pass through `pthread_create`'s one pointer.
    final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    static func make(_ body: @escaping @Sendable () -> Void) -> Result<pthread_t, Failure> {
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let rc = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        guard rc == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return .failure(Failure(text: String(cString: strerror(rc))))
        }
        return .success(thread)
    }
}
