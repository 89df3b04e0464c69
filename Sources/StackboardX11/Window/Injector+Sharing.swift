extension Injector {
    /// An injector on the keyboard window's connection: one socket for both. Pass it every event
    /// read from the connection first (`handle(xEvent:)`: keymap, state and record notifications),
    /// call `expireIdle(now:)` when `nextDeadline` is due, and `shutdown()` before the connection
    /// goes. A keyboard never blocks on a slow
    /// application: keys that need a keymap change it is not ready for are queued and sent from
    /// `expireIdle` (`defersWhenBusy`), and waiting for another Stackboard process to give back a
    /// keycode stops after a second.
    public convenience init(sharing connection: XConnection, idleRestoreSeconds: Double = 10) throws(InjectorError) {
        try self.init(display: connection.display, idleRestoreSeconds: idleRestoreSeconds)
        defersWhenBusy = true
        keycodeWaitSeconds = 1
    }
}
