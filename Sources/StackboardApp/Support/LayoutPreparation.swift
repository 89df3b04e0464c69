import StackboardCore

/// Loads a layout by name or file and makes it ready to show: PIN digits dealt (shuffled unless
/// asked not to), decimal keys labelled with the locale's separator. One place, used by the
/// keyboard, entry, render and keys commands so that they all show the same keys.
struct LayoutPreparation {
    /// Whether shuffled-digit slots get a random deal (false: in order).
    var shuffle: Bool = true
    /// The decimal separator to show and type.
    var decimalSeparator: String = LocaleNumbers.decimalSeparator()
    /// Where layouts are looked up.
    var catalog: LayoutCatalog = .stackboard()

    /// The layout `nameOrPath`, ready to show.
    func load(_ nameOrPath: String) throws(LayoutError) -> Layout {
        prepare(try catalog.load(nameOrPath))
    }

    /// `layout` with its digits dealt and its separator set.
    func prepare(_ layout: Layout) -> Layout {
        var dealt = layout
        if layout.hasShuffledDigits {
            if shuffle {
                var rng = SystemRandomNumberGenerator()
                dealt = layout.dealingShuffledDigits(using: &rng)
            } else {
                dealt = layout.dealingDigitsInOrder()
            }
        }
        return dealt.withDecimalSeparator(decimalSeparator)
    }

    /// The named layer of `layout`, or a usage error that lists the layers.
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
