extension Injector {
    /// An injector on the keyboard window's connection: one socket for both. Hand it to
    /// `KeyboardWindow.forwardEvents(to:)` so that it sees keymap notifications, and call
    /// `shutdown()` before the connection goes (the window does so in its deinit at the latest).
    public convenience init(sharing connection: XConnection, idleRestoreSeconds: Double = 10) throws(InjectorError) {
        try self.init(display: connection.display, idleRestoreSeconds: idleRestoreSeconds)
    }
}
