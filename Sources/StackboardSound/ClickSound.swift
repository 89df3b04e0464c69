import StackboardCore

/// Something that plays key clicks: a `ClickPlayer` on an ALSA device, or `SilentClickPlayer`.
/// `play` is safe to call from any thread and never waits for audio.
public protocol ClickSound: AnyObject, Sendable {
    /// Starts the click for `kind` and returns at once (a newer click cuts an older one short).
    func play(_ kind: ClickKind)
    /// Stops playing and releases the device; later `play` calls do nothing.
    func close()
}

/// A click sound that plays nothing: for `--no-sound`, volume 0, or when no device could be opened.
public final class SilentClickPlayer: ClickSound {
    /// A player that ignores every request.
    public init() {}
    /// Does nothing.
    public func play(_ kind: ClickKind) {}
    /// Does nothing.
    public func close() {}
}
