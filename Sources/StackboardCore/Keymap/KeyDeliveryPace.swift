/// When an application that handles one key event per `perEvent` seconds has handled the key
/// events sent so far: how long the injector waits, for an application that does not answer
/// `_NET_WM_PING`, before it changes the keymap again (an Xlib client that is behind can look a
/// key up in a map changed after the key was sent, or miss the change altogether). Such an
/// application cannot say when it has read its keys; the default pace is the slowest at which an
/// application still keeps up with a person typing (5 key events, 2.5 characters, a second), so
/// anything slower must answer pings to be typed into exactly.
public struct KeyDeliveryPace: Equatable, Sendable {
    /// Seconds an application may take per key event.
    public var perEvent: Double
    /// When the events sent so far are handled (0: nothing sent).
    public private(set) var handledBy: Double = 0

    /// A pace of `perEvent` seconds per key event (default 0.2).
    public init(perEvent: Double = 0.2) { self.perEvent = max(0, perEvent) }

    /// Notes `events` key events sent at `now`; returns when they are handled.
    @discardableResult
    public mutating func sent(events: Int, at now: Double) -> Double {
        handledBy = max(handledBy, now) + perEvent * Double(max(0, events))
        return handledBy
    }

    /// A pong at `now` confirmed every event sent so far.
    public mutating func confirmed(at now: Double) {
        handledBy = min(handledBy, now)
    }
}
