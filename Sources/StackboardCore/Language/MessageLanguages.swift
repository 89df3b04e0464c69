/// Which catalogs the user's environment asks for, best first, as gettext chooses them:
/// `LANGUAGE` (a colon-separated list of preferences), else the first of `LC_ALL`, `LC_MESSAGES`
/// and `LANG` that is set. Each locale name (`de_DE.UTF-8@euro`) gives, in order, the name
/// without its codeset (`de_DE@euro`), without the modifier (`de_DE`), the language with the
/// modifier (`de@euro`) and the language alone (`de`).
///
/// One difference from GNU gettext, on purpose: `LANGUAGE` is followed even where the locale is
/// `C` or `POSIX` (a kiosk often runs with no locale installed but knows its users' language);
/// the locale `C`/`POSIX` alone asks for no catalog.
public enum MessageLanguages {
    /// The catalog names to try for `environment`, best first, without repeats.
    public static func candidates(environment: [String: String]) -> [String] {
        var names: [String] = []
        if let list = environment["LANGUAGE"], !list.isEmpty {
            names = list.split(separator: ":").map(String.init)
        } else if let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) {
            names = [locale]
        }
        var out: [String] = []
        for name in names where name != "C" && name != "POSIX" && !name.hasPrefix("C.") {
            for variant in variants(of: name) where !out.contains(variant) { out.append(variant) }
        }
        return out
    }

    /// `de_DE.UTF-8@euro` → de_DE@euro, de_DE, de@euro, de.
    static func variants(of name: String) -> [String] {
        let modifier = name.split(separator: "@", maxSplits: 1).dropFirst().first.map { "@" + $0 } ?? ""
        let base = name.split(separator: "@", maxSplits: 1).first.map(String.init) ?? name
        let noCodeset = base.split(separator: ".", maxSplits: 1).first.map(String.init) ?? base
        let language = noCodeset.split(separator: "_", maxSplits: 1).first.map(String.init) ?? noCodeset
        guard !language.isEmpty, language.allSatisfy({ $0.isLetter && $0.isASCII }) else { return [] }
        var list: [String] = []
        for v in [noCodeset + modifier, noCodeset, language + modifier, language] where !list.contains(v) { list.append(v) }
        return list
    }
}
