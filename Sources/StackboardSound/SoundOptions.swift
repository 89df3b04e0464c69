/// The keyboard's sound settings: `--no-sound`, `--volume 0-100`, `--sound-device PCM`.
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

    /// A bad option value, with a message in the command line's style (the app shows it as a usage error).
    public struct OptionError: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong and what to give instead.
        public let message: String
        /// The message.
        public var description: String { message }
    }

    /// Settings from the raw option values (nil when an option was not given), on top of `base`
    /// (defaults, or what a configuration file said). Rejects a volume that is not a whole number
    /// from 0 to 100 and an empty device name.
    public static func parse(noSound: Bool, volume: String?, device: String?,
                             base: SoundOptions = SoundOptions()) throws(OptionError) -> SoundOptions {
        var options = base
        if noSound { options.enabled = false }
        if let volume {
            guard let v = Int(volume.trimmingSpaces), (0...100).contains(v) else {
                throw OptionError(message: "Option '--volume' wants a whole number from 0 to 100, not '\(volume)'.")
            }
            options.volume = v
        }
        if let device {
            guard !device.trimmingSpaces.isEmpty else {
                throw OptionError(message: "Option '--sound-device' wants an ALSA PCM name, for example '--sound-device default' or '--sound-device plughw:0'.")
            }
            options.device = device
        }
        return options
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return String(s)
    }
}
