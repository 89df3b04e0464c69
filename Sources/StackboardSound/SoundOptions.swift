/// The keyboard's sound settings (`--no-sound`, `--volume 0-100`, `--sound-device PCM`; parsed by the
/// settings table).
public struct SoundOptions: Equatable, Sendable {
    /// Whether clicks play at all (`--no-sound` turns them off).
    public var enabled: Bool
    /// Loudness 0...100 (0 is silent, 100 the samples as made).
    public var volume: Int
    /// The ALSA PCM name (`default`, `plughw:0`, `pulse`, ...).
    public var device: String

    /// The default volume.
    public static let defaultVolume = 60
    /// The default ALSA PCM.
    public static let defaultDevice = "default"

    /// Settings as given; `volume` is clamped to 0...100.
    public init(enabled: Bool = true, volume: Int = SoundOptions.defaultVolume, device: String = SoundOptions.defaultDevice) {
        self.enabled = enabled
        self.volume = min(100, max(0, volume))
        self.device = device
    }
}
