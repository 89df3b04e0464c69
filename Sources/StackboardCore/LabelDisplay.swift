/// How a key label is shown when the text it types cannot be shown as it is: an invisible
/// character (a joiner, a direction mark, a special space) shows its short name (ZWJ, RLM,
/// NBSP), and anything else with no visible form its code point (U+E000). The key still types
/// exactly its text; only the painter uses this. A combining mark alone (an Arabic fatha, a
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
            if isInvisible(first) { return codePoints(label) }
        }
        return label
    }

    /// `U+E000` (several code points separated by spaces): the last resort for a label no font shows.
    public static func codePoints(_ text: String) -> String {
        text.unicodeScalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }.joined(separator: " ")
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
