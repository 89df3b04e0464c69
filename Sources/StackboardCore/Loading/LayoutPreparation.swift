/// Loads a layout by name or file and makes it ready to show: PIN digits dealt (shuffled unless
/// asked not to), the number row added if asked for, decimal keys labelled with the locale's
/// separator, and the field rules of its entry preset. One place, used by the keyboard, entry mode, StackboardKit, `render` and `keys`,
/// so that they all show the same keys.
public struct LayoutPreparation: Sendable {
    /// Whether shuffled-digit slots get a random deal (false: in order).
    public var shuffle: Bool
    /// The decimal separator to show and type (the locale's, found by the caller).
    public var decimalSeparator: String
    /// Where layouts are looked up.
    public var catalog: LayoutCatalog
    /// How many slots a layout's suggestion bar gets (0: no bar).
    public var suggestionSlots: Int
    /// Whether the keypad edits its own field (entry mode, StackboardKit): keys that do nothing
    /// there are blank (`Layout.forOwnField`).
    public var ownField = false
    /// Whether a language has a word model (nil: not asked, every bar is kept): a layout whose
    /// suggestions' language has none gets no suggestion bar (no empty slots), unless its bar
    /// composes (`SuggestionBar.compose`).
    public var hasWords: (@Sendable (String) -> Bool)?
    /// The language of the suggestions when the user chose one (nil: each layout's, else en).
    public var wordsLanguage: String?
    /// The key names in the user's language (`Layout.translatingLabels`).
    public var translations = Translations.english
    /// Whether a letters layer gets a row of digits on top (`Layout.withNumberRow`).
    public var numberRow = false

    /// A preparation with these choices.
    public init(shuffle: Bool = true, decimalSeparator: String = ".", catalog: LayoutCatalog,
                suggestionSlots: Int = 0) {
        self.shuffle = shuffle
        self.decimalSeparator = decimalSeparator
        self.catalog = catalog
        self.suggestionSlots = suggestionSlots
    }

    /// The layout `nameOrPath`, ready to show.
    public func load(_ nameOrPath: String) throws(LayoutError) -> Layout {
        try loadNotingDeal(nameOrPath).layout
    }

    /// The layout `nameOrPath`, ready to show, and whether its digits were dealt at random (such
    /// a layout looks different every time: a picture of it must not be kept).
    public func loadNotingDeal(_ nameOrPath: String) throws(LayoutError) -> (layout: Layout, dealtAtRandom: Bool) {
        let layout = try catalog.load(nameOrPath)
        return (prepare(layout), shuffle && layout.hasShuffledDigits)
    }

    /// `layout` with its digits dealt (with the system's random source) and its separator set.
    public func prepare(_ layout: Layout) -> Layout {
        var rng = SystemRandomNumberGenerator()
        return prepare(layout, using: &rng)
    }

    /// `layout` with its digits dealt from `rng` and its separator set.
    public func prepare<G: RandomNumberGenerator>(_ layout: Layout, using rng: inout G) -> Layout {
        var dealt = layout
        if layout.hasShuffledDigits {
            dealt = shuffle ? layout.dealingShuffledDigits(using: &rng) : layout.dealingDigitsInOrder()
        }
        // A composing bar (Hangul, pinyin, kana) is its engine's, whatever the word models.
        let composes = layout.suggestionBar?.compose != nil
        let slots = composes ? suggestionSlots : hasWords.map { $0(wordsLanguage ?? layout.language ?? "en") ? suggestionSlots : 0 } ?? suggestionSlots
        let rowed = numberRow ? dealt.withNumberRow() : dealt
        let ready = rowed.withDecimalSeparator(decimalSeparator).withSuggestionSlots(slots).translatingLabels(translations)
        return ownField ? ready.forOwnField() : ready
    }

    /// The field rules of `layout`'s entry preset (no preset: no rules) overridden by the
    /// command line's (`EntryPreset.overridden(by:)`), and whether backspace on an empty field
    /// is reported.
    public func fieldRules(for layout: Layout, overrides: EntryPreset = EntryPreset())
        throws(FieldRuleError) -> (rules: FieldRules, reportBackspaceOnEmpty: Bool) {
        let preset = (layout.entry ?? EntryPreset()).overridden(by: overrides)
        let rules = try FieldRules(maxLength: preset.maxLength, allow: preset.allow, secure: preset.secure,
                                   decimalSeparator: decimalSeparator)
        return (rules, preset.reportBackspaceOnEmpty)
    }
}
