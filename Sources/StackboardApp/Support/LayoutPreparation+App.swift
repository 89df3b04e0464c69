import StackboardCore
import StackboardWords

extension LayoutPreparation {
    /// The preparation every command uses: the process's layout catalog (with the `xkb:`
    /// layouts, see `LayoutCatalog.stackboard`) and the decimal separator of the user's
    /// LC_NUMERIC locale; digits shuffled when `shuffle`; a layout's suggestion bar with
    /// `suggestions` slots (0: none) where the suggestions' language (`wordsLanguage`, else the
    /// layout's) has a word model; with `ownField`, for a keypad that edits its own field; with
    /// `numberRow`, digits on top of the letters.
    static func forLocale(shuffle: Bool = true, suggestions: Int, ownField: Bool = false, wordsLanguage: String? = nil,
                          numberRow: Bool = false) -> LayoutPreparation {
        var preparation = LayoutPreparation(shuffle: shuffle, decimalSeparator: LocaleNumbers.decimalSeparator(),
                                            catalog: .stackboard(), suggestionSlots: suggestions)
        preparation.ownField = ownField
        preparation.wordsLanguage = wordsLanguage
        preparation.numberRow = numberRow
        preparation.hasWords = { WordModels.forCurrentProcess().locate($0) != nil }
        preparation.translations = Localization.current
        return preparation
    }

    /// The named layer of `layout` (nil: its first), or a usage error that lists the layers.
    static func layer(_ name: String?, of layout: Layout) throws(UsageError) -> Layer {
        guard let name else {
            guard let first = layout.layers.first else { throw UsageError("layout '\(layout.name)' has no layers") }
            return first
        }
        if let layer = layout.layer(named: name) { return layer }
        let names = layout.layers.map(\.name)
        let guess = Arguments.closest(to: name, in: Set(names)).map { " Did you mean '\($0)'?" } ?? ""
        throw UsageError("layout '\(layout.name)' has no layer '\(name)'.\(guess) Its layers: \(names.joined(separator: ", ")).")
    }
}
