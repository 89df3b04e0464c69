import StackboardCore
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
@testable import StackboardRender

/// Text measured and painted from several threads at once, each with painters of its own (two
/// keypads of StackboardKit in two threads, or tests run in parallel): cairo shares its FreeType
/// faces between all threads and closes one to open another when more than ten are open, so
/// without `TextLock` a thread could draw with a face another thread had just closed (signal 11).
@Suite struct ThreadedTextTests {
    /// Labels of more scripts (one font file each) than cairo keeps faces open, so that faces are
    /// closed and opened again all the time.
    static let labels = ["Ж", "ά", "ب", "ש", "क", "ক", "த", "ก", "ა", "Ա", "ሀ", "千", "한", "😀", "ខ", "ລ",
                         "မ", "ཀ", "ગ", "ਗ", "ಕ", "ക", "త", "ඛ", "ᐁ", "Ꭰ", "2 ABC", "删除"]

    /// What one round gave: the fitted size, the measured size and a hash of the painted pixels.
    struct Digest: Equatable {
        var size: Double
        var width: Double
        var height: Double
        var pixels: UInt64
    }

    /// Round `k`: a label of another script at another size fitted into a key, measured and
    /// painted; every tenth round also a whole keyboard and an entry field at a size of its own.
    static func round(_ k: Int, keys: KeyboardPainter, field: FieldPainter) throws -> Digest {
        let label = labels[k % labels.count]
        let side = 24 + Double(k % 41)
        let (image, ctx) = try Samples.canvas(Size(width: 72, height: 72))
        var digest = Digest(size: 0, width: 0, height: 0, pixels: 0)
        if let fitted = keys.text.fitted(label, width: side, height: side, preferred: side * 0.6, minimum: 9) {
            keys.text.draw(fitted, in: ctx, centeredIn: RectD(x: 0, y: 0, width: side, height: side), color: .black)
            digest.size = fitted.size
        }
        (digest.width, digest.height) = keys.text.measure(label, size: 8 + Double(k % 29) / 2)
        var hash = fnv(image.pixels())
        if k % 10 == 0 {
            let size = Size(width: 300 + k, height: 90 + k % 7)
            let (board, boardCtx) = try Samples.canvas(size)
            keys.paintAll(boardCtx, geometry: Samples.geometry(Samples.mixed, size), shifted: k % 20 == 0)
            field.paint(boardCtx, field: FieldPaint(text: label + " \(k)", cursorIndex: 1), in: Rect(x: 0, y: 0, width: 200 + k, height: 40))
            hash = hash &* 31 &+ fnv(board.pixels())
        }
        digest.pixels = hash
        return digest
    }

    /// FNV-1a over pixels.
    static func fnv(_ pixels: [UInt32]) -> UInt64 {
        pixels.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    /// `rounds` rounds from `start` on, with painters made for them (Pango is per painter).
    static func work(rounds: Int, start: Int) throws -> [Int: Digest] {
        let theme = try Samples.theme("light")
        let keys = try KeyboardPainter(theme: theme)
        let field = try FieldPainter(theme: theme)
        var digests: [Int: Digest] = [:]
        for i in 0..<rounds {
            let k = (start + i) % rounds
            digests[k] = try round(k, keys: keys, field: field)
        }
        return digests
    }

    @Test func fourThreadsFitMeasureAndPaintTextAsOneThreadDoes() throws {
        let rounds = 200
        let alone = try Self.work(rounds: rounds, start: 0)
        let results = Threads.run(count: 4) { i in
            Result { try Self.work(rounds: rounds, start: i * 50) }
        }
        #expect(results.count == 4)
        for (i, result) in results.enumerated() {
            let digests = try result.get()
            #expect(digests.count == rounds)
            let differing = (0..<rounds).filter { digests[$0] != alone[$0] }
            #expect(differing == [], "thread \(i): rounds that differ from the same rounds on one thread")
        }
    }
}

/// Threads of their own (not the test's executor, whose width is the number of cores), let go
/// together through a gate so that their work overlaps.
enum Threads {
    private class Runnable {
        func run() {}
    }

    private final class Job<T>: Runnable {
        let body: () -> T
        let gate: UnsafeMutablePointer<pthread_mutex_t>
        var result: T?
        init(body: @escaping () -> T, gate: UnsafeMutablePointer<pthread_mutex_t>) {
            self.body = body
            self.gate = gate
        }
        override func run() {
            pthread_mutex_lock(gate)
            pthread_mutex_unlock(gate)
            result = body()
        }
    }

    /// Runs `body(i)` for i in 0..<count, each on a thread of its own, all at once; returns the
    /// results in order (a test issue, and fewer results, when a thread cannot start).
    static func run<T>(count: Int, _ body: @escaping (Int) -> T) -> [T] {
        let gate = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        gate.initialize(to: pthread_mutex_t())
        pthread_mutex_init(gate, nil)
        defer { pthread_mutex_destroy(gate); gate.deallocate() }
        pthread_mutex_lock(gate)
        var started: [(pthread_t, Job<T>)] = []
        for i in 0..<count {
            let job = Job(body: { body(i) }, gate: gate)
            let raw = Unmanaged<Runnable>.passRetained(job).toOpaque()
            var thread = pthread_t()
            let rc = pthread_create(&thread, nil, { raw in
                if let raw { Unmanaged<Runnable>.fromOpaque(raw).takeRetainedValue().run() }
                return nil
            }, raw)
            if rc == 0 {
                started.append((thread, job))
            } else {
                Unmanaged<Runnable>.fromOpaque(raw).release()
                Issue.record("cannot start thread \(i) of \(count): pthread_create returned \(rc)")
            }
        }
        pthread_mutex_unlock(gate)
        return started.compactMap { thread, job in
            pthread_join(thread, nil)
            return job.result
        }
    }
}
