import StackboardCore
/// How typed text is compared with words: lower case, accents removed (`Café` → `cafe`, `ё` → `е`).
///
/// The shipped model carries the table for its letters (made by the generator with Unicode's
/// decompositions, so that the keys in the file and the folded typed text agree); a letter the
/// table lacks is lower-cased by the standard library. Folding is per Unicode scalar.
public struct WordFold: Equatable, Sendable {
    /// Scalar → replacement (nil: the scalar is dropped, as combining accents are).
    private var table: [UInt32: UInt32?]

    /// A fold with the given table (from the model file).
    public init(table: [UInt32: UInt32?]) { self.table = table }

    /// The fold of a model with no table: lower case and the combining accents U+0300–U+036F dropped.
    public static let basic = WordFold(table: Dictionary(uniqueKeysWithValues: (0x300..<0x370).map { (UInt32($0), UInt32?.none) }))

    /// The key of `text`: what prefixes are matched on.
    public func key(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let mapped = table[scalar.value] {
                if let to = mapped, let s = Unicode.Scalar(to) { out.append(s) }
            } else if scalar.properties.changesWhenLowercased {
                out.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
