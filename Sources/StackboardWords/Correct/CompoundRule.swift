/// How a language writes compound words closed up (German `Weltkarte` = `Welt` + `karte`,
/// `Arbeitsplatz` = `Arbeit` + `s` + `platz`): a word model holds the common compounds, but a
/// language makes new ones every day, and a tap decoder that knows only the model's words would
/// take a compound it lacks for a typo. With a rule, the decoder knows two words of the model
/// joined (with a linking letter between, where the language has one) as a word too: the
/// literal taps spelling one are not corrected away, and taps that nearly spell one are
/// corrected into it.
public struct CompoundRule: Equatable, Sendable {
    /// The letters that may link the parts (folded, one letter each).
    public var links: [Character]
    /// The fewest letters of the first part.
    public var minimumHead = 3
    /// The fewest letters of the last part (short words — `den`, `nie`, `ein` — end too many
    /// words by chance: `Myriaden` is not `Maria` + `den`).
    public var minimumTail = 4

    /// A rule with `links`.
    public init(links: [Character]) { self.links = links }

    /// The rule of the language `tag` (a word model's language), nil where compounds are written
    /// apart or with hyphens (English, the Romance and Slavic languages).
    public static func forLanguage(_ tag: String) -> CompoundRule? {
        switch tag.prefix(2) {
        case "de", "nl", "sv", "da", "nb", "nn", "no": return CompoundRule(links: ["s"])
        case "fi", "hu": return CompoundRule(links: [])
        default: return nil
        }
    }
}
