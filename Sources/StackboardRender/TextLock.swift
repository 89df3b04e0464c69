#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The one lock of the process around text: every Pango call, and every cairo call that can
/// make, use or let go of a font, holds it (the painters' entry points, `TextRenderer`, layouts
/// and contexts going away). Each painter has its own Pango font map and context, but under them
/// cairo keeps one FreeType face per font file for the whole process, on one `FT_Library`, and
/// with more than ten open it closes one that no thread holds at that instant to open another
/// (`_cairo_ft_unscaled_font_lock_face`, which neither takes the closed face's own lock nor
/// serialises `FT_New_Face` / `FT_Done_Face` as FreeType asks). Two threads with text of many
/// scripts (two keypads of StackboardKit in two threads; tests run in parallel) would draw with
/// a face the other had just closed: signal 11 in cairo or FreeType, or a wrong glyph.
///
/// A keyboard paints on one thread, so the lock is never contended there: taking it costs a
/// few nanoseconds. It is recursive, so that a painter holding it may measure and draw (each of
/// which takes it too). A painter calls its `states` closure holding it: keep that a lookup that
/// never waits for another thread. It does not guard text that other code of the process (a
/// host's own GTK, say) draws with cairo without it.
enum TextLock {
    /// The recursive pthread mutex, made at first use (a global's initialiser runs once) and
    /// kept as long as the process runs.
    private final class Storage: @unchecked Sendable {
        let mutex: UnsafeMutablePointer<pthread_mutex_t>

        init() {
            mutex = .allocate(capacity: 1)
            mutex.initialize(to: pthread_mutex_t())
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
            pthread_mutex_init(mutex, &attributes)
            pthread_mutexattr_destroy(&attributes)
        }
    }

    private static let storage = Storage()

    /// Runs `body` holding the lock (waiting while another thread holds it).
    @inline(__always)
    static func held<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let mutex = storage.mutex
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
