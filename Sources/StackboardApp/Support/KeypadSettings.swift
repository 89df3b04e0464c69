import StackboardCore
import StackboardRender
import StackboardSound

/// The settings of the keypad itself, which the keyboard and `stackboard entry` read the same
/// way from the settings table (the command line over config.json over the defaults): its look,
/// its sound and its words.
struct KeypadSettings {
    /// The theme, if given (else the layout's preference, else light: `theme(for:)`).
    var theme: Theme?
    /// Multiplies the default size, line widths, radii and the smallest label.
    var scale: Double
    /// Sound on or off, volume, device.
    var sound: SoundOptions
    /// `--language`: the suggestions' language (nil: the layout's, else English).
    var language: String?
    /// Whether the suggestions learn what is typed (`--no-learn`, `learn`).
    var learn: Bool
    /// The pressed key's label enlarged above it (`--no-key-preview` turns it off).
    var keyPreview: Bool
    /// Swipe typing on layouts with a suggestion bar (`--no-swipe` turns it off).
    var swipe: Bool

    /// The keypad's settings among `values`.
    init(_ values: SettingValues) {
        theme = values.string(.theme).flatMap(Theme.named)
        scale = values.double(.scale)
        sound = SoundOptions(enabled: values.bool(.sound), volume: values.int(.volume),
                             device: values.string(.soundDevice) ?? SoundOptions.defaultDevice)
        language = values.string(.language)
        learn = values.bool(.learn)
        keyPreview = values.bool(.keyPreview)
        swipe = values.bool(.swipe)
    }

    /// The theme to paint `layout` with: the one given, else the layout's preference, else light.
    func theme(for layout: Layout) -> Theme {
        theme ?? layout.defaults.theme.flatMap(Theme.named) ?? Theme.light
    }
}
