import CX11

extension XConnection {
    /// The accessibility bus address that at-spi-bus-launcher publishes in the root window's
    /// `AT_SPI_BUS` property (STRING), nil when there is none. What GTK's atk-bridge reads before
    /// asking the session bus; pass it to `FocusTracker.Options.x11Address`.
    public func accessibilityBusAddress() -> String? {
        let atom = XInternAtom(display, "AT_SPI_BUS", 1) // only if it exists
        guard atom != 0 else { return nil }
        guard let bytes = PropertyReader(display: display).string(atom, of: root, longs: 4096) else { return nil }
        let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        return text.isEmpty ? nil : text
    }
}
