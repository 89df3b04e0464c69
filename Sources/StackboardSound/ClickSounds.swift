/// Chooses the click sound the keyboard uses.
public enum ClickSounds {
    /// A `ClickPlayer` for `options`, or a `SilentClickPlayer` when sound is off, the volume is 0,
    /// or the samples or the device cannot be used; in that last case `warn` gets the one line
    /// to print on stderr (without "stackboard: "). `samplesDirectory` nil: `ClickSamples.defaultDirectory()`.
    public static func make(options: SoundOptions, samplesDirectory: String? = nil,
                            warn: (String) -> Void) -> any ClickSound {
        guard options.enabled, options.volume > 0 else { return SilentClickPlayer() }
        guard let directory = samplesDirectory ?? ClickSamples.defaultDirectory() else {
            warn(SoundError.samples("no click samples found (looked for stackboard/sounds in the data folders)").startupWarning)
            return SilentClickPlayer()
        }
        do {
            return try ClickPlayer(device: options.device, volume: options.volume, samplesDirectory: directory)
        } catch {
            warn(error.startupWarning)
            return SilentClickPlayer()
        }
    }
}
