import CX11

/// Which events a component of the pump wants: st's `handler[ev.type]`, by window and by
/// extension.
public enum XEventRoute: Hashable, Sendable {
    /// The core events reported to this window (`xany.window`: the window the event was selected
    /// on, so the root for its children's structure news).
    case window(UInt)
    /// Every event of this type, whatever its window (a core type, or an extension's event code
    /// such as RandR's).
    case type(Int32)
    /// The XGenericEvents of an extension (its major opcode) with this `evtype` (XInput 2's).
    case generic(extension: Int32, evtype: Int32)
    /// Every event (a component that sorts them itself, the injector).
    case every
}

/// The pump's routing table: which handlers get an event, by their index (the order they were
/// added in, which is their priority: a handler that uses an event up hides it from those after
/// it). Pure: it knows event codes and window ids, no X.
public struct XEventRoutingTable: Equatable, Sendable {
    private var byRoute: [XEventRoute: [Int]] = [:]
    /// How many handlers were added.
    public private(set) var count = 0

    /// An empty table.
    public init() {}

    /// Adds the next handler with the events it wants; returns its index.
    @discardableResult
    public mutating func add(_ routes: [XEventRoute]) -> Int {
        let index = count
        count += 1
        for route in Set(routes) { byRoute[route, default: []].append(index) }
        return index
    }

    /// The handlers of a core or extension event of `type`, in priority order. `window` is the
    /// window a core event was reported to (nil for an extension's event, whose layout differs).
    public func handlers(type: Int32, window: UInt?) -> [Int] {
        merged(byRoute[.type(type)], window.flatMap { byRoute[.window($0)] })
    }

    /// The handlers of an XGenericEvent of extension `opcode` and `evtype`, in priority order.
    public func handlers(extension opcode: Int32, evtype: Int32) -> [Int] {
        merged(byRoute[.generic(extension: opcode, evtype: evtype)], nil)
    }

    /// The handlers of the event's routes and those that take every event, in index order,
    /// each once.
    private func merged(_ a: [Int]?, _ b: [Int]?) -> [Int] {
        let lists = [byRoute[.every], a, b].compactMap { $0 }
        if lists.count == 1, let only = lists.first { return only }
        var out: [Int] = []
        for index in lists.joined().sorted() where out.last != index { out.append(index) }
        return out
    }
}

/// An X event as the pump hands it to its handlers; what it points to is StackboardX11's.
public struct XEventRef {
    /// The event, in the queue being read (a handler may read its cookie's data).
    let pointer: UnsafeMutablePointer<XEvent>
}

/// A component the X event pump hands events to: the window, its input, the control channel,
/// the plug, the monitor, invoker and context watchers, the injector. It says which events it
/// wants (`routes`), turns those into typed events (`XEventBatch.append`), and may use an event
/// up so that the components after it never see it.
public protocol XEventHandler: AnyObject {
    /// The events it wants (read once, when it is added to the pump).
    var routes: [XEventRoute] { get }
    /// Handles one event routed to it; true when it is used up.
    func handle(_ event: XEventRef, in batch: inout XEventBatch) -> Bool
    /// After every event of a batch was read: work done once per batch (repaint after exposes).
    func finishBatch(_ batch: inout XEventBatch)
    /// When `advance` must run even without events (nil: only on events).
    var nextDeadline: Double? { get }
    /// Once per turn, after the batch was delivered: what is due at `batch.now`.
    func advance(_ batch: inout XEventBatch)
}

extension XEventHandler {
    /// Nothing to do once per batch.
    public func finishBatch(_ batch: inout XEventBatch) {}
    /// No deadline.
    public var nextDeadline: Double? { nil }
    /// Nothing due.
    public func advance(_ batch: inout XEventBatch) {}
}
