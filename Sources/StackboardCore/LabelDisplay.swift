/// How a key label is shown when the text it types cannot be shown as it is: an invisible
/// character (a joiner, a direction mark, a special space) shows its short name (ZWJ, RLM,
/// NBSP), and anything else with no visible form, or no glyph in any installed font, a word
/// from its Unicode name (`spelledOut`: TAGALOG LETTER RA shows "ra"). Never a code point: a
/// person reads a word, not U+170D. The key still types exactly its text; only the painter
/// uses this. A combining mark alone (an Arabic fatha, a
/// Devanagari vowel sign) is left as it is: HarfBuzz draws it on a dotted circle in the mark's
/// own font (a ◌ added here would come from another font and sit beside the mark).
public enum LabelDisplay {
    /// Short names of the invisible characters layouts put on keys.
    public static let invisibleNames: [UInt32: String] = [
        0x00A0: "NBSP", 0x00AD: "SHY", 0x034F: "CGJ", 0x061C: "ALM", 0x180E: "MVS",
        0x2002: "ENSP", 0x2003: "EMSP", 0x2004: "3/MSP", 0x2005: "4/MSP", 0x2006: "6/MSP",
        0x2007: "FSP", 0x2008: "PSP", 0x2009: "THSP", 0x200A: "HSP", 0x200B: "ZWSP",
        0x200C: "ZWNJ", 0x200D: "ZWJ", 0x200E: "LRM", 0x200F: "RLM",
        0x202A: "LRE", 0x202B: "RLE", 0x202C: "PDF", 0x202D: "LRO", 0x202E: "RLO", 0x202F: "NNBSP",
        0x205F: "MMSP", 0x2060: "WJ", 0x2061: "f()", 0x2062: "×", 0x2063: ",", 0x2064: "+",
        0x2066: "LRI", 0x2067: "RLI", 0x2068: "FSI", 0x2069: "PDI", 0x3000: "IDSP", 0xFEFF: "ZWNBSP",
    ]

    /// The label as the painter shows it (unchanged for ordinary text).
    public static func visible(_ label: String) -> String {
        let scalars = Array(label.unicodeScalars)
        guard let first = scalars.first else { return label }
        if scalars.count == 1 {
            if let name = invisibleNames[first.value] { return name }
            if isInvisible(first) { return spelledOut(label) }
        }
        return label
    }

    /// The label in words, for a label no font shows: each character by the end of its Unicode
    /// name, after the word that says what it is (LETTER, SIGN, ...), in lower case, capitalized
    /// for a capital letter (VITHKUQI CAPITAL LETTER BE: "Be"; VEDIC SIGN DOUBLE ANUSVARA
    /// ANTARGOMUKHA: "double anusvara antargomukha"); a character Unicode gives no name (private
    /// use, a control, unassigned) is "private", "control" or "unassigned". Words are separated by spaces.
    public static func spelledOut(_ text: String) -> String {
        text.unicodeScalars.map(word).joined(separator: " ")
    }

    /// The kinds of character a Unicode name says before the character's own name.
    static let nameKinds: Set<Substring> = ["LETTER", "LIGATURE", "SIGN", "DIGIT", "MARK", "SYLLABLE", "SYMBOL",
                                            "CHARACTER", "VOWEL", "CONSONANT", "NUMBER", "PUNCTUATION", "ACCENT"]

    /// One character in a word (see `spelledOut`).
    static func word(_ scalar: Unicode.Scalar) -> String {
        guard let name = scalar.properties.name ?? scalar.properties.nameAlias else {
            switch scalar.properties.generalCategory {
            case .privateUse: return "private"
            case .control: return "control"
            default: return "unassigned"
            }
        }
        let words = name.split(separator: " ")
        let own = words.lastIndex(where: nameKinds.contains).map { words[($0 + 1)...] } ?? words[...]
        let lower = (own.isEmpty ? words[...] : own).joined(separator: " ").lowercased()
        guard words.contains("CAPITAL"), let first = lower.first else { return lower }
        return first.uppercased() + lower.dropFirst()
    }

    /// Whether `scalar` draws nothing visible on its own: controls, format characters,
    /// separators other than the plain space, unassigned code points, private use, surrogates.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .privateUse, .surrogate: return true
        case .spaceSeparator: return scalar != " "
        default: return false
        }
    }
}
