import StackboardCore
import StackboardSound
import StackboardSystem
import StackboardX11

/// What an application (the keyboard, the entry window) does with its window's events.
protocol WindowShellClient: AnyObject {
    /// Offers one X event to the application's own components (injector, control channel,
    /// entry input) before the window: nil when none of them takes it, else the events it made.
    func route(_ event: XEventPointer, now: Double) -> [WindowEvent]?
    /// One event of the window, in order (touches are cancelled before `.hidden` arrives).
    func handle(_ event: WindowEvent, now: Double)
    /// After the events: does what is due at `now` and repaints.
    func advance(to now: Double)
    /// When `advance` must be called even without events.
    var nextDeadline: Double? { get }
}

/// The X side shared by the keyboard and the entry window: the connection, the window, touch
/// input, the signals, the clicks and the loop. As the loop's X source it reads the queue,
/// routes each event (the client's components first, then touch, then the window), expires
/// touches, reports X errors, and hands the rest to its client.
final class WindowShell: LoopSource {
    let connection: XConnection
    let window: KeyboardWindow
    /// XInput 2.2 touch on the window, one pointer per finger (nil without XInput 2.2).
    let touch: TouchInput?
    let signals: SignalWatcher
    let clicks: ClickSound
    let loop = EventLoop()
    weak var client: WindowShellClient?
    /// The protocol errors of the last turn, reported one turn late: an embedder that dies
    /// destroys the plug's window while a repaint is on its way, and those errors are no news.
    private var heldErrors: [XProtocolError] = []

    /// A shell for `window` on `connection`, playing clicks as `sound` says. Serves `signals`
    /// too (after the X events).
    init(connection: XConnection, window: KeyboardWindow, signals: SignalWatcher, sound: SoundOptions) {
        self.connection = connection
        self.window = window
        self.signals = signals
        touch = try? TouchInput(display: connection.display, window: window.windowID)
        clicks = startClicks(sound)
    }

    /// Runs the loop, serving `extra` sources too (after the X events and the signals), until
    /// the client stops it; returns how it ended.
    func run(extra: [LoopSource] = []) -> LoopEnd {
        let sources: [LoopSource] = [self, signals] + extra
        for source in sources { loop.add(source) }
        let end = loop.run()
        // The loop holds its sources: let them go when it is done.
        for source in sources { loop.remove(source) }
        // The window may be gone (an embedder died), which makes the errors about it none.
        window.noticeDestruction()
        finishReports()
        return end
    }

    /// Reports hover for dwell (the window's motion events; touch's emulated pointer events too).
    func setHoverTracking(_ on: Bool) {
        window.setHoverTracking(on)
        touch?.selectPointerEvents(on) // hover must not see the pointer jump to each first finger
    }

    // MARK: LoopSource

    var pollRequests: [PollRequest] { [PollRequest(fd: connection.fileDescriptor)] }

    var nextDeadline: Double? {
        [client?.nextDeadline, window.nextDeadline, touch?.nextDeadline].compactMap { $0 }.min()
    }

    func dispatch(now: Double) {
        guard let client else { return }
        let touch = self.touch
        let events = window.nextEvents { event in
            if let routed = client.route(event, now: now) { return routed }
            if let touch, let inputs = touch.translate(event, now: now) {
                // A finger's release sends its key first, as the pointer's does (KeyboardWindow).
                for case .release(let id, let point) in inputs { self.window.fireReleaseTrigger(pointer: id, at: point) }
                for case .press(_, _) in inputs { self.window.notePressTime(touch.lastEventTime) }
                // Each finger's root position goes just before its event (for a window moved under it).
                return inputs.flatMap { input -> [WindowEvent] in
                    switch input {
                    case .press(let id, _), .move(let id, _), .release(let id, _):
                        return touch.rootPosition(ofPointer: id).map { [.rootPosition(pointer: id, $0), .input(input)] } ?? [.input(input)]
                    default:
                        return [.input(input)]
                    }
                }
            }
            return nil
        }
        for event in events {
            if event == .hidden, let touch { for input in touch.cancelAll() { client.handle(.input(input), now: now) } }
            client.handle(event, now: MonotonicClock.now())
        }
        let later = MonotonicClock.now()
        window.advance(to: later)
        for input in touch?.expire(now: later) ?? [] { client.handle(.input(input), now: later) }
        client.advance(to: later)
        reportXErrors()
    }

    /// Flushes, and catches events that came in with the replies to our own requests.
    func prepareToWait() -> Bool {
        connection.queuedEvents() > 0
    }

    /// Reports the errors held from the last turn (but those about the window, if it has been
    /// destroyed since), and holds this turn's.
    func reportXErrors() {
        let (errors, dropped) = connection.takeErrors()
        let gone = !window.isUsable
        for error in heldErrors where !(gone && error.resource == window.windowID) {
            printError("stackboard: \(error.description)")
        }
        heldErrors = errors
        if dropped > 0 { printError("stackboard: \(dropped) more X errors") }
    }

    /// At the end: reports what is still held.
    func finishReports() {
        reportXErrors()
        reportXErrors()
    }
}
