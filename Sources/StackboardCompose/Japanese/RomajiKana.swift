/// Romaji to hiragana as a Japanese keyboard types it, pure: syllables (Hepburn and Kunrei
/// spellings: shi si, tsu tu, ja zya), a doubled consonant for っ (kk → っk), n before a consonant,
/// nn or n' for ん, x or l before a small kana (xa → ぁ), - for ー.
public struct RomajiKana: Equatable, Sendable {
    /// Every spelling and its kana.
    public static let table: [String: String] = ["-": "ー", "a": "あ", "ba": "ば", "be": "べ", "bi": "び", "bo": "ぼ", "bu": "ぶ", "bya": "びゃ", "bye": "びぇ", "byo": "びょ", "byu": "びゅ", "cha": "ちゃ", "che": "ちぇ", "chi": "ち", "cho": "ちょ", "chu": "ちゅ", "cya": "ちゃ", "cye": "ちぇ", "cyo": "ちょ", "cyu": "ちゅ", "da": "だ", "de": "で", "dhi": "でぃ", "di": "ぢ", "do": "ど", "du": "づ", "dwu": "どぅ", "dya": "ぢゃ", "dye": "ぢぇ", "dyo": "ぢょ", "dyu": "ぢゅ", "e": "え", "fa": "ふぁ", "fe": "ふぇ", "fi": "ふぃ", "fo": "ふぉ", "fu": "ふ", "ga": "が", "ge": "げ", "gi": "ぎ", "go": "ご", "gu": "ぐ", "gya": "ぎゃ", "gye": "ぎぇ", "gyo": "ぎょ", "gyu": "ぎゅ", "ha": "は", "he": "へ", "hi": "ひ", "ho": "ほ", "hu": "ふ", "hya": "ひゃ", "hye": "ひぇ", "hyo": "ひょ", "hyu": "ひゅ", "i": "い", "ja": "じゃ", "je": "じぇ", "ji": "じ", "jo": "じょ", "ju": "じゅ", "jya": "じゃ", "jye": "じぇ", "jyo": "じょ", "jyu": "じゅ", "ka": "か", "ke": "け", "ki": "き", "ko": "こ", "ku": "く", "kya": "きゃ", "kye": "きぇ", "kyo": "きょ", "kyu": "きゅ", "la": "ぁ", "le": "ぇ", "li": "ぃ", "lo": "ぉ", "ltu": "っ", "lu": "ぅ", "lwa": "ゎ", "lya": "ゃ", "lyo": "ょ", "lyu": "ゅ", "ma": "ま", "me": "め", "mi": "み", "mo": "も", "mu": "む", "mya": "みゃ", "mye": "みぇ", "myo": "みょ", "myu": "みゅ", "n'": "ん", "na": "な", "ne": "ね", "ni": "に", "nn": "ん", "no": "の", "nu": "ぬ", "nya": "にゃ", "nye": "にぇ", "nyo": "にょ", "nyu": "にゅ", "o": "お", "pa": "ぱ", "pe": "ぺ", "pi": "ぴ", "po": "ぽ", "pu": "ぷ", "pya": "ぴゃ", "pye": "ぴぇ", "pyo": "ぴょ", "pyu": "ぴゅ", "ra": "ら", "re": "れ", "ri": "り", "ro": "ろ", "ru": "る", "rya": "りゃ", "rye": "りぇ", "ryo": "りょ", "ryu": "りゅ", "sa": "さ", "se": "せ", "sha": "しゃ", "she": "しぇ", "shi": "し", "sho": "しょ", "shu": "しゅ", "si": "し", "so": "そ", "su": "す", "sya": "しゃ", "sye": "しぇ", "syo": "しょ", "syu": "しゅ", "ta": "た", "te": "て", "thi": "てぃ", "ti": "ち", "to": "と", "tsa": "つぁ", "tsu": "つ", "tu": "つ", "twu": "とぅ", "tya": "ちゃ", "tye": "ちぇ", "tyo": "ちょ", "tyu": "ちゅ", "u": "う", "va": "ゔぁ", "ve": "ゔぇ", "vi": "ゔぃ", "vo": "ゔぉ", "vu": "ゔ", "wa": "わ", "we": "うぇ", "wi": "うぃ", "wo": "を", "xa": "ぁ", "xe": "ぇ", "xi": "ぃ", "xo": "ぉ", "xtsu": "っ", "xtu": "っ", "xu": "ぅ", "xwa": "ゎ", "xya": "ゃ", "xyo": "ょ", "xyu": "ゅ", "ya": "や", "ye": "いぇ", "yo": "よ", "yu": "ゆ", "za": "ざ", "ze": "ぜ", "zi": "じ", "zo": "ぞ", "zu": "ず", "zya": "じゃ", "zye": "じぇ", "zyo": "じょ", "zyu": "じゅ"]
    /// Every beginning of a spelling (what may still become one).
    static let prefixes: Set<String> = Set(table.keys.flatMap { key in (1...key.count).map { String(key.prefix($0)) } })

    /// The kana so far.
    public private(set) var kana: [Character] = []
    /// Letters that are not a kana yet (`k` of `ka`).
    public private(set) var pending = ""

    /// Nothing typed.
    public init() {}

    /// Whether nothing is typed.
    public var isEmpty: Bool { kana.isEmpty && pending.isEmpty }

    /// The kana and the letters after them, as shown while composing.
    public var text: String { String(kana) + pending }

    /// The kana with a final n read as ん and any other pending letter left out (what converts).
    public var finishedKana: String { String(kana) + (pending == "n" ? "ん" : "") }

    /// Types `letter` (a lowercase letter, ' or -).
    public mutating func type(_ letter: Character) {
        pending.append(letter)
        while !pending.isEmpty {
            if let kana = Self.table[pending] {
                self.kana += Array(kana)
                pending = ""
                return
            }
            let letters = Array(pending)
            if letters.count >= 2, letters[0] == letters[1], letters[0] != "n", Self.isConsonant(letters[0]) {
                kana.append("っ")
                pending.removeFirst()
                continue
            }
            if letters.count >= 2, letters[0] == "n", !"aiueoy'n".contains(letters[1]) {
                kana.append("ん")
                pending.removeFirst()
                continue
            }
            if Self.prefixes.contains(pending) { return }
            kana.append(letters[0])
            pending.removeFirst()
        }
    }

    /// Takes back the last letter, or the last kana when no letter is pending; false when empty.
    public mutating func backspace() -> Bool {
        if !pending.isEmpty {
            pending.removeLast()
            return true
        }
        return kana.popLast() != nil
    }

    /// Drops the first `count` kana of `finishedKana` (converted), keeping the rest: a final n
    /// goes only when its ん was among them.
    public mutating func dropFirst(_ count: Int) {
        let takesFinalN = count > kana.count
        kana.removeFirst(min(count, kana.count))
        if takesFinalN && pending == "n" { pending = "" }
    }

    /// Clears the kana, keeping the letters after them (`n` only when `keepN`: a final n that
    /// was not converted as ん).
    public mutating func clearKana(keepN: Bool) {
        kana = []
        if pending == "n" && !keepN { pending = "" }
    }

    /// Clears everything.
    public mutating func clear() {
        kana = []
        pending = ""
    }

    /// Hiragana in `text` as katakana.
    public static func katakana(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { s in
            (0x3041...0x3096).contains(s.value) ? Unicode.Scalar(s.value + 0x60) ?? s : s
        }))
    }

    private static func isConsonant(_ c: Character) -> Bool { "bcdfghjklmpqrstvwxyz".contains(c) }
}
