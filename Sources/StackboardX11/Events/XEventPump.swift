import CX11
import StackboardCore
import StackboardSystem

/// What the application does with the typed events of the pump.
public protocol XEventPumpClient: AnyObject {
    /// One typed event, in the order the server reported its cause.
    func handle(_ event: WindowEvent, now: Double)
    /// After the turn's events: does what is due at `now` and repaints.
    func advance(to now: Double)
    /// When `advance` must be called even without events.
    var nextDeadline: Double? { get }
}

/// The process's one reader of X events: the loop's source for every X connection of the
/// process (the window's, the raw presses' of `OutsidePresses`), which reads what arrived on
/// each and hands every event to the components that want it (`XEventHandler.routes`, by window
/// and by extension, in the order they were added). The components turn events into typed
/// `WindowEvent`s; the client gets those, in order, then `advance` once per turn. Nothing else
/// in the program reads an event but the injector (a connection of its own for pings, and a
/// look at this queue before its keys go out).
public final class XEventPump: LoopSource {
    /// The connection of the window, read first every turn.
    private let main: XEventSource
    /// The other connections, in the order they were added.
    private var others: [XEventSource] = []
    /// Told about the typed events (held weakly: the client owns the pump).
    public weak var client: XEventPumpClient?

    /// A pump that reads `connection` (the window's).
    public init(connection: XConnection) {
        main = XEventSource(connection: connection, waits: { true })
    }

    /// Hands the events `handler` wants on the window's connection to it, after the handlers
    /// added before it.
    public func add(_ handler: XEventHandler) {
        main.add(handler)
    }

    /// Reads `connection` too, for `handler` alone; it is waited on only while `waits` holds
    /// (it is read every turn all the same). Returns the source, which the handler may read
    /// between turns (`XEventSource.read`).
    @discardableResult
    public func add(_ handler: XEventHandler, reading connection: XConnection, waits: @escaping () -> Bool) -> XEventSource {
        let source = XEventSource(connection: connection, waits: waits)
        source.add(handler)
        others.append(source)
        return source
    }

    /// Whether the server destroyed `window` (its DestroyNotify among the events already
    /// received, after a round trip); every other event stays where it is. For the end of a
    /// run, when the loop reads no more.
    public func noticeDestruction(of window: KeyboardWindow) {
        guard window.isUsable else { return }
        let connection = main.connection
        connection.sync()
        var event = XEvent()
        if XCheckTypedWindowEvent(connection.display, Window(window.windowID), DestroyNotify, &event) != 0 {
            window.isDestroyed = true
        }
    }

    private var sources: [XEventSource] { [main] + others }

    /// Blocks until `window` (which selects PropertyChangeMask) reports a change of `property`
    /// and returns its server time; its other property news is dropped. For a step of the start
    /// that runs before the loop does (a selection's timestamp, ICCCM).
    static func propertyChangeTime(_ display: OpaquePointer, window: Window, property: Atom) -> Time {
        var event = XEvent()
        while true {
            XWindowEvent(display, window, PropertyChangeMask, &event)
            if event.type == PropertyNotify && event.xproperty.atom == property { return event.xproperty.time }
        }
    }

    // MARK: LoopSource

    /// The window's connection, and the others that wait now.
    public var pollRequests: [PollRequest] {
        sources.filter { $0.waits() }.map { PollRequest(fd: $0.connection.fileDescriptor) }
    }

    /// The client's deadline and the handlers'.
    public var nextDeadline: Double? {
        var earliest = client?.nextDeadline
        for source in sources {
            for handler in source.handlers {
                if let due = handler.nextDeadline, earliest.map({ due < $0 }) ?? true { earliest = due }
            }
        }
        return earliest
    }

    /// One turn: reads the window's connection and hands the typed events to the client; then
    /// reads the other connections, lets every handler do what is due, hands those events on,
    /// and lets the client advance.
    public func dispatch(now: Double) {
        guard let client else { return }
        var batch = XEventBatch(now: now, display: main.connection.display)
        main.read(into: &batch)
        for handler in main.handlers { handler.finishBatch(&batch) }
        for event in batch.events { client.handle(event, now: MonotonicClock.now()) }
        let later = MonotonicClock.now()
        var due = XEventBatch(now: later, display: main.connection.display)
        for source in others { source.read(into: &due) }
        for source in sources {
            for handler in source.handlers { handler.advance(&due) }
        }
        for event in due.events { client.handle(event, now: later) }
        client.advance(to: later)
    }

    /// Flushes, and catches events that came in with the replies to our own requests.
    public func prepareToWait() -> Bool {
        main.connection.queuedEvents() > 0
    }
}

/// One X connection the pump reads, with the components its events go to.
public final class XEventSource {
    /// The connection.
    public let connection: XConnection
    /// Whether the loop waits on it now.
    let waits: () -> Bool
    private(set) var table = XEventRoutingTable()
    private(set) var handlers: [XEventHandler] = []
    /// The table's answers so far, by event kind: an event's handlers without sorting or
    /// allocating (the release of a tap is one of these lookups before its key goes out).
    private var known: [EventKind: [Int]] = [:]

    init(connection: XConnection, waits: @escaping () -> Bool) {
        self.connection = connection
        self.waits = waits
    }

    func add(_ handler: XEventHandler) {
        table.add(handler.routes)
        handlers.append(handler)
        known.removeAll()
    }

    /// Reads every event that has arrived, without blocking, and hands each to its handlers.
    public func read(into batch: inout XEventBatch) {
        let display = connection.display
        var event = XEvent()
        while XPending(display) > 0 {
            XNextEvent(display, &event)
            dispatch(&event, into: &batch)
        }
    }

    /// A round trip: every event the server generated before it is readable by `read` then
    /// (the server writes the reply after the events it queued for this connection).
    public func catchUp() {
        connection.sync()
    }

    private func dispatch(_ event: inout XEvent, into batch: inout XEventBatch) {
        let type = event.type
        let kind: EventKind
        if type == GenericEvent {
            kind = EventKind(type: type, window: nil, extension: event.xcookie.extension, evtype: event.xcookie.evtype)
        } else {
            // An extension's event has its own layout: no window where a core event has it.
            kind = EventKind(type: type, window: type < LASTEvent ? UInt(event.xany.window) : nil, extension: 0, evtype: 0)
        }
        let indices: [Int]
        if let found = known[kind] {
            indices = found
        } else {
            indices = type == GenericEvent ? table.handlers(extension: kind.extension, evtype: kind.evtype)
                : table.handlers(type: type, window: kind.window)
            // Other clients' windows come and go (exposes, property news): the memory stays small.
            if known.count >= 256 { known.removeAll(keepingCapacity: true) }
            known[kind] = indices
        }
        withUnsafeMutablePointer(to: &event) { pointer in
            let ref = XEventRef(pointer: pointer)
            for index in indices where handlers[index].handle(ref, in: &batch) { break }
        }
    }
}

/// What an event's handlers depend on: its type, and its window (a core event) or its
/// extension and evtype (an XGenericEvent).
private struct EventKind: Hashable {
    var type: Int32
    var window: UInt?
    var `extension`: Int32
    var evtype: Int32
}

/// The typed events of one batch of X events, in order, as the handlers make them; and a look
/// ahead in the queue for a handler that must know what follows.
public struct XEventBatch {
    /// When the batch is read (monotonic seconds).
    public let now: Double
    /// The typed events so far.
    public private(set) var events: [WindowEvent] = []
    private let display: OpaquePointer

    /// A batch read at `now` from `display` (a `Display *`). The pump makes them; a program
    /// that reads its own connection (a test) may too.
    public init(now: Double, display: OpaquePointer) {
        self.now = now
        self.display = display
    }

    /// Adds a typed event.
    public mutating func append(_ event: WindowEvent) {
        events.append(event)
    }

    /// The last typed event so far.
    public var last: WindowEvent? { events.last }

    /// Takes the last typed event back (coalescing: a hover replaced by the next one).
    public mutating func removeLast() {
        guard !events.isEmpty else { return }
        events.removeLast()
    }

    /// Whether an event that `matches` is in the queue already (`queuedEvent(on:where:)`).
    func isQueued(where matches: (UnsafePointer<XEvent>) -> Bool) -> Bool {
        queuedEvent(on: display, where: matches)
    }
}

/// Shows `visit` each event in Xlib's queue of `display`, in order, and leaves them there: an
/// `XCheckIfEvent` whose predicate never matches. Like it, when the queue holds events it also
/// reads what the socket holds and flushes the output (two system calls) before it gives up.
func visitQueuedEvents(on display: OpaquePointer, _ visit: (UnsafePointer<XEvent>) -> Void) {
    withoutActuallyEscaping(visit) { visit in
        var box = visit
        var scratch = XEvent()
        withUnsafeMutablePointer(to: &box) { pointer in
            _ = XCheckIfEvent(display, &scratch, { _, event, arg in
                guard let event, let arg else { return 0 }
                UnsafeMutableRawPointer(arg).assumingMemoryBound(to: ((UnsafePointer<XEvent>) -> Void).self).pointee(event)
                return 0
            }, UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: CChar.self))
        }
    }
}

/// Whether an event that `matches` is in Xlib's queue of `display` (`visitQueuedEvents`: what
/// the socket holds is read, without blocking; nothing is taken out).
func queuedEvent(on display: OpaquePointer, where matches: (UnsafePointer<XEvent>) -> Bool) -> Bool {
    var found = false
    visitQueuedEvents(on: display) { event in
        if !found, matches(event) { found = true }
    }
    return found
}
