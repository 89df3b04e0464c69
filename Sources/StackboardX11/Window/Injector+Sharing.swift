extension Injector {
    /// An injector on the keyboard window's connection: one socket for both. Pass it every event
    /// read from the connection first (`handle(xEvent:)`: keymap, state and record notifications),
    /// add `pongSource` to the loop, call `expireIdle(now:)` when `nextDeadline` is due, and
    /// `shutdown()` before the connection goes. Deferred keys go only into the window they were
    /// asked for, and are dropped after waiting in vain (`defersWhenBusy`); waiting for another
    /// Stackboard process to give back a keycode stops after a second.
    public convenience init(sharing connection: XConnection, idleRestoreSeconds: Double = 10) throws(InjectorError) {
        try self.init(display: connection.display, idleRestoreSeconds: idleRestoreSeconds)
        defersWhenBusy = true
        keycodeWaitSeconds = 1
    }
}
