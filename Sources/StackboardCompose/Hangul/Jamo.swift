/// The letters of Hangul as a 2-set (Dubeolsik) keyboard types them: Unicode's compatibility
/// jamo (U+3131 to U+3163), and the positions they take in a syllable (U+AC00 + (initial × 21 +
/// medial) × 28 + final).
public enum Jamo {
    /// The 19 initial consonants, in syllable order.
    public static let initials: [Character] = Array("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ")
    /// The 21 vowels, in syllable order.
    public static let medials: [Character] = Array("ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ")
    /// The 27 final consonants, in syllable order (final 0 is none).
    public static let finals: [Character] = Array("ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ")

    /// Two vowels tapped one after the other that make one (ㅗ ㅏ → ㅘ).
    public static let compoundMedials: [String: Character] = [
        "ㅗㅏ": "ㅘ", "ㅗㅐ": "ㅙ", "ㅗㅣ": "ㅚ", "ㅜㅓ": "ㅝ", "ㅜㅔ": "ㅞ", "ㅜㅣ": "ㅟ", "ㅡㅣ": "ㅢ",
    ]
    /// Two final consonants tapped one after the other that make one (ㄹ ㄱ → ㄺ).
    public static let compoundFinals: [String: Character] = [
        "ㄱㅅ": "ㄳ", "ㄴㅈ": "ㄵ", "ㄴㅎ": "ㄶ", "ㄹㄱ": "ㄺ", "ㄹㅁ": "ㄻ", "ㄹㅂ": "ㄼ", "ㄹㅅ": "ㄽ",
        "ㄹㅌ": "ㄾ", "ㄹㅍ": "ㄿ", "ㄹㅎ": "ㅀ", "ㅂㅅ": "ㅄ",
    ]

    /// The jamo a 2-set keyboard types with shift.
    public static let shifted: Set<Character> = ["ㅃ", "ㅉ", "ㄸ", "ㄲ", "ㅆ", "ㅒ", "ㅖ"]

    /// The first syllable, 가.
    static let syllableBase: UInt32 = 0xAC00
    /// How many syllables there are (가 to 힣).
    static let syllableCount: UInt32 = 11_172

    /// Whether `c` is a consonant a 2-set keyboard types.
    public static func isConsonant(_ c: Character) -> Bool { initials.contains(c) || finals.contains(c) }
    /// Whether `c` is a vowel a 2-set keyboard types.
    public static func isVowel(_ c: Character) -> Bool { medials.contains(c) }
    /// Whether `c` is a letter a 2-set keyboard types (a consonant or a vowel).
    public static func isJamo(_ c: Character) -> Bool { isConsonant(c) || isVowel(c) }

    /// The syllable of `initial`, `medial` and `final` (nil final: none), nil when one of them
    /// cannot take that place.
    public static func syllable(initial: Character, medial: Character, final: Character?) -> Character? {
        guard let i = initials.firstIndex(of: initial), let m = medials.firstIndex(of: medial) else { return nil }
        var f = 0
        if let final {
            guard let index = finals.firstIndex(of: final) else { return nil }
            f = index + 1
        }
        let value = syllableBase + UInt32((i * 21 + m) * 28 + f)
        return Unicode.Scalar(value).map(Character.init)
    }

    /// The parts of a precomposed syllable (nil: `c` is not one).
    public static func parts(of c: Character) -> (initial: Character, medial: Character, final: Character?)? {
        guard c.unicodeScalars.count == 1, let scalar = c.unicodeScalars.first,
              scalar.value >= syllableBase, scalar.value < syllableBase + syllableCount else { return nil }
        let index = Int(scalar.value - syllableBase)
        let f = index % 28
        return (initials[index / (21 * 28)], medials[(index / 28) % 21], f == 0 ? nil : finals[f - 1])
    }

    /// The keys a 2-set keyboard taps for `c` (a syllable or a jamo), in order: compound vowels
    /// and finals as their two letters (값 → ㄱ ㅏ ㅂ ㅅ); nil for any other character.
    public static func taps(for c: Character) -> [Character]? {
        if let (initial, medial, final) = parts(of: c) {
            return [initial] + split(medial, compoundMedials) + (final.map { split($0, compoundFinals) } ?? [])
        }
        if isVowel(c) { return split(c, compoundMedials) }
        if isConsonant(c) { return split(c, compoundFinals) }
        return nil
    }

    private static func split(_ c: Character, _ table: [String: Character]) -> [Character] {
        table.first { $0.value == c }.map { Array($0.key) } ?? [c]
    }
}
