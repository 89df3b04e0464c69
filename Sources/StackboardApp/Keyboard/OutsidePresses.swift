import StackboardCore
import StackboardSystem
import StackboardX11

/// The clicks and taps outside the keyboard, which start the word context again: the
/// display's raw presses (`PressWatcher`, a connection of their own) against the keyboard's
/// own presses (`PressMatcher`). The raw presses are waited on only while the pointer is not
/// over the keyboard, and read before each press of the keyboard's own, so that a tap on the
/// keyboard wakes it once, not twice (PressWatcher says why that matters).
final class OutsidePresses: LoopSource {
    private let window: KeyboardWindow
    private var watcher: PressWatcher?
    private var matcher = PressMatcher()

    init(window: KeyboardWindow) { self.window = window }

    /// Opens the watcher's connection (after the first frame: it costs a connection and a few
    /// round trips). Without XInput 2 no press is seen and the context is kept across clicks.
    func start() {
        watcher = try? PressWatcher(displayName: window.connection.name)
    }

    /// A press on the keyboard (`press`, from its window) at `now`. The raw presses that came
    /// before it are read first, its own too: the server may write that one to the watcher's
    /// connection after the press to the window's (it flushes its clients one by one, and a
    /// loaded machine can preempt it in between), so when it is not there yet a round trip on
    /// the watcher's connection fetches it (`PressWatcher.catchUp`; no timeout to guess). Then a
    /// click elsewhere before this press is known before the press's key goes out.
    func ownPress(_ press: OwnPress, at now: Double) {
        read(now: now)
        if let time = press.time, let watcher, !matcher.hasRaw(time: time) {
            watcher.catchUp()
            read(now: now)
        }
        matcher.ownPress(press, at: now)
    }

    /// How many presses were outside the keyboard by `now` (each counted once).
    func outside(now: Double) -> Int { matcher.outsidePresses(now: now) }

    /// Whether the loop waits on the watcher's connection now.
    private var waits: Bool {
        watcher != nil && !window.pointerInside
    }

    private func read(now: Double) {
        guard let watcher else { return }
        for time in watcher.drain() { matcher.rawPress(time: time, at: now) }
    }

    // MARK: LoopSource

    var pollRequests: [PollRequest] {
        guard waits, let watcher else { return [] }
        return [PollRequest(fd: watcher.fileDescriptor)]
    }

    var nextDeadline: Double? { matcher.nextDeadline }

    /// Reads what came at every turn (a syscall, after the turn's key went out), waited on or
    /// not: presses the keyboard does not type for (the wheel over it) do not pile up.
    func dispatch(now: Double) {
        read(now: now)
    }
}
