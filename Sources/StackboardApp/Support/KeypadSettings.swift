import StackboardCore
import StackboardRender
import StackboardSound
import StackboardSystem

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
    /// A key's first long-press alternate small in its corner (`--no-hints` turns it off).
    var hints: Bool
    /// A long press on space makes it a trackpad (`--no-trackpad` turns it off).
    var trackpad: Bool

    /// The keypad's settings among `values`. A theme the command line names must load; one
    /// that only the configuration file `file` names adds to `problems` when it does not (and
    /// the default is used).
    init(_ values: SettingValues, file: String, problems: inout [ConfigProblem]) throws(UsageError) {
        theme = try Self.givenTheme(values, file: file, problems: &problems, themes: ThemeCatalog.forCurrentProcess)
        scale = values.double(.scale)
        sound = SoundOptions(enabled: values.bool(.sound), volume: values.int(.volume),
                             device: values.string(.soundDevice) ?? SoundOptions.defaultDevice)
        language = values.string(.language)
        learn = values.bool(.learn)
        keyPreview = values.bool(.keyPreview)
        swipe = values.bool(.swipe)
        hints = values.bool(.hints)
        trackpad = values.bool(.trackpad)
    }

    /// The theme to paint `layout` with: the one given, else the layout's preference (a line on
    /// stderr when it cannot be loaded), else light; named themes are looked for in `themes`.
    func theme(for layout: Layout, in themes: ThemeCatalog) -> Theme { Self.theme(for: layout, given: theme, themes: themes) }

    /// The theme the command line names (it must load), else the one the configuration file
    /// `file` names (a problem when it does not load), else nil. `themes` is made only when a
    /// theme is named.
    static func givenTheme(_ values: SettingValues, file: String, problems: inout [ConfigProblem],
                           themes: () -> ThemeCatalog) throws(UsageError) -> Theme? {
        if let name = values.commandLine[.theme]?.string {
            do { return try themes().load(name) } catch { throw UsageError("--theme \(name): \(error.description)") }
        }
        guard let name = values.config[.theme]?.string else { return nil }
        do { return try themes().load(name) } catch {
            problems.append(ConfigProblem(file: file, key: "theme", message: error.description))
            return nil
        }
    }

    /// `given`, else `layout`'s preference, else light.
    static func theme(for layout: Layout, given: Theme?, themes: ThemeCatalog) -> Theme {
        if let given { return given }
        if let name = layout.defaults.theme {
            do { return try themes.load(name) } catch {
                printError("stackboard: layout \(JSONValue.quote(layout.name)) asks for theme \(JSONValue.quote(name)): \(error.description); using light")
            }
        }
        return (try? themes.load("light")) ?? Theme.light
    }
}
