import StackboardCore
/// What a dead key of an XKB layout shows and types on the on-screen keyboard.
///
/// A physical dead key types nothing and changes the next key (´ then e gives é). An on-screen
/// key types at once, and a pending dead key would live in the target application's input
/// method (which may not have one, or whose keymap may lack the dead keysym), so a dead key here
/// types its accent as a character — the spacing form (´ ` ^ ~ ¨ …) where Unicode has one,
/// else the combining mark alone (it then joins the character typed before it) — and shows
/// that character as its label. The letters it composes are its long-press alternates.
public enum DeadKeys {
    /// The accent of each dead keysym: its spacing character, if Unicode has one, and its
    /// combining mark.
    public static let accents: [String: (spacing: String?, combining: String)] = [
        "dead_grave": ("`", "\u{0300}"),
        "dead_acute": ("´", "\u{0301}"),
        "dead_circumflex": ("^", "\u{0302}"),
        "dead_tilde": ("~", "\u{0303}"),
        "dead_macron": ("¯", "\u{0304}"),
        "dead_breve": ("˘", "\u{0306}"),
        "dead_abovedot": ("˙", "\u{0307}"),
        "dead_diaeresis": ("¨", "\u{0308}"),
        "dead_hook": (nil, "\u{0309}"),
        "dead_abovering": ("˚", "\u{030A}"),
        "dead_doubleacute": ("˝", "\u{030B}"),
        "dead_caron": ("ˇ", "\u{030C}"),
        "dead_aboveverticalline": ("ˈ", "\u{030D}"),
        "dead_doublegrave": (nil, "\u{030F}"),
        "dead_invertedbreve": (nil, "\u{0311}"),
        "dead_abovecomma": ("᾿", "\u{0313}"),
        "dead_abovereversedcomma": ("῾", "\u{0314}"),
        "dead_horn": (nil, "\u{031B}"),
        "dead_belowdot": (nil, "\u{0323}"),
        "dead_belowdiaeresis": (nil, "\u{0324}"),
        "dead_belowring": (nil, "\u{0325}"),
        "dead_belowcomma": (nil, "\u{0326}"),
        "dead_cedilla": ("¸", "\u{0327}"),
        "dead_ogonek": ("˛", "\u{0328}"),
        "dead_belowverticalline": ("ˌ", "\u{0329}"),
        "dead_belowcircumflex": (nil, "\u{032D}"),
        "dead_belowbreve": (nil, "\u{032E}"),
        "dead_belowtilde": (nil, "\u{0330}"),
        "dead_belowmacron": ("ˍ", "\u{0331}"),
        "dead_lowline": ("_", "\u{0332}"),
        "dead_stroke": (nil, "\u{0335}"),
        "dead_longsolidusoverlay": (nil, "\u{0338}"),
        "dead_iota": ("ͺ", "\u{0345}"),
        "dead_voiced_sound": ("゛", "\u{3099}"),
        "dead_semivoiced_sound": ("゜", "\u{309A}"),
    ]

    /// What the dead key `name` types (and shows): its spacing accent, else its combining mark,
    /// else what the Compose table makes of it followed by a space (`composedWithSpace`, for
    /// dead keys with no accent such as `dead_greek` → µ, `dead_currency` → ¤), else what it
    /// composes with the first letter of the layout it composes with (`firstComposed`: a dead key
    /// that is an unassigned code point, as xkb:et's vowel keys are: ቁ for its u); nil when none.
    public static func character(of name: String, composedWithSpace: String? = nil, firstComposed: String? = nil) -> String? {
        if let accent = accents[name] { return accent.spacing ?? accent.combining }
        if let composed = composedWithSpace, !composed.isEmpty { return composed }
        if let composed = firstComposed, !composed.isEmpty { return composed }
        return nil
    }
}
