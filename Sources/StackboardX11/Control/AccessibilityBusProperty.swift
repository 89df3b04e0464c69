import CX11

extension XConnection {
    /// The accessibility bus address that at-spi-bus-launcher publishes in the root window's
    /// `AT_SPI_BUS` property (STRING), nil when there is none. What GTK's atk-bridge reads before
    /// asking the session bus; pass it to `FocusTracker.Options.x11Address`.
    public func accessibilityBusAddress() -> String? {
        let atom = XInternAtom(display, "AT_SPI_BUS", 1) // only if it exists
        guard atom != 0 else { return nil }
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let rc = XGetWindowProperty(display, root, atom, 0, 4096, 0, Atom(XA_STRING), &type, &format, &count, &after, &data)
        defer { if let data { XFree(data) } }
        guard rc == Success, format == 8, count > 0, let data else { return nil }
        let bytes = Array(UnsafeBufferPointer(start: data, count: Int(count)))
        let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        return text.isEmpty ? nil : text
    }
}
