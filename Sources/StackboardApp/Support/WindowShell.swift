import StackboardCore
import StackboardSound
import StackboardSystem
import StackboardX11

/// What an application (the keyboard, the entry window) does with the pump's typed events.
protocol WindowShellClient: AnyObject {
    /// One event, in order (touches are cancelled before `.hidden` arrives).
    func handle(_ event: WindowEvent, now: Double)
    /// After the events: does what is due at `now` and repaints.
    func advance(to now: Double)
    /// When `advance` must be called even without events.
    var nextDeadline: Double? { get }
}

/// The X side shared by the keyboard and the entry window: the connection, the window, the X
/// event pump (which reads the connection, hands each event to the components added to it and
/// the window's input and the window last, and reports typed events), the signals, the clicks and
/// the loop. It hands the pump's events to its client and reports X errors after each turn.
final class WindowShell: XEventPumpClient {
    let connection: XConnection
    let window: KeyboardWindow
    /// The loop's one reader of X events.
    let pump: XEventPump
    let signals: SignalWatcher
    /// The clicks (another player once the settings panel changed the sound: `setSound`).
    private(set) var clicks: ClickSound
    let loop = EventLoop()
    weak var client: WindowShellClient?
    /// The protocol errors of the last turn, reported one turn late: an embedder that dies
    /// destroys the plug's window while a repaint is on its way, and those errors are no news.
    private var heldErrors: [XProtocolError] = []

    /// A shell for `window` on `connection`, playing clicks as `sound` says, with XInput 2.2
    /// touch on the window when the server has it. Serves `signals` too (after the X events).
    init(connection: XConnection, window: KeyboardWindow, signals: SignalWatcher, sound: SoundOptions) {
        self.connection = connection
        self.window = window
        self.signals = signals
        pump = XEventPump(connection: connection)
        window.input.startTouch()
        clicks = startClicks(sound)
        pump.client = self
    }

    /// Plays clicks as `sound` says from now on: the player there was is closed (its device let
    /// go) and another started.
    func setSound(_ sound: SoundOptions) {
        clicks.close()
        clicks = startClicks(sound)
    }

    /// Adds the application's components to the pump, in the order they get events (one that
    /// uses an event up hides it from those after it), then the window's input and the window.
    func add(_ components: [XEventHandler]) {
        for component in components { pump.add(component) }
        pump.add(window.input)
        pump.add(window)
    }

    /// Grabs the scan switch device `name` (`--scan-device`) and reads it on its own connection,
    /// its switches coming as `.switched` events. Nil without a name, or when it cannot be had:
    /// then one line says why and the other switches go on.
    func grabSwitchDevice(named name: String?) -> SwitchDevice? {
        guard let name else { return nil }
        do {
            let device = try SwitchDevice(displayName: connection.name, name: name)
            pump.add(device, reading: device.connection, waits: { true })
            return device
        } catch {
            printError("stackboard: \(error.description)")
            return nil
        }
    }

    /// Runs the loop, serving `extra` sources too (after the X events and the signals), until
    /// the client stops it; returns how it ended.
    func run(extra: [LoopSource] = []) -> LoopEnd {
        let sources: [LoopSource] = [pump, signals] + extra
        for source in sources { loop.add(source) }
        let end = loop.run()
        // The loop holds its sources: let them go when it is done.
        for source in sources { loop.remove(source) }
        // The window may be gone (an embedder died), which makes the errors about it none.
        pump.noticeDestruction(of: window)
        finishReports()
        return end
    }

    // MARK: XEventPumpClient

    func handle(_ event: WindowEvent, now: Double) {
        client?.handle(event, now: now)
    }

    func advance(to now: Double) {
        client?.advance(to: now)
        reportXErrors()
    }

    var nextDeadline: Double? { client?.nextDeadline }

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
