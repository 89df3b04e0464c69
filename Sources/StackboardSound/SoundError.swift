/// Why click sounds cannot play; `description` is one sentence without the program name.
public enum SoundError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The click samples are missing or unreadable (a broken installation).
    case samples(String)
    /// The ALSA device cannot be opened or set up.
    case device(String)

    /// The reason in words.
    public var description: String {
        switch self {
        case .samples(let text), .device(let text): return text
        }
    }

    /// The one line the keyboard prints at start-up before going silent (without "stackboard: ").
    public var startupWarning: String {
        switch self {
        case .samples(let text):
            return "no sound (\(text)); reinstall stackboard, or use --no-sound to silence this"
        case .device(let text):
            return "no sound (\(text)); use --no-sound to silence this, or --sound-device to pick another"
        }
    }
}
